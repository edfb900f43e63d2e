/**
 * `deno task evaluate`: evaluates one start position with the MBI options and prints the record.
 *
 * @module
 */

import { engineIdentity, resolveEngine } from "../engine/mod.ts";
import { fingerprintValue } from "../method/mod.ts";
import { EvaluationSession } from "../evaluation/mod.ts";
import { command, flag, runCommand, UsageError } from "./command.ts";
import { DEPTH, ENGINE, JSON_OUTPUT, NODES, POSITION } from "./options.ts";

const DEFAULT_NODES = 5_000_000;

/** The declaration of `deno task evaluate`. */
export const COMMAND = command({
  name: "evaluate",
  description: "evaluates one position with the MBI engine options and prints the record",
  options: {
    sp: POSITION,
    nodes: { ...NODES, defaultText: String(DEFAULT_NODES) },
    depth: DEPTH,
    engine: ENGINE,
    json: { ...JSON_OUTPUT, help: "print the record, the engine's identity and its options as one JSON object" },
    "no-fingerprint": flag("do not measure the engine's bench fingerprint (its identity then says not measured)"),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { nodes, depth } = values;
  if (nodes !== undefined && depth !== undefined) throw new UsageError("give --nodes or --depth, not both");
  const resolved = resolveEngine(values.engine);
  const limit = depth !== undefined ? { depth } : { nodes: nodes ?? DEFAULT_NODES };
  const session = new EvaluationSession(resolved, {
    limit,
    options: resolved.entry.options,
    onEvent: (line) => console.error(line), // engine restarts and slow searches, as in every command
  });
  try {
    const engine = await session.start();
    const r = await session.evaluate(values.sp);
    const identity = await engineIdentity(resolved, engine, { fingerprint: !values["no-fingerprint"] });
    const options = Object.fromEntries(engine.optionsSet);
    if (values.json) {
      console.log(JSON.stringify({ ...r, engine: identity, options }));
      return;
    }
    const score = r.mate !== null ? `mate ${r.mate}` : `${r.eval_cp} cp`;
    console.log(`SP ${r.sp} ${r.setup}  ${score} (White)  depth ${r.depth}/${r.seldepth ?? "-"}`);
    console.log(`pv ${r.pv.join(" ")}`);
    console.log(`nodes ${r.nodes}  ${(r.wall_ms / 1000).toFixed(2)} s  bestmove ${r.bestmove}`);
    console.log(`engine ${identity.id}: ${identity.uci_name}, fingerprint ${fingerprintValue(identity.fingerprint)}`);
    console.log(`options ${JSON.stringify(options)}`);
    console.log("raw:");
    for (const l of r.raw) console.log(`  ${l}`);
  } finally {
    await session.close();
  }
});
