/**
 * `deno task bench-eval`: stage-1 benchmarks. Prints figures; asserts nothing about time.
 *
 * @module
 */

import { resolveEngine } from "../engine/mod.ts";
import { evalThroughput, singleEngineSpeed } from "../evaluation/mod.ts";
import { int } from "../core/mod.ts";
import { command, runCommand, text, whole } from "./command.ts";
import { ENGINE, NODES } from "./options.ts";

const k = (n: number) => `${int(Math.round(n / 1000))}k`;

/** The declaration of `deno task bench-eval`. */
export const COMMAND = command({
  name: "bench-eval",
  description: "stage-1 benchmarks: engine speed, eval-all scaling with 1 and 2 workers, overhead per position",
  details: ["prints figures; asserts nothing about time"],
  options: {
    engine: ENGINE,
    native: text("ID|PATH", "also measure this engine on SP 518 and give its speed against --engine's"),
    nodes: { ...NODES, help: "the node budget per search", default: 500_000, defaultText: undefined },
    // Enough positions that the last, lone searches of a W=2 run weigh little.
    positions: whole("K", "the positions of the eval-all runs, spread over the 960", { default: 24 }),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { nodes, positions: count } = values;
  const engine = resolveEngine(values.engine);
  console.log(`bench-eval: ${engine.entry.id}, ${int(nodes)} nodes per search`);
  const single = await singleEngineSpeed(engine, 518, nodes, 3);
  const median = `median ${k(single.medianNps)} (depth ${single.depth}, ${single.evalCp} cp)`;
  console.log(`single engine, SP 518: ${single.nps.map(k).join(", ")} nodes/s; ${median}`);
  const positions = Array.from({ length: count }, (_, i) => Math.floor((i * 960) / count));
  // The W=1 run gives the engine's speed on these positions; both runs are compared with it.
  const w1 = await evalThroughput(engine, positions, nodes, 1, 1);
  const base = w1.searchNps;
  console.log(`engine speed inside the searches on these ${positions.length} positions: ${k(base)} nodes/s`);
  for (const t of [w1, await evalThroughput(engine, positions, nodes, 2, 1)]) {
    const share = (100 * t.nps / (t.workers * base)).toFixed(1);
    const overhead = t.overheadMsPerPosition.toFixed(0);
    console.log(
      `eval-all W=${t.workers}: ${k(t.nps)} nodes/s = ${share}% of ${t.workers} x engine speed; ` +
        `time outside searches ${overhead} ms/position (ucinewgame/isready, position, parsing, append) = ` +
        `${(t.overheadShare * 100).toFixed(2)}% of search time; wall ${t.wallS.toFixed(1)} s`,
    );
  }
  if (values.native) {
    const native = await singleEngineSpeed(resolveEngine(values.native), 518, nodes, 3);
    const ratio = (native.medianNps / single.medianNps).toFixed(2);
    console.log(
      `native ${native.engine}, SP 518: median ${k(native.medianNps)} nodes/s (depth ${native.depth}, ` +
        `${native.evalCp} cp); native/${engine.entry.id} = ${ratio}x`,
    );
  }
});
