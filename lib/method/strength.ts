/**
 * The words for the strength of a rank correlation (docs/METHOD.md, Verdicts: weak below 0.3, moderate 0.3 to 0.7,
 * strong above 0.7, in |rho|), a band's word only when the whole 95% interval lies inside it.
 *
 * @module
 */

/** The bands that put a rank correlation into words (stated wherever the words are used). */
export const STRENGTH_BANDS = "|rho| < 0.3 weak, 0.3–0.7 moderate, > 0.7 strong";

const BANDS = ["weak", "moderate", "strong"] as const;
const band = (rho: number) => (Math.abs(rho) < 0.3 ? 0 : Math.abs(rho) <= 0.7 ? 1 : 2);

/**
 * A rank correlation in words by {@link STRENGTH_BANDS}: one band's word only when the whole 95% interval `ci` lies
 * inside that band; an interval across a band edge gives the bands it spans ("moderate to strong"). Without an
 * interval, the band of the estimate.
 */
export function strength(rho: number, ci?: readonly [number, number]): string {
  if (!Number.isFinite(rho)) return "undefined";
  if (!ci || !ci.every(Number.isFinite)) return BANDS[band(rho)];
  // |rho| over the interval: its ends, and 0 when the interval crosses it
  const ends = ci[0] < 0 && ci[1] > 0 ? [0, ...ci] : [...ci];
  const bs = ends.map(band);
  const lo = Math.min(...bs), hi = Math.max(...bs);
  return lo === hi ? BANDS[lo] : `${BANDS[lo]} to ${BANDS[hi]}`;
}

/** {@link strength} as an adverb for "agree with it, …": "weakly", "moderately", or "weakly to moderately". */
export function strengthAdverb(rho: number, ci?: readonly [number, number]): string {
  return strength(rho, ci).replace(/weak|moderate|strong/g, (w) => (w === "moderate" ? "moderately" : `${w}ly`));
}

/**
 * {@link strengthAdverb} for several correlations said at once: the bands their 95% intervals span together
 * ("moderately to strongly" for one moderate and one strong), so that a list never repeats a band.
 */
export function strengthAdverbOf(cs: readonly { rho: number; ci: readonly [number, number] }[]): string {
  if (!cs.length) return "undefined";
  const lo = Math.min(...cs.map((c) => c.ci[0])), hi = Math.max(...cs.map((c) => c.ci[1]));
  return strengthAdverb(cs[0].rho, [lo, hi]);
}
