/**
 * One evaluated start position as the method records it: the value of the
 * last completed iteration from White's point of view, its depth and PV, and
 * the raw engine output it was read from.
 *
 * @module
 */

import type { StartPosition } from "./chess960.ts";
import { lastCompletedIteration } from "./completed.ts";
import type { SearchLimit } from "../engine/limit.ts";
import { negateScore } from "../engine/info.ts";

/** One evaluated position: the `evaluate` record. */
export interface EvaluationRecord {
  /** Start position number. */
  sp: number;
  /** Back rank. */
  setup: string;
  /** FEN searched. */
  fen: string;
  /** Value in centipawns from White's point of view; null when the engine sees a mate. */
  eval_cp: number | null;
  /** Moves to mate from White's point of view (positive: White mates); null otherwise. */
  mate: number | null;
  /** Depth of the last completed iteration. */
  depth: number;
  /** Its selective depth (null when the engine does not report one). */
  seldepth: number | null;
  /** Its principal variation in UCI notation. */
  pv: string[];
  /** Nodes the whole search used (last reported `nodes`). */
  nodes: number | null;
  /** The engine's `bestmove` (for reference; the result is the completed iteration). */
  bestmove: string;
  /** The search limit given. */
  limit: SearchLimit;
  /** Wall time of the search in milliseconds (not part of the result). */
  wall_ms: number;
  /** Raw engine output from `go` to `bestmove`. */
  raw: string[];
}

/** Builds an evaluation record from a search's output (White's point of view). */
export function toRecord(
  position: StartPosition,
  limit: SearchLimit,
  infos: Parameters<typeof lastCompletedIteration>[0],
  raw: string[],
  bestmove: string,
  wallMs: number,
): EvaluationRecord {
  const it = lastCompletedIteration(infos, limit);
  const whiteToMove = position.fen.split(" ")[1] !== "b";
  const score = whiteToMove ? it.score : negateScore(it.score);
  const withNodes = infos.filter((i) => i.nodes !== undefined);
  return {
    sp: position.sp,
    setup: position.setup,
    fen: position.fen,
    eval_cp: "cp" in score ? score.cp : null,
    mate: "mate" in score ? score.mate : null,
    depth: it.depth,
    seldepth: it.seldepth,
    pv: it.pv,
    nodes: withNodes[withNodes.length - 1]?.nodes ?? null,
    bestmove,
    limit,
    wall_ms: Math.round(wallMs),
    raw,
  };
}
