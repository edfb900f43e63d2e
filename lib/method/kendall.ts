/**
 * Kendall's tau-b with a seeded bootstrap percentile interval.
 *
 * Written here (the pair count with ties, O(n²)) because simple-statistics has
 * no tau-b; its bootstrap reuses the resample-as-multiplicities idea of
 * stats.ts, with fewer resamples (each costs O(n²)).
 *
 * @module
 */

import { deriveSeed, rngFromSeed } from "./seed.ts";
import { quantileSorted } from "./stats.ts";

/** Kendall's tau-b of paired values with multiplicities (all 1 when omitted). */
export function kendallTauB(x: readonly number[], y: readonly number[], counts?: Int32Array): number {
  const n = x.length;
  let concordant = 0, discordant = 0, tiesX = 0, tiesY = 0, total = 0;
  for (let i = 0; i < n; i++) {
    const ci = counts ? counts[i] : 1;
    if (ci === 0) continue;
    // pairs within the copies of one observation: tied in both
    const self = (ci * (ci - 1)) / 2;
    tiesX += self;
    tiesY += self;
    total += self;
    for (let j = i + 1; j < n; j++) {
      const cj = counts ? counts[j] : 1;
      if (cj === 0) continue;
      const w = ci * cj;
      total += w;
      const dx = x[i] - x[j], dy = y[i] - y[j];
      if (dx === 0) tiesX += w;
      if (dy === 0) tiesY += w;
      if (dx !== 0 && dy !== 0) {
        if ((dx > 0) === (dy > 0)) concordant += w;
        else discordant += w;
      }
    }
  }
  const den = Math.sqrt((total - tiesX) * (total - tiesY));
  return den === 0 ? NaN : (concordant - discordant) / den;
}

/** Bootstrap percentile CI of Kendall's tau-b (pairs resampled together; undefined resamples counted). */
export function bootstrapKendall(
  x: readonly number[],
  y: readonly number[],
  resamples: number,
  seed: number,
  stream: number,
): { tau: number; ci95: [number, number]; undefined_resamples: number; resamples: number } {
  const n = x.length;
  const rng = rngFromSeed(deriveSeed(seed, stream));
  const counts = new Int32Array(n);
  const values: number[] = [];
  let undef = 0;
  for (let b = 0; b < resamples; b++) {
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[rng.int(0, n - 1)]++;
    const t = kendallTauB(x, y, counts);
    if (Number.isNaN(t)) undef++;
    else values.push(t);
  }
  values.sort((a, b) => a - b);
  return {
    tau: kendallTauB(x, y),
    ci95: [quantileSorted(values, 0.025), quantileSorted(values, 0.975)],
    undefined_resamples: undef,
    resamples,
  };
}
