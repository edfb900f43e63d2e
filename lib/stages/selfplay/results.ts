/**
 * Stage 4 results per position: games, wins/draws/losses for White, White's
 * score with a 95% interval, average length, terminations and the number of
 * distinct games; written as the schema-versioned `selfplay.json` that
 * stage 5 reads.
 *
 * @module
 */

import type { GameRecord } from "./game.ts";
import { whitePoints } from "./game.ts";
import type { SelectedPosition } from "../../method/selection.ts";

/** One position's self-play results. */
export interface PositionResult {
  /** Start position number. */
  sp: number;
  /** Back rank. */
  setup: string;
  /** Stage-1 value (cp, White). */
  eval_cp: number;
  /** |eval_cp|. */
  edge_cp: number;
  /** The index. */
  mbi: number;
  /** Stratum of the draw (-1 for an explicit choice). */
  stratum: number;
  /** Games played. */
  games: number;
  /** White wins. */
  wins: number;
  /** Draws. */
  draws: number;
  /** White losses. */
  losses: number;
  /** White's score: (wins + draws / 2) / games. */
  score: number;
  /** 95% interval of the score: mean ± 1.96 × SD/√n of the per-game points, clipped to [0, 1]. */
  score_ci95: [number, number];
  /** Mean game length in plies. */
  avg_plies: number;
  /** Count of each termination. */
  terminations: Record<string, number>;
  /** Number of different move sequences among the games. */
  distinct_games: number;
}

/** Summarises the games of each selected position (positions without games are left out). */
export function summarisePositions(
  selection: readonly SelectedPosition[],
  games: readonly GameRecord[],
): PositionResult[] {
  return selection.flatMap((pos) => {
    const gs = games.filter((g) => g.sp === pos.sp);
    if (gs.length === 0) return [];
    const pts = gs.map((g) => whitePoints(g.result));
    const n = pts.length;
    const mean = pts.reduce((a, b) => a + b, 0) / n;
    const sd = n > 1 ? Math.sqrt(pts.reduce((a, p) => a + (p - mean) ** 2, 0) / (n - 1)) : 0;
    const half = 1.96 * sd / Math.sqrt(n);
    const terminations: Record<string, number> = {};
    for (const g of gs) {
      terminations[g.termination] = (terminations[g.termination] ?? 0) + 1;
    }
    return [{
      sp: pos.sp,
      setup: pos.setup,
      eval_cp: pos.eval_cp,
      edge_cp: pos.edge_cp,
      mbi: pos.mbi,
      stratum: pos.stratum,
      games: n,
      wins: gs.filter((g) => g.result === "1-0").length,
      draws: gs.filter((g) => g.result === "1/2-1/2").length,
      losses: gs.filter((g) => g.result === "0-1").length,
      score: mean,
      score_ci95: [Math.max(0, mean - half), Math.min(1, mean + half)],
      avg_plies: gs.reduce((a, g) => a + g.plies, 0) / n,
      terminations,
      distinct_games: new Set(gs.map((g) => g.moves.join(" "))).size,
    }];
  });
}
