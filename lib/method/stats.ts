/**
 * Statistics of stage 5: Spearman's rho (Pearson correlation of average
 * ranks) and a seeded pairs bootstrap with percentile (type-7) and BCa
 * intervals.
 *
 * The bootstrap is written here, not taken from a package, because it must be
 * seeded, count undefined resamples, and run 10,000 resamples over 960 pairs
 * in well under a second: each resample is a vector of multiplicities, and
 * average ranks of a resample are computed in O(n) from the presorted data.
 * Normal quantiles come from simple-statistics.
 *
 * @module
 */

import { errorFunction, probit } from "simple-statistics";
import { averageRanks } from "./ranks.ts";
import { deriveSeed, rngFromSeed } from "./seed.ts";
import { METHOD_SEED } from "./profiles.ts";
import { MbiError } from "../core/mod.ts";

function checkPairs(x: readonly number[], y: readonly number[]): void {
  if (x.length !== y.length) {
    throw new MbiError(
      "stats",
      `x has ${x.length} values, y has ${y.length}: pairs needed`,
    );
  }
  if (x.length < 3) {
    throw new MbiError(
      "stats",
      `Spearman's rho needs at least 3 pairs (got ${x.length})`,
    );
  }
  for (const v of [...x, ...y]) {
    if (!Number.isFinite(v)) {
      throw new MbiError("stats", `not a finite number: ${v}`);
    }
  }
}

/** Pearson correlation; NaN when a column is constant. */
export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx, dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy);
}

/**
 * Spearman's rho: the Pearson correlation of average ranks (ties share their
 * mean rank), as scipy.stats.spearmanr. Throws a `stats` MbiError for fewer
 * than 3 pairs or non-finite values; returns NaN when a column is constant
 * (the correlation is undefined there).
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  checkPairs(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}

/** The words for a column of scores that holds one value: why a correlation with it is not defined. */
export const SAME_SCORES = "every position scored the same";

/**
 * Why Spearman's rho of `x` and `y` is not defined, in words, or undefined
 * when it is: `ySame` when every value of `y` is the same (e.g.
 * {@link SAME_SCORES}), `xSame` when every value of `x` is.
 */
export function whyNotDefined(
  x: readonly number[],
  y: readonly number[],
  ySame: string,
  xSame = "every position has the same value",
): string | undefined {
  const constant = (v: readonly number[]) => v.every((a) => a === v[0]);
  return constant(y) ? ySame : constant(x) ? xSame : undefined;
}

/** Linear-interpolation quantile (Hyndman–Fan type 7, numpy's default) of sorted values. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Standard normal CDF. */
export function normalCdf(z: number): number {
  return 0.5 * (1 + errorFunction(z / Math.SQRT2));
}

/**
 * Standard normal quantile to about 1e-7 (the accuracy of simple-statistics'
 * erf): its `probit` (off by 0.003 at 0.975: 1.9572 for 1.9600), refined by
 * two Newton steps on {@link normalCdf}.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : NaN;
  let z = probit(p);
  for (let i = 0; i < 2; i++) z -= (normalCdf(z) - p) / (Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI));
  return z;
}

/** The presorted ties structure of one variable. */
interface Ranking {
  order: Int32Array;
  groupStarts: Int32Array; // start offsets in `order` of each tie group, plus n at the end
}

function prepare(values: readonly number[]): Ranking {
  const order = Int32Array.from(values.map((_, i) => i)).sort((a, b) => values[a] - values[b]);
  const starts: number[] = [0];
  for (let k = 1; k < order.length; k++) {
    if (values[order[k]] !== values[order[k - 1]]) starts.push(k);
  }
  starts.push(order.length);
  return { order, groupStarts: Int32Array.from(starts) };
}

/** Average ranks of a resample given by multiplicities `counts` (written into `out` per original index). */
function ranksOfResample(
  r: Ranking,
  counts: Int32Array,
  out: Float64Array,
): void {
  let before = 0;
  for (let g = 0; g + 1 < r.groupStarts.length; g++) {
    let total = 0;
    for (let k = r.groupStarts[g]; k < r.groupStarts[g + 1]; k++) {
      total += counts[r.order[k]];
    }
    if (total === 0) continue;
    const rank = before + (total + 1) / 2;
    for (let k = r.groupStarts[g]; k < r.groupStarts[g + 1]; k++) {
      out[r.order[k]] = rank;
    }
    before += total;
  }
}

/** Spearman's rho of a resample with multiplicities `counts` (NaN when a column is constant in it). */
function weightedSpearman(
  rx: Ranking,
  ry: Ranking,
  counts: Int32Array,
  bx: Float64Array,
  by: Float64Array,
): number {
  ranksOfResample(rx, counts, bx);
  ranksOfResample(ry, counts, by);
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  const m = (n + 1) / 2;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i];
    if (c === 0) continue;
    const dx = bx[i] - m, dy = by[i] - m;
    sxy += c * dx * dy;
    sxx += c * dx * dx;
    syy += c * dy * dy;
  }
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy);
}

/**
 * Spearman's rho of the resample that holds pair i `counts[i]` times, without
 * materialising it (the bootstrap's inner step; exported for tests).
 */
export function spearmanOfResample(
  x: readonly number[],
  y: readonly number[],
  counts: Int32Array,
): number {
  return weightedSpearman(
    prepare(x),
    prepare(y),
    counts,
    new Float64Array(x.length),
    new Float64Array(y.length),
  );
}

/** Options of {@link bootstrapSpearman}. */
export interface BootstrapOptions {
  /** Number of resamples B (default 10,000). */
  resamples?: number;
  /** Seed of the generator (the method's base seed by default). */
  seed?: number;
  /** Sub-stream, so several statistics on the same data get independent resamples. */
  stream?: number;
  /** Confidence level (default 0.95). */
  level?: number;
}

/** A bootstrap confidence interval of Spearman's rho. */
export interface BootstrapResult {
  /** rho on the data. */
  estimate: number;
  /** Number of pairs. */
  n: number;
  /** Resamples drawn. */
  resamples: number;
  /** Seed and stream used. */
  seed: number;
  /** Sub-stream. */
  stream: number;
  /** Confidence level. */
  level: number;
  /** Resamples where rho was undefined (a constant column), left out of the intervals. */
  undefined_resamples: number;
  /** Percentile interval (type-7 quantiles of the defined resamples). */
  percentile: [number, number];
  /** BCa interval (bias-corrected and accelerated; jackknife acceleration); null when not computable. */
  bca: [number, number] | null;
  /** BCa bias correction z0 and acceleration a. */
  bca_parameters: { z0: number; a: number } | null;
  /** The defined resampled values, sorted (for plots). */
  distribution: number[];
}

/**
 * Pairs bootstrap of Spearman's rho: resample positions with replacement
 * keeping (x, y) together, B times, with xoroshiro128+ seeded by
 * `deriveSeed(seed, stream)`. Percentile interval with type-7 quantiles, and
 * BCa with z0 = Φ⁻¹(share of resamples < estimate) (as scipy) and the
 * jackknife acceleration. Undefined resamples are counted, not hidden.
 */
export function bootstrapSpearman(
  x: readonly number[],
  y: readonly number[],
  opts: BootstrapOptions = {},
): BootstrapResult {
  checkPairs(x, y);
  const B = opts.resamples ?? 10_000;
  if (!Number.isInteger(B) || B < 1) {
    throw new MbiError("stats", `resamples ${B}: expected a whole number >= 1`);
  }
  const seed = opts.seed ?? METHOD_SEED;
  const stream = opts.stream ?? 0;
  const n = x.length;
  const rng = rngFromSeed(deriveSeed(seed, stream));
  const counts = new Int32Array(n);
  function* resamples(): Generator<Int32Array> {
    for (let b = 0; b < B; b++) {
      counts.fill(0);
      for (let k = 0; k < n; k++) counts[rng.int(0, n - 1)]++;
      yield counts;
    }
  }
  const { resampled: _all, ...result } = bootstrapFromResamples(x, y, resamples(), opts.level);
  return { ...result, resamples: B, seed, stream };
}

/** A paired difference of two correlations with its percentile interval. */
export interface PairedDifference {
  /** rho(x2, y) − rho(x1, y) on the data. */
  estimate: number;
  /** rho(x1, y) on the data. */
  rho1: number;
  /** rho(x2, y) on the data. */
  rho2: number;
  /** Percentile interval of the resampled differences (type-7 quantiles). */
  ci95: [number, number];
  /** Share of the defined resamples whose difference is above 0. */
  share_above_zero: number;
  /** Positions. */
  n: number;
  /** Resamples drawn. */
  resamples: number;
  /** Seed. */
  seed: number;
  /** Sub-stream. */
  stream: number;
}

/**
 * Paired bootstrap of the difference of two Spearman correlations with the
 * same outcome, rho(x2, y) − rho(x1, y) (e.g. two search budgets' values
 * against the same games): positions are resampled with replacement, each
 * resample scoring both correlations on the same positions, with
 * xoroshiro128+ seeded by `deriveSeed(seed, stream)`; 95% percentile interval.
 */
export function bootstrapSpearmanDifference(
  x1: readonly number[],
  x2: readonly number[],
  y: readonly number[],
  opts: BootstrapOptions = {},
): PairedDifference {
  checkPairs(x1, y);
  checkPairs(x2, y);
  const B = opts.resamples ?? 10_000;
  if (!Number.isInteger(B) || B < 1) throw new MbiError("stats", `resamples ${B}: expected a whole number >= 1`);
  const seed = opts.seed ?? METHOD_SEED;
  const stream = opts.stream ?? 0;
  const n = y.length;
  const rng = rngFromSeed(deriveSeed(seed, stream));
  const r1 = prepare(x1), r2 = prepare(x2), ry = prepare(y);
  const bx = new Float64Array(n), by = new Float64Array(n);
  const counts = new Int32Array(n);
  const diffs: number[] = [];
  for (let b = 0; b < B; b++) {
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[rng.int(0, n - 1)]++;
    const d = weightedSpearman(r2, ry, counts, bx, by) - weightedSpearman(r1, ry, counts, bx, by);
    if (!Number.isNaN(d)) diffs.push(d);
  }
  diffs.sort((a, b) => a - b);
  const rho1 = spearman(x1, y), rho2 = spearman(x2, y);
  return {
    estimate: rho2 - rho1,
    rho1,
    rho2,
    ci95: [quantileSorted(diffs, 0.025), quantileSorted(diffs, 0.975)],
    share_above_zero: diffs.filter((d) => d > 0).length / diffs.length,
    n,
    resamples: B,
    seed,
    stream,
  };
}

/**
 * The bootstrap's intervals from given resamples (each a vector of
 * multiplicities): the resampled rhos, the percentile interval (type-7
 * quantiles) and BCa with z0 = Φ⁻¹(share of resampled rho < rho) and the
 * jackknife acceleration, as scipy.stats.bootstrap computes them. Exported so
 * that a fixture can check these formulas against scipy on the same resamples.
 */
export function bootstrapFromResamples(
  x: readonly number[],
  y: readonly number[],
  resamples: Iterable<Int32Array>,
  level = 0.95,
): Omit<BootstrapResult, "resamples" | "seed" | "stream"> & { resampled: number[] } {
  checkPairs(x, y);
  const n = x.length;
  const estimate = spearman(x, y);
  const rx = prepare(x), ry = prepare(y);
  const bx = new Float64Array(n), by = new Float64Array(n);
  const resampled: number[] = [];
  let undefinedCount = 0;
  for (const counts of resamples) {
    const rho = weightedSpearman(rx, ry, counts, bx, by);
    resampled.push(rho);
    if (Number.isNaN(rho)) undefinedCount++;
  }
  const values = resampled.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const alpha = (1 - level) / 2;
  const percentile: [number, number] = [quantileSorted(values, alpha), quantileSorted(values, 1 - alpha)];
  let bca: [number, number] | null = null;
  let params: { z0: number; a: number } | null = null;
  if (values.length > 0 && Number.isFinite(estimate)) {
    const below = values.filter((v) => v < estimate).length / values.length;
    const z0 = below > 0 && below < 1 ? normalQuantile(below) : NaN;
    const jack: number[] = [];
    for (let i = 0; i < n; i++) {
      const xi = x.filter((_, k) => k !== i), yi = y.filter((_, k) => k !== i);
      jack.push(n - 1 >= 3 ? pearson(averageRanks(xi), averageRanks(yi)) : NaN);
    }
    const defined = jack.filter(Number.isFinite);
    const mean = defined.reduce((a, b) => a + b, 0) / defined.length;
    const num = defined.reduce((s, v) => s + (mean - v) ** 3, 0);
    const den = 6 * Math.pow(defined.reduce((s, v) => s + (mean - v) ** 2, 0), 1.5);
    const a = den > 0 ? num / den : 0;
    if (Number.isFinite(z0) && defined.length === n) {
      const adj = (z: number) => normalCdf(z0 + (z0 + z) / (1 - a * (z0 + z)));
      bca = [
        quantileSorted(values, adj(normalQuantile(alpha))),
        quantileSorted(values, adj(normalQuantile(1 - alpha))),
      ];
      params = { z0, a };
    }
  }
  return {
    estimate,
    n,
    level,
    undefined_resamples: undefinedCount,
    percentile,
    bca,
    bca_parameters: params,
    distribution: values,
    resampled,
  };
}
