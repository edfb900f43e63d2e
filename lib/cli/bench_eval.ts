/**
 * `deno task bench-eval [--engine ID|PATH] [--native ID|PATH] [--nodes N] [--positions K]`:
 * stage-1 benchmarks. Prints figures; asserts nothing about time.
 *
 * @module
 */

import { resolveEngine } from "../engine/registry.ts";
import { evalThroughput, singleEngineSpeed } from "../stages/bench_eval.ts";
import { type CliSpec, parseCli, positiveInt, runCli } from "./common.ts";

const k = (n: number) => `${Math.round(n / 1000).toLocaleString("en-US")}k`;

const USAGE: CliSpec = {
  usage:
    "deno task bench-eval [--engine ID|PATH] [--native ID|PATH] [--nodes N] [--positions K]\n  stage-1 benchmarks: engine speed, eval-all scaling, overhead per position",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      engine: { type: "string" },
      native: { type: "string" },
      nodes: { type: "string" },
      positions: { type: "string" },
    }, USAGE);
    const nodes = positiveInt("nodes", values.nodes) ?? 500_000;
    // Enough positions that the last, lone searches of a W=2 run weigh little.
    const count = positiveInt("positions", values.positions) ?? 24;
    const engine = resolveEngine(values.engine);
    console.log(
      `bench-eval: ${engine.entry.id}, ${nodes.toLocaleString("en-US")} nodes per search`,
    );
    const single = await singleEngineSpeed(engine, 518, nodes, 3);
    console.log(
      `single engine, SP 518: ${single.nps.map(k).join(", ")} nodes/s; median ${
        k(single.medianNps)
      } (depth ${single.depth}, ${single.evalCp} cp)`,
    );
    const positions = Array.from({ length: count }, (_, i) => Math.floor((i * 960) / count));
    // The W=1 run gives the engine's speed on these positions; both runs are compared with it.
    const w1 = await evalThroughput(engine, positions, nodes, 1, 1);
    const base = w1.searchNps;
    console.log(`engine speed inside the searches on these ${positions.length} positions: ${k(base)} nodes/s`);
    for (const t of [w1, await evalThroughput(engine, positions, nodes, 2, 1)]) {
      console.log(
        `eval-all W=${t.workers}: ${k(t.nps)} nodes/s = ${
          (100 * t.nps / (t.workers * base)).toFixed(1)
        }% of ${t.workers} x engine speed; ` +
          `time outside searches ${
            t.overheadMsPerPosition.toFixed(0)
          } ms/position (ucinewgame/isready, position, parsing, append) = ` +
          `${(t.overheadShare * 100).toFixed(2)}% of search time; wall ${t.wallS.toFixed(1)} s`,
      );
    }
    if (values.native) {
      const native = await singleEngineSpeed(
        resolveEngine(values.native),
        518,
        nodes,
        3,
      );
      console.log(
        `native ${native.engine}, SP 518: median ${
          k(native.medianNps)
        } nodes/s (depth ${native.depth}, ${native.evalCp} cp); native/${engine.entry.id} = ${
          (native.medianNps / single.medianNps).toFixed(2)
        }x`,
      );
    }
  });
}
