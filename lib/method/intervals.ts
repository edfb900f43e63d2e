/**
 * The interval of a position's score (White's points per game, win 1, draw ½, loss 0): one definition for outcome
 * tables and self-play.
 *
 * @module
 */

import type { OutcomeCounts } from "./reliability.ts";
import { normalQuantile } from "./stats.ts";

/** The definition of {@link scoreInterval}, for result files and captions. */
export const SCORE_INTERVAL_DEFINITION =
  "Wilson-type score interval with draws: the p with (s - p)^2 <= z^2 (p(1 - p) - d~/4) / n, " +
  "s = (W + D/2) / n, d~ = D / (n + z^2); equals Wilson's interval without draws";

/**
 * The `level` interval (default 95%) of White's score from W/D/L counts, valid at any number of games. The score
 * s = (W + D/2)/n is the mean of n game points in {0, ½, 1}, of variance p(1 − p) − d/4 at true score p and draw
 * probability d; as Wilson's interval for a proportion, the interval is the p with (s − p)² ≤ z²·(p(1 − p) − d̃/4)/n
 * (the roots of a quadratic in p), z the normal quantile of the level, the draw share estimated as d̃ = D/(n + z²):
 * Wilson's z² pseudo-games as non-draws, so a run of draws does not collapse the interval to a point. Without draws
 * it is Wilson's score interval; it always lies in [0, 1], and is [0, 1] with no games.
 */
export function scoreInterval(counts: OutcomeCounts, level = 0.95): [number, number] {
  const n = counts.games;
  if (!(n > 0)) return [0, 1];
  const z = normalQuantile(1 - (1 - level) / 2);
  const k = (z * z) / n;
  const s = (counts.wins + counts.draws / 2) / n;
  const d = counts.draws / (n + z * z);
  // (1 + k) p² − (2s + k) p + s² + k d/4 = 0; discriminant / k = 4s(1 − s) − d + k(1 − d) >= 0
  const disc = Math.max(0, k * (4 * s * (1 - s) - d + k * (1 - d)));
  const lo = (2 * s + k - Math.sqrt(disc)) / (2 * (1 + k));
  const hi = (2 * s + k + Math.sqrt(disc)) / (2 * (1 + k));
  return [Math.max(0, lo), Math.min(1, hi)];
}
