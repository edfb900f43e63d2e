/**
 * `deno task bench-selfplay`: self-play benchmarks (figures for notes; no assertions), at the method's 300,000
 * nodes/move and at the quick budget.
 *
 * @module
 */

import { join } from "node:path";
import { buildMbiTable, getProfile, readPositionValues, writeMbiTable } from "../store/mod.ts";
import { PROFILES } from "../method/mod.ts";
import { resolveEngine } from "../engine/mod.ts";
import { runSelfplay } from "../selfplay/mod.ts";
import { int } from "../core/mod.ts";
import { command, runCommand, text, whole } from "./command.ts";
import { ENGINE } from "./options.ts";

/** The declaration of `deno task bench-selfplay`. */
export const COMMAND = command({
  name: "bench-selfplay",
  description: "self-play benchmarks: share of time in searches, games per hour per worker, scaling to 2 workers",
  details: ["figures for notes; no assertions"],
  options: {
    engine: ENGINE,
    // The method's 300,000 nodes/move is slow on WASM; --method-engine sf17.1-native measures it natively.
    "method-engine": text("ID|PATH", "the engine of the run at the method's 300,000 nodes/move", {
      defaultText: "--engine",
    }),
    games: whole("G", "games per run at the quick budget (the method-budget run plays G/6)", { default: 12 }),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const engine = resolveEngine(values.engine);
  const methodEngine = values["method-engine"] ? resolveEngine(values["method-engine"]) : engine;
  const games = values.games;
  const dir = await Deno.makeTempDir({ prefix: "mbi-bench-selfplay-" });
  // A small synthetic table: the runner's speed does not depend on the values.
  const csv = join(dir, "values.csv");
  await Deno.writeTextFile(csv, "sp,eval_cp\n518,30\n0,20\n959,25\n100,10\n");
  await writeMbiTable(dir, await buildMbiTable(csv, await readPositionValues(csv), "bench"));
  const table = join(dir, "mbi.json");
  const run = async (label: string, nodes: number, workers: number, positions: number, n: number, e = engine) => {
    const profile = getProfile("quick", { nodesPerMove: nodes, games: n, selfplayPositions: positions });
    // Timed from the first progress call (engines started) to the last game: start-up is not throughput.
    let t0 = 0, t1 = 0;
    const onProgress = (p: { done: number }) => {
      if (p.done === 0) t0 = performance.now();
      t1 = performance.now();
    };
    const outDir = join(dir, `${label}-w${workers}`);
    const r = await runSelfplay({ profile, engine: e, workers, table, outDir, onProgress });
    const wallH = (t1 - t0) / 3_600_000;
    const plies = r.results.positions.reduce((a, p) => a + p.avg_plies * p.games, 0) / r.played;
    console.log(
      `${label} (${e.entry.id}), ${int(nodes)} nodes/move, W=${workers}: ${r.played} games in ` +
        `${(wallH * 60).toFixed(1)} min; ${(r.played / wallH / workers).toFixed(0)} games/hour/worker; ` +
        `${(100 * r.searchShare).toFixed(1)}% of slot time in searches; avg ${plies.toFixed(0)} plies`,
    );
    return r.played / wallH;
  };
  await run("method budget", 300_000, 1, 1, Math.max(1, Math.floor(games / 6)), methodEngine);
  const quick = PROFILES.quick.selfplay.nodesPerMove;
  const one = await run("quick budget", quick, 1, 2, games);
  const two = await run("quick budget", quick, 2, 2, games);
  console.log(`scaling 1 -> 2 workers at the quick budget: ${(two / one).toFixed(2)}x games/hour`);
  await Deno.remove(dir, { recursive: true });
});
