/**
 * The Morozov Balance Index: edge = |eval_cp| (docs/METHOD.md decision 1), rank ascending by edge with average
 * ranks for ties, and `MBI = round(100 * (N - rank) / (N - 1))` rounded half up (decision 2).
 *
 * @module
 */

import { averageRanks, quantileSorted } from "./stats.ts";
import { MbiError } from "../core/mod.ts";

/** One position's value, as input to the index: centipawns (White's view), or a mate distance and null. */
export interface PositionValue {
  sp: number;
  eval_cp: number | null;
  mate?: number | null;
  /** The values of the position's last completed iterations, oldest first (for its interval; see uncertainty.ts). */
  iterations?: number[];
}

/** One row of the MBI table (without setup and FEN; see {@link MbiTableRow}): edge_cp = |eval_cp|. */
export interface MbiValue {
  sp: number;
  eval_cp: number;
  edge_cp: number;
  /** 1-based rank by edge, ascending; ties share the mean rank (may end in .5). */
  rank: number;
  /** The index, 0..100 (100 = smallest edge). */
  mbi: number;
}

/** The rounding rule, stated in every output. */
export const ROUNDING = "round half up: MBI = floor(100 * (N - rank) / (N - 1) + 0.5), computed exactly";

/**
 * `round(100 * (n - rank) / (n - 1))`, half up, in exact integer arithmetic (rank is a whole or half number, so
 * 200 * (n - rank) is an integer and no floating-point error can move a .5 case).
 */
export function mbiOfRank(rank: number, n: number): number {
  if (n < 2) {
    throw new MbiError("index-undefined", `the index needs at least 2 positions (got ${n})`);
  }
  const twice = Math.round(2 * rank);
  if (Math.abs(twice - 2 * rank) > 1e-9 || rank < 1 || rank > n) {
    throw new MbiError("index-undefined", `rank ${rank} is not a whole or half number in 1..${n}`);
  }
  const num = 100 * (2 * n - twice); // = 200 * (n - rank)
  const den = 2 * (n - 1);
  return Math.floor((2 * num + den) / (2 * den)); // floor(num/den + 1/2)
}

/** Edge, rank and MBI of a complete set of positions (an `index-undefined` MbiError: a mate, a repeated SP, n < 2). */
export function deriveMbi(values: readonly PositionValue[]): MbiValue[] {
  const seen = new Set<number>();
  for (const v of values) {
    if (seen.has(v.sp)) throw new MbiError("index-undefined", `SP ${v.sp} appears twice`);
    seen.add(v.sp);
    if (v.eval_cp === null || !Number.isFinite(v.eval_cp)) {
      const mate = v.mate ? ` (mate ${v.mate})` : "";
      const why = `SP ${v.sp} has no centipawn value${mate}: the index is defined only on a complete set of cp values`;
      throw new MbiError("index-undefined", why);
    }
  }
  if (values.length < 2) {
    throw new MbiError("index-undefined", `the index needs at least 2 positions (got ${values.length})`);
  }
  const edges = values.map((v) => Math.abs(v.eval_cp!));
  const ranks = averageRanks(edges);
  return values.map((v, i) => ({
    sp: v.sp,
    eval_cp: v.eval_cp!,
    edge_cp: edges[i],
    rank: ranks[i],
    mbi: mbiOfRank(ranks[i], values.length),
  })).sort((a, b) => a.sp - b.sp);
}

/** How far n positions move between two indexes: median, 90th percentile (type 7) and largest |MBI a − MBI b|. */
export interface MbiShift {
  n: number;
  median: number;
  p90: number;
  max: number;
  /** Share of positions whose published (rounded) MBI differs by more than 10 points. */
  share_over_10: number;
}

/** The one definition of "MBI moves by more than 10": the published (rounded) MBI of each position in two indexes. */
export function mbiShift(
  a: readonly { sp: number; mbi: number }[],
  b: readonly { sp: number; mbi: number }[],
): MbiShift {
  const bBySp = new Map(b.map((r) => [r.sp, r.mbi]));
  const shifts = a.filter((r) => bBySp.has(r.sp)).map((r) => Math.abs(r.mbi - bBySp.get(r.sp)!)).sort((x, y) => x - y);
  const n = shifts.length, over10 = shifts.filter((s) => s > 10).length;
  const median = quantileSorted(shifts, 0.5), p90 = quantileSorted(shifts, 0.9);
  return { n, median, p90, max: n ? shifts[n - 1] : NaN, share_over_10: n ? over10 / n : NaN };
}
