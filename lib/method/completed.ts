/**
 * The result of a search: the last COMPLETED iteration of iterative deepening. When `go nodes N` stops Stockfish,
 * it prints one more info line for the interrupted iteration, labelled with that deeper depth. That line may carry
 * a bound, but it may also look exact (repeating the previous iteration's score and PV, or a new score from a
 * partly searched iteration). It is never a result.
 *
 * @module
 */

import { type InfoLine, type Score, type SearchLimit } from "../engine/mod.ts";
import { errorKind } from "../core/mod.ts";

/** The value of a finished search: its last completed iteration's depth, seldepth, score (side to move), PV, nodes. */
export interface CompletedIteration {
  depth: number;
  seldepth: number | null;
  score: Score;
  pv: string[];
  nodes: number | null;
  /** Index of the chosen line among the search's info lines. */
  index: number;
  /** True when a final stop line (nodes >= the limit) was found and dropped. */
  droppedStopLine: boolean;
}

/** Raised when a search produced no usable (exact, completed) iteration. */
export class NoCompletedIterationError extends errorKind("no-completed-iteration") {}

/**
 * Picks the last completed iteration from a search's info lines (in order, between `go` and `bestmove`) of line
 * `multipv`. Rule: keep the lines with a score and a pv; if the limit is a node budget and the last such line has
 * nodes >= the budget, it is the stop line of the interrupted iteration: drop it. Then take the last remaining line
 * without lowerbound/upperbound.
 */
export function lastCompletedIteration(
  infos: readonly InfoLine[],
  limit: SearchLimit,
  multipv = 1,
): CompletedIteration {
  const lines = infos.filter((l) =>
    l.score !== undefined && l.pv !== undefined && l.pv.length > 0 && (l.multipv ?? 1) === multipv
  );
  if (lines.length === 0) throw new NoCompletedIterationError("no info line with score and pv");
  const last = lines[lines.length - 1];
  const droppedStopLine = "nodes" in limit && last.nodes !== undefined && last.nodes >= limit.nodes;
  const end = droppedStopLine ? lines.length - 1 : lines.length;
  for (let i = end - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.bound === undefined) {
      return {
        depth: l.depth ?? 0,
        seldepth: l.seldepth ?? null,
        score: l.score!,
        pv: l.pv!,
        nodes: l.nodes ?? null,
        index: infos.indexOf(l),
        droppedStopLine,
      };
    }
  }
  throw new NoCompletedIterationError(`${lines.length} scored lines, none exact before the stop line`);
}
