/**
 * Numbers as readers see them, one set for every page, card, note and CLI line.
 *
 * @module
 */

/** The minus sign of numbers people read (U+2212); files for machines (CSV, JSON) keep the ASCII hyphen-minus. */
export const MINUS = "\u2212";

/** A number's text as people read it: a leading hyphen-minus becomes the minus sign (`-0.157` → `−0.157`). */
export const minus = (text: string): string => text.startsWith("-") ? MINUS + text.slice(1) : text;

/** A number as people read it, all its digits: `-7` → `−7`, `26.5` → `26.5`. */
export const num = (x: number): string => minus(String(x));

/** A value with its sign, as people read White's edge: `+13`, `−4`, `0`. */
export const signed = (x: number): string => x > 0 ? `+${x}` : num(x);

/** A number with thousands separators, as readers write it: `1234567` → `1,234,567`, `-960` → `−960`. */
export const int = (n: number): string => minus(n.toLocaleString("en-US"));

/** A share as a whole percentage: `0.437` → `44%`. */
export const pct = (x: number): string => `${Math.round(100 * x)}%`;

/** `x` to `digits` decimals (minus sign as {@link minus}), or 2 significant digits where that would show a non-zero value as 0. */
export function fixedNonZero(x: number, digits: number): string {
  const s = x.toFixed(digits);
  return minus(x !== 0 && Number(s) === 0 ? String(Number(x.toPrecision(2))) : s);
}

/** `fixedNonZero` for values that may be missing: `missing` for null, NaN and ±Infinity (an undefined correlation). */
export const fix = (x: number | null | undefined, digits = 2, missing = "–"): string =>
  x !== null && x !== undefined && Number.isFinite(x) ? fixedNonZero(x, digits) : missing;

/** A 95% interval as `[lo, hi]`, each end as `fix` writes it. */
export const iv = (c: readonly [number, number], digits = 3, missing = "–"): string =>
  `[${fix(c[0], digits, missing)}, ${fix(c[1], digits, missing)}]`;

/** An interval of shares as percentages with one decimal: `[0.2%, 3.1%]`. */
export const pctIv = (c: readonly [number, number]): string => `[${fix(100 * c[0], 1)}%, ${fix(100 * c[1], 1)}%]`;
