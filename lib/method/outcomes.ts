/**
 * Per-position outcome tables: counting kept games per start position (and per time-control class and rating
 * band), and the row of a position. Memory is fixed: 960 positions × a bounded set of groups.
 *
 * @module
 */

import { POSITION_COUNT, spToSetup } from "./chess960.ts";
import { scoreInterval } from "./intervals.ts";
import type { KeptGame } from "./pgn_headers.ts";
import type { OutcomeCounts } from "./reliability.ts";

/**
 * One position of an outcome table (White's view): games, W/D/L, White's score (wins + draws / 2) / games with
 * its 95% interval, draw rate. W/D/L and draw rate are null for tables given as scores only.
 */
export interface OutcomeRow {
  sp: number;
  setup: string;
  games: number;
  white_wins: number | null;
  draws: number | null;
  black_wins: number | null;
  white_score: number;
  score_lo: number;
  score_hi: number;
  draw_rate: number | null;
  /** Mean of both players' mean Elo over the games where both were rated (`elo_games`), or null. */
  mean_elo: number | null;
  elo_games: number;
}

/** W/D/L of one position within a group of games: a time-control class (`blitz`) or a rating band (`1500-1799`). */
export interface GroupRow {
  kind: "time_control" | "rating_band";
  group: string;
  sp: number;
  games: number;
  white_wins: number;
  draws: number;
  black_wins: number;
}

/** Builds a position's row from W/D/L counts (interval: {@link scoreInterval}). */
export function outcomeRow(
  sp: number,
  c: { wins: number; draws: number; losses: number },
  elo: { sum: number; games: number } = { sum: 0, games: 0 },
): OutcomeRow {
  const games = c.wins + c.draws + c.losses;
  const [lo, hi] = scoreInterval({ games, ...c });
  return {
    sp,
    setup: spToSetup(sp),
    games,
    white_wins: c.wins,
    draws: c.draws,
    black_wins: c.losses,
    white_score: games ? (c.wins + c.draws / 2) / games : NaN,
    score_lo: lo,
    score_hi: hi,
    draw_rate: games ? c.draws / games : NaN,
    mean_elo: elo.games ? elo.sum / elo.games : null,
    elo_games: elo.games,
  };
}

/**
 * A position's row from games and White's score only (published aggregates without W/D/L): the interval is
 * Wilson's without draws (wider than with draws, so on the safe side).
 */
export function scoreOnlyRow(sp: number, games: number, score: number): OutcomeRow {
  const [lo, hi] = scoreInterval({ games, wins: score * games, draws: 0, losses: (1 - score) * games });
  return {
    sp,
    setup: spToSetup(sp),
    games,
    white_wins: null,
    draws: null,
    black_wins: null,
    white_score: score,
    score_lo: lo,
    score_hi: hi,
    draw_rate: null,
    mean_elo: null,
    elo_games: 0,
  };
}

/**
 * The counts of a row for the reliability computation. Rows given as scores only become whole counts without draws
 * (wins = round(score × games)): the one-game variance p(1 − p) is then an upper bound, so the reliability a lower
 * bound.
 */
export function rowCounts(r: OutcomeRow): OutcomeCounts {
  if (r.white_wins !== null && r.draws !== null && r.black_wins !== null) {
    return { games: r.games, wins: r.white_wins, draws: r.draws, losses: r.black_wins };
  }
  const wins = Math.round(r.white_score * r.games);
  return { games: r.games, wins, draws: 0, losses: r.games - wins };
}

/** Totals over a table's rows (positions with at least one game); W/D/L and draw rate null for score-only tables. */
export interface OutcomeTotals {
  positions: number;
  games: number;
  white_wins: number | null;
  draws: number | null;
  black_wins: number | null;
  white_score: number;
  draw_rate: number | null;
  games_per_position: { min: number; median: number; max: number };
}

/** Sums a table's rows. */
export function outcomeTotals(rows: readonly OutcomeRow[]): OutcomeTotals {
  const used = rows.filter((r) => r.games > 0);
  const games = used.reduce((a, r) => a + r.games, 0);
  const full = used.every((r) => r.white_wins !== null);
  const sum = (k: "white_wins" | "draws" | "black_wins") => full ? used.reduce((a, r) => a + r[k]!, 0) : null;
  const points = used.reduce((a, r) => a + r.white_score * r.games, 0);
  const sorted = used.map((r) => r.games).sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length ? (sorted[Math.floor(mid - 0.5)] + sorted[Math.floor(mid)]) / 2 : 0;
  const draws = sum("draws");
  return {
    positions: used.length,
    games,
    white_wins: sum("white_wins"),
    draws,
    black_wins: sum("black_wins"),
    white_score: games ? points / games : NaN,
    draw_rate: draws !== null && games ? draws / games : null,
    games_per_position: { min: sorted[0] ?? 0, median, max: sorted[sorted.length - 1] ?? 0 },
  };
}

/** Counts of kept games per position, and per position within each time-control class and rating band. */
export class OutcomeAccumulator {
  #wdl = new Int32Array(POSITION_COUNT * 3);
  #eloSum = new Float64Array(POSITION_COUNT);
  #eloGames = new Int32Array(POSITION_COUNT);
  #tc = new Map<string, Int32Array>();
  #band = new Map<string, Int32Array>();
  /** Kept games, in all and by dialect. */
  kept = 0;
  dialects: Record<string, number> = {};

  /** Counts one kept game. */
  add(g: KeptGame): void {
    const k = g.result === "1-0" ? 0 : g.result === "1/2-1/2" ? 1 : 2;
    this.#wdl[g.sp * 3 + k]++;
    if (g.mean_elo !== null) {
      this.#eloSum[g.sp] += g.mean_elo;
      this.#eloGames[g.sp]++;
    }
    this.#group(this.#tc, g.time_control)[g.sp * 3 + k]++;
    this.#group(this.#band, g.rating_band)[g.sp * 3 + k]++;
    this.dialects[g.dialect] = (this.dialects[g.dialect] ?? 0) + 1;
    this.kept++;
  }

  #group(groups: Map<string, Int32Array>, key: string): Int32Array {
    let a = groups.get(key);
    if (!a) groups.set(key, a = new Int32Array(POSITION_COUNT * 3));
    return a;
  }

  /** Rows of the positions with at least one game, by SP. */
  rows(): OutcomeRow[] {
    const out: OutcomeRow[] = [];
    for (let sp = 0; sp < POSITION_COUNT; sp++) {
      const [wins, draws, losses] = this.#wdl.subarray(sp * 3, sp * 3 + 3);
      if (wins + draws + losses === 0) continue;
      out.push(outcomeRow(sp, { wins, draws, losses }, { sum: this.#eloSum[sp], games: this.#eloGames[sp] }));
    }
    return out;
  }

  /** Group rows (positions with games in the group), by kind, group and SP. */
  groupRows(): GroupRow[] {
    const out: GroupRow[] = [];
    const all = [
      ...[...this.#band].map(([group, a]) => ["rating_band", group, a] as const),
      ...[...this.#tc].map(([group, a]) => ["time_control", group, a] as const),
    ].sort((x, y) => (x[0] + "\t" + x[1]).localeCompare(y[0] + "\t" + y[1]));
    for (const [kind, group, a] of all) {
      for (let sp = 0; sp < POSITION_COUNT; sp++) {
        const [w, d, l] = a.subarray(sp * 3, sp * 3 + 3);
        if (w + d + l) out.push({ kind, group, sp, games: w + d + l, white_wins: w, draws: d, black_wins: l });
      }
    }
    return out;
  }
}

/** The games of each group, e.g. `{ time_control: { blitz: 1200 }, rating_band: { "1500-1799": 800 } }`. */
export function groupTotals(rows: readonly GroupRow[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    out[r.kind] ??= {};
    out[r.kind][r.group] = (out[r.kind][r.group] ?? 0) + r.games;
  }
  return out;
}
