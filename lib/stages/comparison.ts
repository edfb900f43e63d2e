/**
 * Cross-engine (and cross-budget) agreement of the index: for every pair of
 * complete stage-1 datasets under `results/`, the rank agreement of their
 * edges (Spearman and Kendall's tau-b, each with a seeded bootstrap CI), the
 * share of positions whose MBI moves by more than 10 points, and the positions
 * where they disagree most.
 *
 * Kendall's tau-b is written here (the pair count with ties, O(n²)) because
 * simple-statistics has no tau-b; its bootstrap reuses the resample-as-
 * multiplicities idea of stats.ts with fewer resamples (documented).
 *
 * @module
 */

import { join, relative } from "node:path";
import { type EvalDataset, evalFilePath, readEvalDataset } from "../store/eval_dataset.ts";
import { deriveMbi } from "../method/mbi.ts";
import { REPO_ROOT, repoPath } from "../core/paths.ts";
import { deriveSeed, rngFromSeed } from "../method/seed.ts";
import { bootstrapSpearman, quantileSorted, spearman } from "../method/stats.ts";
import { writeTextIfChanged } from "../store/atomic.ts";
import { sha256File } from "../core/hash.ts";

/** A complete dataset found under results/. */
export interface DatasetInfo {
  /** Folder under results/. */
  folder: string;
  /** Engine `id name`. */
  engine: string;
  /** Engine id. */
  engine_id: string;
  /** Bench fingerprint. */
  fingerprint: number | null;
  /** Search limit. */
  limit: unknown;
  /** Number of positions. */
  n: number;
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

/** Agreement of two datasets. */
export interface PairAgreement {
  /** Folders compared. */
  a: string;
  /** Second folder. */
  b: string;
  /** Positions in both. */
  common: number;
  /** Spearman's rho of the edges (= of the MBI ranks), with its 95% percentile CI. */
  spearman: { rho: number; ci95: [number, number]; resamples: number; undefined_resamples: number };
  /** Kendall's tau-b of the edges with its 95% percentile CI. */
  kendall: { tau: number; ci95: [number, number]; resamples: number; undefined_resamples: number };
  /** Spearman's rho of the signed values. */
  spearman_eval: number;
  /** Share of positions whose MBI differs by more than 10 points. */
  mbi_moves_over_10: number;
  /** Median |MBI difference|. */
  median_mbi_shift: number;
  /** Positions with the largest |MBI difference|. */
  largest_disagreements: { sp: number; setup: string; mbi_a: number; mbi_b: number; eval_a: number; eval_b: number }[];
  /** Per-position MBI in both (for the rank scatter). */
  points: { sp: number; mbi_a: number; mbi_b: number }[];
}

/** All complete stage-1 datasets under results/ (one per folder), sorted by folder. */
export async function findDatasets(): Promise<EvalDataset[]> {
  const out: EvalDataset[] = [];
  for (const e of [...Deno.readDirSync(repoPath("results"))].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!e.isDirectory) continue;
    const d = await readEvalDataset(evalFilePath(repoPath("results", e.name))).catch(() => undefined);
    if (d && d.missing.length === 0 && d.records.every((r) => r.eval_cp !== null)) out.push(d);
  }
  // The ci profile's dozen positions are a test fixture: compared only when nothing else exists.
  const real = out.filter((d) => datasetInfo(d).folder.split(/[~@]/)[0] !== "ci");
  return real.length ? real : out;
}

/** Describes a dataset. */
export function datasetInfo(d: EvalDataset): DatasetInfo {
  return {
    folder: relative(repoPath("results"), d.path).split("/")[0],
    engine: d.header.engine.uci_name,
    engine_id: d.header.engine.id,
    fingerprint: d.header.config.engine_fingerprint,
    limit: d.header.config.limit,
    n: d.records.length,
  };
}

/** Compares two datasets on their common positions. */
export function comparePair(
  a: EvalDataset,
  b: EvalDataset,
  opts: { resamples: number; kendallResamples: number; seed: number },
): PairAgreement | undefined {
  const bBySp = new Map(b.records.map((r) => [r.sp, r]));
  const common = a.records.filter((r) => bBySp.has(r.sp));
  if (common.length < 3) return undefined;
  const ea = common.map((r) => r.eval_cp!), eb = common.map((r) => bBySp.get(r.sp)!.eval_cp!);
  const edgeA = ea.map(Math.abs), edgeB = eb.map(Math.abs);
  const boot = bootstrapSpearman(edgeA, edgeB, { resamples: opts.resamples, seed: opts.seed, stream: 61 });
  const kendall = bootstrapKendall(edgeA, edgeB, opts.kendallResamples, opts.seed, 62);
  const mbiA = deriveMbi(common.map((r, i) => ({ sp: r.sp, eval_cp: ea[i] })));
  const mbiB = deriveMbi(common.map((r, i) => ({ sp: r.sp, eval_cp: eb[i] })));
  const points = mbiA.map((m, i) => ({ sp: m.sp, mbi_a: m.mbi, mbi_b: mbiB[i].mbi }));
  const shifts = points.map((p) => Math.abs(p.mbi_a - p.mbi_b)).sort((x, y) => x - y);
  const setupOf = new Map(common.map((r) => [r.sp, r.setup]));
  const evalOf = new Map(common.map((r, i) => [r.sp, [ea[i], eb[i]]]));
  const largest = [...points].sort((p, q) => Math.abs(q.mbi_a - q.mbi_b) - Math.abs(p.mbi_a - p.mbi_b) || p.sp - q.sp)
    .slice(0, 10)
    .map((p) => ({
      sp: p.sp,
      setup: setupOf.get(p.sp)!,
      mbi_a: p.mbi_a,
      mbi_b: p.mbi_b,
      eval_a: evalOf.get(p.sp)![0],
      eval_b: evalOf.get(p.sp)![1],
    }));
  return {
    a: datasetInfo(a).folder,
    b: datasetInfo(b).folder,
    common: common.length,
    spearman: {
      rho: boot.estimate,
      ci95: boot.percentile,
      resamples: boot.resamples,
      undefined_resamples: boot.undefined_resamples,
    },
    kendall: {
      tau: kendall.tau,
      ci95: kendall.ci95,
      resamples: kendall.resamples,
      undefined_resamples: kendall.undefined_resamples,
    },
    spearman_eval: spearman(ea, eb),
    mbi_moves_over_10: shifts.filter((s) => s > 10).length / shifts.length,
    median_mbi_shift: quantileSorted(shifts, 0.5),
    largest_disagreements: largest,
    points,
  };
}

/** Compares every pair of complete datasets and writes `results/engine_comparison.json`. */
export async function compareAll(
  opts: { resamples?: number; kendallResamples?: number; seed?: number } = {},
): Promise<{ datasets: DatasetInfo[]; pairs: PairAgreement[]; path: string }> {
  const datasets = await findDatasets();
  const pairs: PairAgreement[] = [];
  const o = {
    resamples: opts.resamples ?? 10_000,
    kendallResamples: opts.kendallResamples ?? 1_000,
    seed: opts.seed ?? 20260825,
  };
  for (let i = 0; i < datasets.length; i++) {
    for (let j = i + 1; j < datasets.length; j++) {
      const p = comparePair(datasets[i], datasets[j], o);
      if (p) pairs.push(p);
    }
  }
  const path = join(REPO_ROOT, "results", "engine_comparison.json");
  const file = {
    kind: "mbi-engine-comparison",
    schema: 1,
    inputs: await Promise.all(
      datasets.map(async (d) => ({ path: relative(REPO_ROOT, d.path), sha256: await sha256File(d.path) })),
    ),
    datasets: datasets.map(datasetInfo),
    settings: {
      ...o,
      note:
        "rank agreement of edges |eval_cp|; Spearman CI from B resamples, Kendall tau-b CI from its own (smaller, O(n^2) each) B",
    },
    pairs: pairs.map(({ points: _p, ...rest }) => rest),
  };
  const text = JSON.stringify(file, null, 1) + "\n";
  await writeTextIfChanged(path, text);
  return { datasets: datasets.map(datasetInfo), pairs, path };
}
