/**
 * Benchmarks of stage 1 (figures for notes; never timed assertions):
 * single-engine speed, eval-all scaling with workers, and the overhead per
 * position outside the engine's search.
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

/** Speed of one engine on one position. */
export interface SingleSpeed {
  /** Engine id. */
  engine: string;
  /** SP searched. */
  sp: number;
  /** Node budget. */
  nodes: number;
  /** Nodes per second of each repetition (nodes / go→bestmove wall time). */
  nps: number[];
  /** Median of `nps`. */
  medianNps: number;
  /** Depth and value of the result (identical in every repetition). */
  depth: number;
  /** Value in cp (White). */
  evalCp: number | null;
}

/** Searches `sp` `repeats` times (fresh `ucinewgame` each) and reports nodes/s. */
export async function singleEngineSpeed(
  engine: ResolvedEngine,
  sp: number,
  nodes: number,
  repeats = 3,
): Promise<SingleSpeed> {
  const session = new EvaluationSession(engine, {
    limit: { nodes },
    options: engine.entry.options,
  });
  try {
    const nps: number[] = [];
    let last;
    for (let i = 0; i < repeats; i++) {
      last = await session.evaluate(startPosition(sp));
      nps.push((last.nodes ?? 0) / (last.wall_ms / 1000));
    }
    return {
      engine: engine.entry.id,
      sp,
      nodes,
      nps,
      medianNps: median(nps),
      depth: last!.depth,
      evalCp: last!.eval_cp,
    };
  } finally {
    await session.close();
  }
}

/** Throughput of eval-all with W workers. */
export interface Throughput {
  /** Workers. */
  workers: number;
  /** Positions evaluated. */
  positions: number;
  /** Wall time of the whole run (including engine start-up) in seconds. */
  wallS: number;
  /** Nodes per second over the run. */
  nps: number;
  /** nps / (W x single-engine nps). */
  efficiency: number;
  /** Engine speed inside the searches of this run: Σ nodes / Σ (go → bestmove) time. */
  searchNps: number;
  /** Time outside the engine's searches per position, as a share of search time. */
  overheadShare: number;
  /** Wall time per position minus its search time, in ms (median). */
  overheadMsPerPosition: number;
}

/**
 * Runs eval-all on `positions` with W workers into a temporary file and
 * measures throughput; `singleNps` is one engine's speed on the same positions
 * (the W=1 run's search speed), so the efficiency compares like with like. Overhead = (W x wall − Σ search wall) / Σ search wall,
 * counted from the first to the last position (engine start-up excluded).
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
  const s = await evalAll({
    profile,
    engine,
    workers,
    positions,
    out,
    onProgress: (p) => {
      if (p.done === 0) firstAt = performance.now();
      lastAt = performance.now();
    },
  });
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
