/**
 * Numbers as readers see them, one set for every page, card, note and CLI line.
 *
 * @module
 */

/** A number with thousands separators, as readers write it: `1234567` → `1,234,567`. */
export const int = (n: number): string => n.toLocaleString("en-US");

/** A share as a whole percentage: `0.437` → `44%`. */
export const pct = (x: number): string => `${Math.round(100 * x)}%`;

/** `x` to `digits` decimals, or 2 significant digits where that would show a non-zero value as 0 (its sign decides). */
export function fixedNonZero(x: number, digits: number): string {
  const s = x.toFixed(digits);
  return x !== 0 && Number(s) === 0 ? String(Number(x.toPrecision(2))) : s;
}

/** `fixedNonZero` for values that may be missing: `missing` for null, NaN and ±Infinity (an undefined correlation). */
export const fix = (x: number | null | undefined, digits = 2, missing = "–"): string =>
  x !== null && x !== undefined && Number.isFinite(x) ? fixedNonZero(x, digits) : missing;

/** A 95% interval as `[lo, hi]`, each end as `fix` writes it. */
export const iv = (c: readonly [number, number], digits = 3, missing = "–"): string =>
  `[${fix(c[0], digits, missing)}, ${fix(c[1], digits, missing)}]`;
