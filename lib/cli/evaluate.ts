/**
 * `deno task evaluate --sp 518 --nodes 5000000 [--engine ID|PATH] [--json]`:
 * evaluates one start position with the MBI options and prints the record.
 *
 * @module
 */

import { resolveEngine } from "../engine/registry.ts";
import { EvaluationSession } from "../stages/evaluation_session.ts";
import { engineIdentity } from "../engine/identity.ts";
import { type CliSpec, parseCli, positionArg, positiveInt, runCli, UsageError } from "./common.ts";

const USAGE: CliSpec = {
  usage:
    "deno task evaluate --sp SP | --fen FEN [--nodes N | --depth D] [--engine ID|PATH] [--json]\n  evaluates one position and prints the record",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values, positionals } = parseCli({
      sp: { type: "string" },
      nodes: { type: "string" },
      depth: { type: "string" },
      engine: { type: "string" },
      json: { type: "boolean" },
      "no-fingerprint": { type: "boolean" },
    }, USAGE);
    const input = values.sp ?? positionals.join(" ");
    if (!input) {
      throw new UsageError(
        "missing --sp (an SP number 0..959, a back rank or a FEN)",
      );
    }
    const position = positionArg(input);
    const nodes = positiveInt("nodes", values.nodes);
    const depth = positiveInt("depth", values.depth);
    if (nodes !== undefined && depth !== undefined) {
      throw new UsageError("give --nodes or --depth, not both");
    }
    const resolved = resolveEngine(values.engine);
    const limit = depth !== undefined ? { depth } : { nodes: nodes ?? 5_000_000 };
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
          `engine ${identity.id}: ${identity.uci_name}, fingerprint ${identity.fingerprint ?? "not measured"}`,
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
