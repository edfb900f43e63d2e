/**
 * Per-position uncertainty of the index (docs/METHOD.md, "beyond the documents"). One deterministic search is one
 * snapshot of a value that still moves as the search deepens. The interval of a position is the range of its MBI
 * when its value is taken, in turn, from each of its last k completed iterations of iterative deepening (the other
 * positions' values held fixed): how far the index of that position moved while its own search was still settling.
 * k = 3 was fixed before any coverage was measured; the coverage (how often a larger budget's MBI falls inside a
 * smaller budget's interval) is reported, not tuned.
 *
 * @module
 */

import { parseInfo, type SearchLimit } from "../engine/mod.ts";
import { mbiOfRank } from "./mbi.ts";

/** Iterations whose values make a position's interval. */
export const INTERVAL_ITERATIONS = 3;

/** The interval's definition, as stated in `mbi.json`. */
export const INTERVAL_DEFINITION =
  `mbi_lo..mbi_hi: the range of the position's MBI when its value is taken from each of its last ${INTERVAL_ITERATIONS} ` +
  "completed iterations of iterative deepening (White's view), the other positions' values held fixed; " +
  "a measure of how far the index of the position still moved while its search settled, not a confidence interval";

/**
 * The centipawn values (White's view: start positions have White to move) of the last `k` completed iterations of
 * a recorded search, oldest first: one value per depth (the last exact principal line of that depth), the stop line
 * of the interrupted iteration left out, as in the last-completed rule.
 */
export function lastIterationValues(raw: readonly string[], limit: SearchLimit, k = INTERVAL_ITERATIONS): number[] {
  const lines = raw.map((l) => parseInfo(l)).filter((i) =>
    i !== undefined && i.score !== undefined && i.pv !== undefined && i.pv.length > 0 && (i.multipv ?? 1) === 1
  );
  // The stop line: the last scored line when it reached the node budget (see completed.ts).
  const last = lines[lines.length - 1];
  const end = last && "nodes" in limit && last.nodes !== undefined && last.nodes >= limit.nodes
    ? lines.length - 1
    : lines.length;
  const byDepth = new Map<number, number>();
  for (const l of lines.slice(0, end)) {
    if (l!.bound !== undefined || !("cp" in l!.score!)) continue;
    byDepth.set(l!.depth ?? 0, l!.score!.cp);
  }
  return [...byDepth.entries()].sort((a, b) => a[0] - b[0]).slice(-k).map(([, v]) => v);
}

/** The MBI of edge `edge` at its average rank among itself and the others' edges `othersSorted` (ascending). */
export function mbiAmong(edge: number, othersSorted: readonly number[]): number {
  let less = 0, hi = othersSorted.length;
  while (less < hi) {
    const mid = (less + hi) >> 1;
    if (othersSorted[mid] < edge) less = mid + 1;
    else hi = mid;
  }
  let equal = 0;
  while (less + equal < othersSorted.length && othersSorted[less + equal] === edge) equal++;
  const rank = less + (equal + 2) / 2; // ranks less+1 .. less+equal+1, averaged
  return mbiOfRank(rank, othersSorted.length + 1);
}

/** [mbi_lo, mbi_hi] of every position from its candidate values `values[i]` (its last iterations) and all `edges`. */
export function mbiIntervals(values: readonly (readonly number[])[], edges: readonly number[]): [number, number][] {
  const sorted = [...edges].sort((a, b) => a - b);
  return values.map((vs, i) => {
    // The others: all edges but one copy of this position's own.
    const own = sorted.indexOf(edges[i]);
    const others = [...sorted.slice(0, own), ...sorted.slice(own + 1)];
    const mbis = vs.map((v) => mbiAmong(Math.abs(v), others));
    return [Math.min(...mbis), Math.max(...mbis)];
  });
}

/** How often a second index's MBI lies inside a first index's intervals, over the positions both hold. */
export function intervalCoverage(
  lower: readonly { sp: number; mbi_lo: number; mbi_hi: number }[],
  higher: readonly { sp: number; mbi: number }[],
): { n: number; inside: number; share: number; mean_width: number } {
  const mbi = new Map(higher.map((r) => [r.sp, r.mbi]));
  const both = lower.filter((r) => mbi.has(r.sp));
  const inside = both.filter((r) => r.mbi_lo <= mbi.get(r.sp)! && mbi.get(r.sp)! <= r.mbi_hi).length;
  const n = both.length, width = both.reduce((a, r) => a + r.mbi_hi - r.mbi_lo, 0);
  return { n, inside, share: n ? inside / n : NaN, mean_width: n ? width / n : NaN };
}
