/**
 * Numbers as readers see them, one set for every page, card, note and CLI
 * line: thousands separators, whole percentages, fixed decimals that never
 * hide a non-zero value's sign, and intervals.
 *
 * @module
 */

/** A number with thousands separators, as readers write it: `1234567` → `1,234,567`. */
export const int = (n: number): string => n.toLocaleString("en-US");

/** A share as a whole percentage: `0.437` → `44%`. */
export const pct = (x: number): string => `${Math.round(100 * x)}%`;

/**
 * A number to `digits` decimals, except where that would round a non-zero
 * value to 0: then to 2 significant digits, so that its sign shows
 * (`-0.00006`, not `-0.000`; an interval's end beside 0 is what a verdict turns on).
 */
export function fixedNonZero(x: number, digits: number): string {
  const s = x.toFixed(digits);
  return x !== 0 && Number(s) === 0 ? String(Number(x.toPrecision(2))) : s;
}

/**
 * `fixedNonZero` for values that may be missing: `missing` (default "–") for
 * null, NaN and ±Infinity (a correlation that is not defined).
 */
export function fix(x: number | null | undefined, digits = 2, missing = "–"): string {
  return x !== null && x !== undefined && Number.isFinite(x) ? fixedNonZero(x, digits) : missing;
}

/** A 95% interval as `[lo, hi]`, each end as `fix` writes it. */
export function iv(c: readonly [number, number], digits = 3, missing = "–"): string {
  return `[${fix(c[0], digits, missing)}, ${fix(c[1], digits, missing)}]`;
}
