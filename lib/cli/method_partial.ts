/**
 * `deno task method-partial`: the method's values as far as its run has gone (results/full/partial.json). Never an MBI.
 *
 * @module
 */

import { displayPath } from "../store/mod.ts";
import {
  indexWords,
  landingText,
  methodPartialPath,
  partialAgreementText,
  partialCountText,
  partialDistributionText,
  writeMethodPartial,
} from "../report/mod.ts";
import { command, runCommand } from "./command.ts";

/** The declaration of `deno task method-partial`. */
export const COMMAND = command({
  name: "method-partial",
  description:
    "the method's 400,000,000-node values as far as the run has gone: estimates, agreement, the extremes (partial.json)",
  options: {},
});

await runCommand(import.meta, COMMAND, async () => {
  const p = await writeMethodPartial();
  const parts = p.done.parts.map((x) => `part ${x.part}: ${x.done} of ${x.positions}`).join(", ");
  console.log(
    `${partialCountText(p)} (${p.done.joined} self-play positions and the first ${p.done.prefix} of the run's order; ` +
      `${parts})`,
  );
  console.log(partialDistributionText(p));
  console.log(partialAgreementText(p));
  for (const [title, rows] of [["most", p.extremes.balanced], ["least", p.extremes.unbalanced]] as const) {
    const done = rows.filter((r) => r.method);
    const which = done.map((r) => `SP ${r.sp} (MBI ${r.mbi}) ${landingText(r)}`).join("; ");
    console.log(
      `The ${indexWords(p.agreement.budget)}'s ${rows.length} ${title} balanced: ${done.length} done` +
        (done.length ? `: ${which}` : ""),
    );
  }
  console.log(`No MBI at this budget until all ${p.done.of} are done. Written: ${displayPath(methodPartialPath())}`);
});
