/**
 * Borderline verdicts (docs/METHOD.md, "Verdicts"): a verdict is decided by
 * where one end of a 95% interval lies against 0 (the lower end for
 * "validated", the upper end for "supported"); when that end lies within
 * {@link BORDERLINE_MARGIN} of 0, a little more noise would flip the verdict,
 * and every place that shows it says so.
 *
 * @module
 */

/** Distance of the deciding end of an interval from 0 under which a verdict is borderline. */
export const BORDERLINE_MARGIN = 0.01;

/** Which end decides: "above" (the interval must lie above 0: its lower end) or "below" (its upper end). */
export type VerdictSide = "above" | "below";

/** The end of `ci` that decides a verdict of this side. */
export function decidingEnd(ci: readonly [number, number], side: VerdictSide): number {
  return side === "above" ? ci[0] : ci[1];
}

/** True when the deciding end of `ci` lies within {@link BORDERLINE_MARGIN} of 0. */
export function isBorderline(ci: readonly [number, number], side: VerdictSide): boolean {
  const end = decidingEnd(ci, side);
  return Number.isFinite(end) && Math.abs(end) < BORDERLINE_MARGIN;
}

/**
 * A verdict with its borderline note when it has one: `validated (borderline:
 * the interval's lower end is 0.006, within 0.01 of 0)`; the verdict alone
 * otherwise.
 */
export function verdictText(verdict: string, ci: readonly [number, number], side: VerdictSide): string {
  if (!isBorderline(ci, side)) return verdict;
  const end = decidingEnd(ci, side);
  return `${verdict} (borderline: the interval's ${side === "above" ? "lower" : "upper"} end is ${
    end.toFixed(3).replace(/^-(0\.000)$/, "$1")
  }, within ${BORDERLINE_MARGIN} of 0)`;
}
