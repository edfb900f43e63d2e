/**
 * How uncertain a design's reliability is. The between-position variance is a difference of two estimates
 * (observed − sampling), so from 60 positions it is itself noisy, and the power and games a design needs rest on it:
 *
 * - a test of "no between-position variance": with equal games per position the observed variance over the mean
 *   sampling variance, times k − 1, is about chi-square with k − 1 degrees of freedom when the positions do not
 *   differ (approximate: the sampling variance is estimated too);
 * - a seeded bootstrap over positions (each resample's reliability as `scoreReliability` computes it): 95%
 *   percentile intervals of the reliability and the between-position variance, and the games per position 80%
 *   power needs at the ends of the latter.
 *
 * @module
 */

import { chiSquareSurvival } from "./chi_square.ts";
import { gamesNeeded, type OutcomeCounts, scoreReliability, usableCounts } from "./reliability.ts";
import { deriveSeed, rngFromSeed } from "./seed.ts";
import { quantileSorted } from "./stats.ts";
import { int } from "../core/mod.ts";

/** The uncertainty of a reliability estimate (see the module), with the bootstrap's resamples, seed and sub-stream. */
export interface ReliabilityUncertainty {
  /** The test of no between-position variance: statistic (k − 1)·observed/sampling, its degrees of freedom, P(χ² ≥ statistic). */
  heterogeneity: { statistic: number; df: number; p: number };
  /** 95% percentile interval of the reliability over position resamples. */
  reliability_ci95: [number, number];
  /** 95% percentile interval of the between-position variance over position resamples. */
  between_ci95: [number, number];
  /** Share of resamples whose scores spread no more than sampling noise (reliability 0). */
  zero_share: number;
  /** Games per position for `power` at the published effect, at the upper and the lower end of the between-variance interval (null: not reachable). */
  games_needed: [number | null, number | null];
  resamples: number;
  seed: number;
  stream: number;
}

/**
 * The heterogeneity test and the bootstrap intervals of a set of per-position counts (null for fewer than 3
 * positions); the games needed are for `power` at `trueRho`.
 */
export function reliabilityUncertainty(
  rows: readonly OutcomeCounts[],
  opts: { resamples: number; seed: number; stream: number; trueRho: number; power: number },
): ReliabilityUncertainty | null {
  const rel = scoreReliability(rows);
  const k = rel.positions;
  if (k < 3 || !(rel.sampling_variance > 0)) return null;
  const used = usableCounts(rows);
  const statistic = (k - 1) * rel.observed_variance / rel.sampling_variance;
  const rng = rngFromSeed(deriveSeed(opts.seed, opts.stream));
  const rs = new Float64Array(opts.resamples), bs = new Float64Array(opts.resamples);
  const pick = new Array<OutcomeCounts>(k);
  let zero = 0;
  for (let b = 0; b < opts.resamples; b++) {
    for (let i = 0; i < k; i++) pick[i] = used[rng.int(0, k - 1)];
    const r = scoreReliability(pick);
    rs[b] = r.reliability;
    bs[b] = r.between_variance;
    if (!(r.between_variance > 0)) zero++;
  }
  rs.sort();
  bs.sort();
  const between: [number, number] = [quantileSorted(bs, 0.025), quantileSorted(bs, 0.975)];
  const need = (v: number) => gamesNeeded(opts.trueRho, v, rel.game_variance, k, opts.power);
  return {
    heterogeneity: { statistic, df: k - 1, p: chiSquareSurvival(statistic, k - 1) },
    reliability_ci95: [quantileSorted(rs, 0.025), quantileSorted(rs, 0.975)],
    between_ci95: between,
    zero_share: zero / opts.resamples,
    games_needed: [need(between[1]), need(between[0])],
    resamples: opts.resamples,
    seed: opts.seed,
    stream: opts.stream,
  };
}

/**
 * The uncertainty in words, for the power statement of a page, card or notebook. `measured`: the power used the
 * variances measured in these games (else the method's stated ones, and only the test is said).
 */
export function reliabilityUncertaintyText(u: ReliabilityUncertainty, power: number, measured: boolean): string {
  const f3 = (x: number) => x.toFixed(3);
  const h = u.heterogeneity;
  const p = h.p < 0.001 ? h.p.toExponential(1) : f3(h.p);
  const test = `p = ${p} (χ² = ${h.statistic.toFixed(1)}, ${h.df} df, an approximate test)`;
  if (!measured) return `A test of any spread beyond game noise gives ${test}.`;
  const [few, many] = u.games_needed;
  const upTo = many === null ? "not reachable" : int(many);
  const games = few === null
    ? "no number of games reaches it"
    : `the games a position needs for ${power} power range from ${int(few)} to ${upTo}`;
  const [lo, hi] = u.reliability_ci95.map(f3);
  return `The spread between positions is itself uncertain: their scores differ beyond game noise at ${test}. ` +
    `Resampling the positions (${int(u.resamples)} resamples), the reliability lies in [${lo}, ${hi}] (95%; ` +
    `${Math.round(100 * u.zero_share)}% of resamples show no spread beyond noise). So ${games}.`;
}
