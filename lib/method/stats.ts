/**
 * Statistics: average ranks (the tie rule of the MBI and of Spearman's rho), Spearman's rho (Pearson correlation
 * of average ranks) and Kendall's tau-b, with seeded bootstrap intervals: percentile (type-7) and BCa for rho.
 * Written here, not taken from a package: the index needs exactly this tie rule, simple-statistics neither exports
 * its ranks nor has tau-b, and the bootstrap must be seeded, count undefined resamples, and run 10,000 resamples
 * over 960 pairs in well under a second: each resample is a vector of multiplicities, and average ranks of a
 * resample are computed in O(n) from the presorted data (tau-b's pair count is O(n²): it gets fewer resamples).
 * Normal quantiles come from simple-statistics.
 *
 * @module
 */

import { errorFunction, probit } from "simple-statistics";
import { deriveSeed, rngFromSeed } from "./seed.ts";
import { METHOD_SEED } from "./profiles.ts";
import { MbiError } from "../core/mod.ts";

/** Returns the average ranks (1-based, ascending, ties share their mean rank) of `values`. */
export function averageRanks(values: readonly number[]): number[] {
  for (const v of values) {
    if (!Number.isFinite(v)) throw new RangeError(`cannot rank ${v}: only finite numbers have a rank`);
  }
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]] === values[order[i]]) j++;
    // positions i..j (0-based) hold equal values: ranks i+1..j+1, mean (i+j)/2+1
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]] = rank;
    i = j + 1;
  }
  return ranks;
}

function checkPairs(x: readonly number[], y: readonly number[]): void {
  if (x.length !== y.length) throw new MbiError("stats", `x has ${x.length} values, y has ${y.length}: pairs needed`);
  if (x.length < 3) throw new MbiError("stats", `Spearman's rho needs at least 3 pairs (got ${x.length})`);
  for (const v of [...x, ...y]) if (!Number.isFinite(v)) throw new MbiError("stats", `not a finite number: ${v}`);
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

/** Spearman's rho as scipy's spearmanr; a `stats` MbiError for < 3 pairs or non-finite values; NaN: constant column. */
export function spearman(x: readonly number[], y: readonly number[]): number {
  checkPairs(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}

/** The words for a column of scores that holds one value: why a correlation with it is not defined. */
export const SAME_SCORES = "every position scored the same";

/** Why Spearman's rho of `x` and `y` is not defined (`ySame`: `y` is constant, `xSame`: `x` is), or undefined. */
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
 * Standard normal quantile to about 1e-7 (the accuracy of simple-statistics' erf): its `probit` (off by 0.003 at
 * 0.975: 1.9572 for 1.9600), refined by two Newton steps on {@link normalCdf}.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : NaN;
  let z = probit(p);
  for (let i = 0; i < 2; i++) z -= (normalCdf(z) - p) / (Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI));
  return z;
}

/** Resamples of `n` items as multiplicities (one vector, refilled), by xoroshiro128+ at `deriveSeed(seed, stream)`. */
export function* resampleCounts(n: number, resamples: number, seed: number, stream: number): Generator<Int32Array> {
  const rng = rngFromSeed(deriveSeed(seed, stream));
  const counts = new Int32Array(n);
  for (let b = 0; b < resamples; b++) {
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[rng.int(0, n - 1)]++;
    yield counts;
  }
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
function ranksOfResample(r: Ranking, counts: Int32Array, out: Float64Array): void {
  let before = 0;
  for (let g = 0; g + 1 < r.groupStarts.length; g++) {
    let total = 0;
    for (let k = r.groupStarts[g]; k < r.groupStarts[g + 1]; k++) total += counts[r.order[k]];
    if (total === 0) continue;
    const rank = before + (total + 1) / 2;
    for (let k = r.groupStarts[g]; k < r.groupStarts[g + 1]; k++) out[r.order[k]] = rank;
    before += total;
  }
}

/** Spearman's rho of a resample with multiplicities `counts` (NaN when a column is constant in it). */
function weightedSpearman(rx: Ranking, ry: Ranking, counts: Int32Array, bx: Float64Array, by: Float64Array): number {
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

/** Options of {@link bootstrapSpearman}: B (10,000), seed (the method's), sub-stream (0), confidence level (0.95). */
export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
  /** Sub-stream, so several statistics on the same data get independent resamples. */
  stream?: number;
  level?: number;
}

/** The resamples, seed and stream of the options, with their defaults; the resamples checked. */
function settings(opts: BootstrapOptions): { resamples: number; seed: number; stream: number } {
  const resamples = opts.resamples ?? 10_000;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new MbiError("stats", `resamples ${resamples}: expected a whole number >= 1`);
  }
  return { resamples, seed: opts.seed ?? METHOD_SEED, stream: opts.stream ?? 0 };
}

/** A bootstrap confidence interval of Spearman's rho: its `estimate` over `n` pairs, and the settings used. */
export interface BootstrapResult {
  estimate: number;
  n: number;
  resamples: number;
  seed: number;
  stream: number;
  level: number;
  /** Resamples where rho was undefined (a constant column), left out of the intervals. */
  undefined_resamples: number;
  /** Percentile interval (type-7 quantiles of the defined resamples). */
  percentile: [number, number];
  /** BCa interval (bias-corrected and accelerated; jackknife acceleration); null when not computable. */
  bca: [number, number] | null;
  bca_parameters: { z0: number; a: number } | null;
  /** The defined resampled values, sorted (for plots). */
  distribution: number[];
}

/**
 * Pairs bootstrap of Spearman's rho: positions resampled with replacement keeping (x, y) together, B times
 * ({@link resampleCounts}). Percentile interval with type-7 quantiles, and BCa with z0 = Φ⁻¹(share of resamples <
 * estimate) (as scipy) and the jackknife acceleration. Undefined resamples are counted, not hidden.
 */
export function bootstrapSpearman(
  x: readonly number[],
  y: readonly number[],
  opts: BootstrapOptions = {},
): BootstrapResult {
  checkPairs(x, y);
  const { resamples, seed, stream } = settings(opts);
  const draws = resampleCounts(x.length, resamples, seed, stream);
  const { resampled: _all, ...result } = bootstrapFromResamples(x, y, draws, opts.level);
  return { ...result, resamples, seed, stream };
}

/** A paired difference of two correlations, rho2 − rho1 (rho(x2, y) − rho(x1, y) on the data), with its interval. */
export interface PairedDifference {
  estimate: number;
  rho1: number;
  rho2: number;
  /** Percentile interval of the resampled differences (type-7 quantiles). */
  ci95: [number, number];
  /** Share of the defined resamples whose difference is above 0. */
  share_above_zero: number;
  n: number;
  resamples: number;
  seed: number;
  stream: number;
}

/**
 * Paired bootstrap of rho(x2, y) − rho(x1, y) (e.g. two search budgets' values against the same games): each
 * resample of positions ({@link resampleCounts}) scores both correlations on the same positions; 95% percentiles.
 */
export function bootstrapSpearmanDifference(
  x1: readonly number[],
  x2: readonly number[],
  y: readonly number[],
  opts: BootstrapOptions = {},
): PairedDifference {
  checkPairs(x1, y);
  checkPairs(x2, y);
  const { resamples, seed, stream } = settings(opts);
  const n = y.length;
  const r1 = prepare(x1), r2 = prepare(x2), ry = prepare(y);
  const bx = new Float64Array(n), by = new Float64Array(n);
  const diffs: number[] = [];
  for (const counts of resampleCounts(n, resamples, seed, stream)) {
    const d = weightedSpearman(r2, ry, counts, bx, by) - weightedSpearman(r1, ry, counts, bx, by);
    if (!Number.isNaN(d)) diffs.push(d);
  }
  diffs.sort((a, b) => a - b);
  const rho1 = spearman(x1, y), rho2 = spearman(x2, y);
  const ci95: [number, number] = [quantileSorted(diffs, 0.025), quantileSorted(diffs, 0.975)];
  const share_above_zero = diffs.filter((d) => d > 0).length / diffs.length;
  return { estimate: rho2 - rho1, rho1, rho2, ci95, share_above_zero, n, resamples, seed, stream };
}

/**
 * The bootstrap's intervals from given resamples (each a vector of multiplicities): the resampled rhos, the
 * percentile interval and BCa, as scipy.stats.bootstrap computes them. Exported so that a fixture can check these
 * formulas against scipy on the same resamples.
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
  let undefined_resamples = 0;
  for (const counts of resamples) {
    const rho = weightedSpearman(rx, ry, counts, bx, by);
    resampled.push(rho);
    if (Number.isNaN(rho)) undefined_resamples++;
  }
  const values = resampled.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const alpha = (1 - level) / 2;
  const percentile: [number, number] = [quantileSorted(values, alpha), quantileSorted(values, 1 - alpha)];
  let bca: [number, number] | null = null;
  let bca_parameters: { z0: number; a: number } | null = null;
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
      const end = (p: number) => quantileSorted(values, adj(normalQuantile(p)));
      bca = [end(alpha), end(1 - alpha)];
      bca_parameters = { z0, a };
    }
  }
  return { estimate, n, level, undefined_resamples, percentile, bca, bca_parameters, distribution: values, resampled };
}

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
  const values: number[] = [];
  let undef = 0;
  for (const counts of resampleCounts(x.length, resamples, seed, stream)) {
    const t = kendallTauB(x, y, counts);
    if (Number.isNaN(t)) undef++;
    else values.push(t);
  }
  values.sort((a, b) => a - b);
  const ci95: [number, number] = [quantileSorted(values, 0.025), quantileSorted(values, 0.975)];
  return { tau: kendallTauB(x, y), ci95, undefined_resamples: undef, resamples };
}
