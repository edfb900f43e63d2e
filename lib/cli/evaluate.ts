/**
 * `deno task evaluate --sp 518 [--nodes 5000000 | --depth D] [--engine ID|PATH] [--json]`:
 * evaluates one start position with the MBI options and prints the record.
 *
 * @module
 */

import { engineIdentity, resolveEngine } from "../engine/mod.ts";
import { fingerprintValue } from "../method/mod.ts";
import { EvaluationSession } from "../evaluation/mod.ts";
import { command, flag, runCommand } from "./command.ts";
import { DEPTH, ENGINE, JSON_OUTPUT, NODES, POSITION } from "./options.ts";
import { UsageError } from "./common.ts";

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

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const position = values.sp;
    const { nodes, depth } = values;
    if (nodes !== undefined && depth !== undefined) {
      throw new UsageError("give --nodes or --depth, not both");
    }
    const resolved = resolveEngine(values.engine);
    const limit = depth !== undefined ? { depth } : { nodes: nodes ?? DEFAULT_NODES };
    const session = new EvaluationSession(resolved, {
      limit,
      options: resolved.entry.options,
      onEvent: (line) => console.error(line), // engine restarts and slow searches, as in every command
    });
    try {
      const engine = await session.start();
      const record = await session.evaluate(position);
      const identity = await engineIdentity(resolved, engine, {
        fingerprint: !values["no-fingerprint"],
      });
      const options = Object.fromEntries(engine.optionsSet);
      if (values.json) {
        console.log(JSON.stringify({ ...record, engine: identity, options }));
      } else {
        const score = record.mate !== null ? `mate ${record.mate}` : `${record.eval_cp} cp`;
        console.log(
          `SP ${record.sp} ${record.setup}  ${score} (White)  depth ${record.depth}/${record.seldepth ?? "-"}`,
        );
        console.log(`pv ${record.pv.join(" ")}`);
        console.log(
          `nodes ${record.nodes}  ${(record.wall_ms / 1000).toFixed(2)} s  bestmove ${record.bestmove}`,
        );
        console.log(
          `engine ${identity.id}: ${identity.uci_name}, fingerprint ${fingerprintValue(identity.fingerprint)}`,
        );
        console.log(`options ${JSON.stringify(options)}`);
        console.log("raw:");
        for (const l of record.raw) console.log(`  ${l}`);
      }
    } finally {
      await session.close();
    }
  });
}
