/**
 * Adjudication of self-play games, modelled on fastchess/cutechess practice:
 * a draw when both sides' scores stay within a small window for several moves
 * after a move number; a resignation when both sides agree on a large score
 * for several moves; a draw at a maximum game length.
 *
 * @module
 */

import type { Outcome } from "./rules.ts";

/** Adjudication settings (recorded with every game). */
export interface AdjudicationRules {
  /** Draw adjudication starts at this full-move number. */
  drawMoveNumber: number;
  /** ... when this many consecutive moves of each side have |score| <= drawScore. */
  drawMoveCount: number;
  /** Draw window in centipawns. */
  drawScore: number;
  /** Resign when this many consecutive moves of each side agree on a score >= resignScore for one side. */
  resignMoveCount: number;
  /** Resign threshold in centipawns (mate scores always count). */
  resignScore: number;
  /** A game reaching this many plies is adjudicated a draw. */
  maxPlies: number;
}

/** Defaults in the range of fishtest/fastchess settings for fast self-play. */
export const DEFAULT_ADJUDICATION: AdjudicationRules = {
  drawMoveNumber: 40,
  drawMoveCount: 8,
  drawScore: 10,
  resignMoveCount: 3,
  resignScore: 600,
  maxPlies: 400,
};

/** A score from White's point of view: centipawns, or mate in n (positive: White mates). */
export type WhiteScore = { cp: number } | { mate: number };

const MATE_CP = 100_000;

/** Centipawn-like value of a score for comparisons (mate far beyond any cp value). */
export function scoreValue(s: WhiteScore): number {
  if ("cp" in s) return s.cp;
  return s.mate > 0 ? MATE_CP - s.mate : -MATE_CP - s.mate;
}

/**
 * Decides adjudication after a move: `scores` holds the White-POV score that
 * each engine reported for each ply played so far (one per ply), `fullmoves`
 * the full-move number of the position now on the board.
 */
export function adjudicate(
  rules: AdjudicationRules,
  scores: readonly WhiteScore[],
  fullmoves: number,
): Outcome | undefined {
  if (scores.length >= rules.maxPlies) {
    return { result: "1/2-1/2", termination: "max length" };
  }
  const resignPlies = 2 * rules.resignMoveCount;
  if (scores.length >= resignPlies) {
    const last = scores.slice(-resignPlies).map(scoreValue);
    if (last.every((v) => v >= rules.resignScore)) {
      return { result: "1-0", termination: "adjudication: resign" };
    }
    if (last.every((v) => v <= -rules.resignScore)) {
      return { result: "0-1", termination: "adjudication: resign" };
    }
  }
  const drawPlies = 2 * rules.drawMoveCount;
  if (fullmoves >= rules.drawMoveNumber && scores.length >= drawPlies) {
    if (
      scores.slice(-drawPlies).every((s) => Math.abs(scoreValue(s)) <= rules.drawScore)
    ) {
      return { result: "1/2-1/2", termination: "adjudication: draw" };
    }
  }
  return undefined;
}

/**
 * How a game stands after a move: the rules' outcome (checkmate, stalemate,
 * insufficient material, threefold, fifty moves), else adjudication on the
 * scores so far, else a draw once it reaches the maximum length (plies, also
 * when some moves had no score); undefined while it goes on. Playing a game
 * and checking a recorded one both ask this.
 */
export function outcomeAfterMove(
  state: { outcome(): Outcome | undefined; readonly fullmoves: number; readonly plies: number },
  rules: AdjudicationRules,
  scores: readonly WhiteScore[],
): Outcome | undefined {
  const outcome = state.outcome() ?? adjudicate(rules, scores, state.fullmoves);
  if (outcome || state.plies < rules.maxPlies) return outcome;
  return { result: "1/2-1/2", termination: "max length" };
}
