/**
 * Stage 4 results per position: games, wins/draws/losses for White, White's score with a 95% interval (the Wilson-type
 * score interval of lib/method/intervals.ts, right at small n), average length, terminations, the number of distinct
 * games and the opening set behind them; written as the schema-versioned `selfplay.json` that stage 5 reads.
 *
 * @module
 */

import type { GameRecord, PositionResult } from "./records.ts";
import { scoreInterval, type SelectedPosition, whiteScore } from "../method/mod.ts";
import { lineEnd } from "./openings.ts";

/** White's wins, draws and losses and the games, summed over positions' results. */
export function resultTotals(
  positions: readonly Pick<PositionResult, "games" | "wins" | "draws" | "losses">[],
): { games: number; wins: number; draws: number; losses: number } {
  const sum = (k: "games" | "wins" | "draws" | "losses") => positions.reduce((a, p) => a + p[k], 0);
  return { games: sum("games"), wins: sum("wins"), draws: sum("draws"), losses: sum("losses") };
}

/** Summarises the games of each selected position (positions without games are left out). */
export function summarisePositions(
  selection: readonly SelectedPosition[],
  games: readonly GameRecord[],
): PositionResult[] {
  return selection.flatMap((pos) => {
    const gs = games.filter((g) => g.sp === pos.sp);
    if (gs.length === 0) return [];
    const n = gs.length;
    const counts = {
      games: n,
      wins: gs.filter((g) => g.result === "1-0").length,
      draws: gs.filter((g) => g.result === "1/2-1/2").length,
      losses: gs.filter((g) => g.result === "0-1").length,
    };
    const terminations: Record<string, number> = {};
    for (const g of gs) terminations[g.termination] = (terminations[g.termination] ?? 0) + 1;
    const distinct = new Set(gs.map((g) => g.moves.join(" "))).size;
    const afterOpening = new Set(gs.map((g) => {
      const plies = g.opening?.plies ?? 0;
      return [lineEnd(pos.fen, g.moves.slice(0, plies)), g.moves.slice(plies).join(" "), g.result].join("|");
    })).size;
    return [{
      sp: pos.sp,
      setup: pos.setup,
      eval_cp: pos.eval_cp,
      edge_cp: pos.edge_cp,
      mbi: pos.mbi,
      stratum: pos.stratum,
      ...counts,
      score: whiteScore(counts),
      score_ci95: scoreInterval(counts),
      avg_plies: gs.reduce((a, g) => a + g.plies, 0) / n,
      terminations,
      distinct_games: distinct,
      duplicate_games: n - distinct,
      repeats_after_opening: n - afterOpening,
      opening_plies: gs[0].opening?.plies ?? null,
    }];
  });
}
