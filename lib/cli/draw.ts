/**
 * `deno task draw`: draws one start position among those of an index that meet a balance condition, by a rule anyone
 * can re-check by hand (method/draw.ts); with an event's log, never a position drawn in an earlier round.
 *
 * @module
 */

import { drawDataset, drawPosition } from "../analysis/mod.ts";
import { drawRule, fingerprintValue } from "../method/mod.ts";
import { command, runCommand, text, userPath } from "./command.ts";
import { selection, SELECTION_OPTIONS } from "./options.ts";

/** The declaration of `deno task draw`. */
export const COMMAND = command({
  name: "draw",
  description: "draws one start position among the balanced ones of an index, re-checkable by hand, logged per event",
  details: [
    "the same seed, condition, exclusions and log always give the same position; a seed already in the log gives that round's draw again",
  ],
  options: {
    seed: text("TEXT", "the public seed, e.g. the event, the round and a value announced in advance", {
      required: true,
    }),
    ...SELECTION_OPTIONS,
    log: text(
      "FILE",
      "the event's draw log: positions drawn in its earlier rounds are left out, this draw is appended",
    ),
  },
});

/** A start position's board as text, rank 8 first (White in capitals). */
function boardText(setup: string): string[] {
  const rank = (s: string) => [...s].join(" ");
  return [
    `8  ${rank(setup.toLowerCase())}`,
    `7  ${rank("pppppppp")}`,
    ...[6, 5, 4, 3].map((r) => `${r}  ${rank("........")}`),
    `2  ${rank("PPPPPPPP")}`,
    `1  ${rank(setup)}`,
    `   a b c d e f g h`,
  ];
}

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { condition, exclude } = selection(values);
  const dataset = await drawDataset(values.profile);
  const log = values.log === undefined ? undefined : userPath(values.log);
  const d = await drawPosition({ seed: values.seed, condition, exclude, dataset, log });
  const r = d.record;
  const left = [
    ...(r.excluded.length ? [`excluded SP ${r.excluded.join(", ")}`] : []),
    ...(d.drawnBefore.length ? [`drawn in earlier rounds SP ${d.drawnBefore.join(", ")}`] : []),
  ];
  const round = log
    ? `; round ${r.round} of ${values.log}${d.repeated ? ", drawn before with this seed: nothing appended" : ""}`
    : "";
  const lines = [
    `SP ${r.sp} ${r.setup}`,
    `FEN ${r.fen}`,
    ...boardText(r.setup),
    `drawn: position ${r.index} (from 0) of ${r.eligible} eligible with ${r.condition}` +
    (left.length ? ` (${left.join("; ")})` : "") + round,
    `index: ${r.dataset}: ${r.engine}, fingerprint ${fingerprintValue(r.fingerprint)}, ${r.budget}`,
    `seed: ${JSON.stringify(r.seed)} (SHA-256 ${r.sha256})`,
    `re-check by hand: ${drawRule(r.eligible)}`,
  ];
  console.log(lines.join("\n"));
});
