/**
 * Borderline verdicts (docs/METHOD.md, "Verdicts"): a verdict is decided by where one end of a 95% interval lies
 * against 0 (the lower end for "validated", the upper end for "supported"); when that end lies within
 * {@link BORDERLINE_MARGIN} of 0, a little more noise would flip the verdict, and every place that shows it says so.
 *
 * @module
 */

import { fixedNonZero } from "../core/mod.ts";

/** Distance of the deciding end of an interval from 0 under which a verdict is borderline. */
export const BORDERLINE_MARGIN = 0.01;

/** Which end decides: "above" (the interval must lie above 0: its lower end) or "below" (its upper end). */
export type VerdictSide = "above" | "below";

/** The end of `ci` that decides a verdict of this side. */
function decidingEnd(ci: readonly [number, number], side: VerdictSide): number {
  return side === "above" ? ci[0] : ci[1];
}

/** True when the deciding end of `ci` lies within {@link BORDERLINE_MARGIN} of 0. */
export function isBorderline(ci: readonly [number, number], side: VerdictSide): boolean {
  const end = decidingEnd(ci, side);
  return Number.isFinite(end) && Math.abs(end) < BORDERLINE_MARGIN;
}

/** A verdict, noted when borderline: `validated (borderline: the interval's lower end is 0.006, within 0.01 of 0)`. */
export function verdictText(verdict: string, ci: readonly [number, number], side: VerdictSide): string {
  if (!isBorderline(ci, side)) return verdict;
  const end = decidingEnd(ci, side);
  // the end as the tables print it (fixedNonZero): an end that rounds to 0 keeps its sign and its first digit
  const which = side === "above" ? "lower" : "upper", shown = fixedNonZero(end, 3);
  return `${verdict} (borderline: the interval's ${which} end is ${shown}, within ${BORDERLINE_MARGIN} of 0)`;
}

/**
 * Whether a figure compared with an interval lies near one of its ends: "borderline: 0.004 from its end, within
 * 0.01" when `x` is within {@link BORDERLINE_MARGIN} of the nearer end (a little more noise would move it across).
 */
export function nearEndNote(x: number, ci: readonly [number, number]): string | null {
  const d = Math.min(Math.abs(x - ci[0]), Math.abs(x - ci[1]));
  return Number.isFinite(d) && d < BORDERLINE_MARGIN
    ? `borderline: ${d.toFixed(3)} from its end, within ${BORDERLINE_MARGIN}`
    : null;
}

/** Anything that carries stage 5's two verdicts with the intervals deciding them (a summary, an outcome validation). */
export interface Judged {
  verdict: { validation: string; claim: string };
  /** rho(eval, score): its interval decides the validation (lower end above 0). */
  eval_vs_score: { ci95_percentile: readonly [number, number] };
  /** rho(MBI, |score − 0.5|): its interval decides the claim (upper end below 0). */
  mbi_vs_imbalance: { ci95_percentile: readonly [number, number] };
}

/** Both verdicts as every place shows them, each with its borderline note when it has one (see verdictText). */
export function verdictsText(j: Judged): { validation: string; claim: string } {
  return {
    validation: verdictText(j.verdict.validation, j.eval_vs_score.ci95_percentile, "above"),
    claim: verdictText(j.verdict.claim, j.mbi_vs_imbalance.ci95_percentile, "below"),
  };
}
