/**
 * Benchmarks of stage 1 (figures for notes; never timed assertions): single-engine speed, eval-all scaling with
 * workers, and the overhead per position outside the engine's search.
 *
 * @module
 */

import { median } from "simple-statistics";
import { join } from "node:path";
import { startPosition } from "../method/mod.ts";
import { type ResolvedEngine } from "../engine/mod.ts";
import { evalAll } from "./eval_all.ts";
import { getProfile, readEvalDataset } from "../store/mod.ts";
import { EvaluationSession } from "./evaluation_session.ts";

/** Speed of one engine (registry id) on one position at a node budget. */
export interface SingleSpeed {
  engine: string;
  sp: number;
  nodes: number;
  /** Nodes per second of each repetition (nodes / go→bestmove wall time). */
  nps: number[];
  medianNps: number;
  /** Depth and value in cp (White) of the result, identical in every repetition. */
  depth: number;
  evalCp: number | null;
}

/** Searches `sp` `repeats` times (fresh `ucinewgame` each) and reports nodes/s. */
export async function singleEngineSpeed(
  engine: ResolvedEngine,
  sp: number,
  nodes: number,
  repeats = 3,
): Promise<SingleSpeed> {
  const session = new EvaluationSession(engine, { limit: { nodes }, options: engine.entry.options });
  try {
    const nps: number[] = [];
    let last;
    for (let i = 0; i < repeats; i++) {
      last = await session.evaluate(startPosition(sp));
      nps.push((last.nodes ?? 0) / (last.wall_ms / 1000));
    }
    const { depth, eval_cp: evalCp } = last!;
    return { engine: engine.entry.id, sp, nodes, nps, medianNps: median(nps), depth, evalCp };
  } finally {
    await session.close();
  }
}

/**
 * Throughput of eval-all with W workers: the wall time of the whole run in seconds (engine start-up included), nodes
 * per second over the run, its efficiency nps / (W x single-engine nps), the engine's speed inside its searches
 * (Σ nodes / Σ go → bestmove time), and the time outside the searches per position, as a share of search time and in
 * ms.
 */
export interface Throughput {
  workers: number;
  positions: number;
  wallS: number;
  nps: number;
  efficiency: number;
  searchNps: number;
  overheadShare: number;
  overheadMsPerPosition: number;
}

/**
 * Runs eval-all on `positions` with W workers into a temporary file and measures throughput; `singleNps` is one
 * engine's speed on the same positions (the W=1 run's search speed), so the efficiency compares like with like.
 * Overhead = (W x wall − Σ search wall) / Σ search wall, counted from the first to the last position (engine start-up
 * excluded).
 */
export async function evalThroughput(
  engine: ResolvedEngine,
  positions: number[],
  nodes: number,
  workers: number,
  singleNps: number,
): Promise<Throughput> {
  const dir = await Deno.makeTempDir({ prefix: "mbi-bench-" });
  const out = join(dir, `w${workers}.jsonl`);
  const profile = getProfile("full", { evalNodes: nodes });
  let firstAt = 0;
  let lastAt = 0;
  const onProgress = (p: { done: number }) => {
    if (p.done === 0) firstAt = performance.now();
    lastAt = performance.now();
  };
  const s = await evalAll({ profile, engine, workers, positions, out, onProgress });
  const d = (await readEvalDataset(out))!;
  const searchMs = d.records.reduce((a, r) => a + r.wall_ms, 0);
  const activeMs = lastAt - firstAt;
  const nps = s.nodes / (activeMs / 1000);
  await Deno.remove(dir, { recursive: true });
  return {
    workers,
    positions: positions.length,
    wallS: s.wallS,
    nps,
    efficiency: nps / (workers * singleNps),
    searchNps: s.nodes / (searchMs / 1000),
    overheadShare: (workers * activeMs - searchMs) / searchMs,
    overheadMsPerPosition: (workers * activeMs - searchMs) / positions.length,
  };
}
