/**
 * A distribution's facts (median, quartiles, extremes, share below zero) estimated from a sample of positions, for
 * the method's budget computed on a sample of the 960 drawn one per stratum of equal size (every position had the
 * same chance, so the sample's median estimates theirs). The bootstrap resamples the sample as a simple random
 * sample, ignoring the strata; since strata of an auxiliary variable correlated with the values make the estimate
 * less variable, the intervals err on the wide side.
 *
 * @module
 */

import { deriveSeed, rngFromSeed } from "./seed.ts";
import { quantileSorted } from "./stats.ts";
import { scoreInterval } from "./intervals.ts";
import { MbiError } from "../core/mod.ts";

/** An estimate: the statistic on the sample, with its 95% interval. */
export interface Estimate {
  estimate: number;
  ci95: [number, number];
}

/** Options of the seeded bootstrap: resamples (B), base seed, and sub-stream (independent resamples per statistic). */
export interface SampleBootstrapOptions {
  resamples: number;
  seed: number;
  stream: number;
}

/**
 * Percentile bootstrap of a statistic of one sample: B resamples with replacement drawn with xoroshiro128+ seeded
 * by `deriveSeed(seed, stream)`; the statistic gets each resample sorted ascending. 95% interval from type-7
 * quantiles of the resampled statistic.
 */
export function bootstrapStatistic(
  values: readonly number[],
  statistic: (sorted: number[]) => number,
  opts: SampleBootstrapOptions,
): Estimate {
  if (values.length < 2) throw new MbiError("stats", `a bootstrap needs at least 2 values (got ${values.length})`);
  if (!Number.isInteger(opts.resamples) || opts.resamples < 1) {
    throw new MbiError("stats", `resamples ${opts.resamples}: expected a whole number >= 1`);
  }
  for (const v of values) if (!Number.isFinite(v)) throw new MbiError("stats", `not a finite number: ${v}`);
  const n = values.length;
  const rng = rngFromSeed(deriveSeed(opts.seed, opts.stream));
  const out = new Float64Array(opts.resamples);
  const r = new Array<number>(n);
  for (let b = 0; b < opts.resamples; b++) {
    for (let k = 0; k < n; k++) r[k] = values[rng.int(0, n - 1)];
    r.sort((x, y) => x - y);
    out[b] = statistic(r);
  }
  out.sort();
  const ci95: [number, number] = [quantileSorted(out, 0.025), quantileSorted(out, 0.975)];
  return { estimate: statistic([...values].sort((x, y) => x - y)), ci95 };
}

/** What a sample of n values says about the distribution they were drawn from. */
export interface SampleFacts {
  n: number;
  /** Median (type 7) with its bootstrap interval. */
  median: Estimate;
  /** First and third quartiles (type 7) with their bootstrap intervals. */
  quartiles: [Estimate, Estimate];
  /** Smallest and largest value in the sample: the whole set's range contains [min, max]. */
  min: number;
  max: number;
  /** Values below 0: count, share and the share's 95% Wilson interval. */
  below_zero: { count: number; share: number; ci95: [number, number] };
}

/**
 * The facts of a sample: median and quartiles with seeded bootstrap intervals (streams `stream`, `stream + 1`,
 * `stream + 2`), extremes, and the share below 0 with the Wilson interval (the score interval without draws).
 */
export function sampleFacts(values: readonly number[], opts: SampleBootstrapOptions): SampleFacts {
  const q = (p: number) => (s: number[]) => quantileSorted(s, p);
  const below = values.filter((v) => v < 0).length;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: values.length,
    median: bootstrapStatistic(values, q(0.5), opts),
    quartiles: [
      bootstrapStatistic(values, q(0.25), { ...opts, stream: opts.stream + 1 }),
      bootstrapStatistic(values, q(0.75), { ...opts, stream: opts.stream + 2 }),
    ],
    min: sorted[0],
    max: sorted[sorted.length - 1],
    below_zero: {
      count: below,
      share: below / values.length,
      ci95: scoreInterval({ games: values.length, wins: below, draws: 0, losses: values.length - below }),
    },
  };
}
