/**
 * Cross-engine (and cross-budget) agreement of the index, for every pair of complete stage-1 datasets under
 * `results/` and the shipped depth-32 peer: the rank agreement of their edges (Spearman and Kendall's tau-b, each
 * with a seeded bootstrap CI), how far the MBI moves, and the positions where they disagree most.
 *
 * @module
 */

import { join } from "node:path";
import {
  codeVersion,
  datasetFolder,
  type EvalDataset,
  inputFiles,
  peerDataset,
  resultsRoot,
  scanDatasets,
  writeJsonUnlessSame,
} from "../store/mod.ts";
import {
  bootstrapKendall,
  bootstrapSpearman,
  deriveMbi,
  type MbiShift,
  mbiShift,
  METHOD_SEED,
  POSITION_COUNT,
  spearman,
} from "../method/mod.ts";
import { MbiError } from "../core/mod.ts";
import { type SearchLimit } from "../engine/mod.ts";

/** A complete dataset found under results/: its folder, engine (`id name`, id, fingerprint), search limit, n. */
export interface DatasetInfo {
  folder: string;
  engine: string;
  engine_id: string;
  fingerprint: number | null;
  limit: SearchLimit;
  n: number;
}

/** Agreement of two datasets (folders a and b) on the positions in both. */
export interface PairAgreement {
  a: string;
  b: string;
  common: number;
  /** Spearman's rho of the edges (= of the MBI ranks), with its 95% percentile CI. */
  spearman: { rho: number; ci95: [number, number]; resamples: number; undefined_resamples: number };
  /** Kendall's tau-b of the edges with its 95% percentile CI. */
  kendall: { tau: number; ci95: [number, number]; resamples: number; undefined_resamples: number };
  /** Spearman's rho of the signed values. */
  spearman_eval: number;
  /** How far the MBI moves between the two datasets (median, p90, max |ΔMBI|, share moving > 10). */
  mbi_shift: MbiShift;
  /** Positions with the largest |MBI difference|. */
  largest_disagreements: { sp: number; setup: string; mbi_a: number; mbi_b: number; eval_a: number; eval_b: number }[];
  /** Per-position MBI in both (for the rank scatter). */
  points: { sp: number; mbi_a: number; mbi_b: number }[];
}

/** Describes a dataset. */
export function datasetInfo(d: EvalDataset): DatasetInfo {
  return {
    folder: datasetFolder(d),
    engine: d.header.engine.uci_name,
    engine_id: d.header.engine.id,
    fingerprint: d.header.config.engine_fingerprint,
    limit: d.header.config.limit,
    n: d.records.length,
  };
}

/** Bootstrap settings of a comparison: resamples for Spearman's and (O(n²) each) Kendall's intervals, the seed. */
export type ComparisonOptions = { resamples: number; kendallResamples: number; seed: number };

/** Compares two datasets on their common positions. */
export function comparePair(a: EvalDataset, b: EvalDataset, opts: ComparisonOptions): PairAgreement | undefined {
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
  const setupOf = new Map(common.map((r) => [r.sp, r.setup]));
  const evalOf = new Map(common.map((r, i) => [r.sp, [ea[i], eb[i]]]));
  const largest = [...points].sort((p, q) => Math.abs(q.mbi_a - q.mbi_b) - Math.abs(p.mbi_a - p.mbi_b) || p.sp - q.sp)
    .slice(0, 10)
    .map((p) => {
      const [eval_a, eval_b] = evalOf.get(p.sp)!;
      return { sp: p.sp, setup: setupOf.get(p.sp)!, mbi_a: p.mbi_a, mbi_b: p.mbi_b, eval_a, eval_b };
    });
  const counts = (r: { resamples: number; undefined_resamples: number }) => ({
    resamples: r.resamples,
    undefined_resamples: r.undefined_resamples,
  });
  return {
    a: datasetFolder(a),
    b: datasetFolder(b),
    common: common.length,
    spearman: { rho: boot.estimate, ci95: boot.percentile, ...counts(boot) },
    kendall: { tau: kendall.tau, ci95: kendall.ci95, ...counts(kendall) },
    spearman_eval: spearman(ea, eb),
    mbi_shift: mbiShift(mbiA, mbiB),
    largest_disagreements: largest,
    points,
  };
}

/** Schema version of `engine_comparison.json` (2: one MBI-shift definition, code version). */
export const COMPARISON_SCHEMA = 2;

/** Compares every pair of complete datasets and writes `results/engine_comparison.json`. */
export async function compareAll(
  opts: { resamples?: number; kendallResamples?: number; seed?: number } = {},
): Promise<{ datasets: DatasetInfo[]; pairs: PairAgreement[]; path: string }> {
  // every complete dataset of the results root (the ci test fixture only when nothing else exists), and the shipped
  // depth-32 peer beside those computed here (a reference-engine set only: not beside the ci fixture)
  let scan = await scanDatasets();
  if (scan.complete.length === 0) scan = await scanDatasets({ includeCi: true });
  if (scan.problems.length) {
    throw new MbiError("dataset", `cannot read ${scan.problems[0].file}: ${scan.problems[0].reason}`);
  }
  const found = scan.complete;
  const datasets = found.some((d) => d.records.length === POSITION_COUNT) ? [...found, await peerDataset()] : found;
  const pairs: PairAgreement[] = [];
  const o = {
    resamples: opts.resamples ?? 10_000,
    kendallResamples: opts.kendallResamples ?? 1_000,
    seed: opts.seed ?? METHOD_SEED,
  };
  for (let i = 0; i < datasets.length; i++) {
    for (let j = i + 1; j < datasets.length; j++) {
      const p = comparePair(datasets[i], datasets[j], o);
      if (p) pairs.push(p);
    }
  }
  const path = join(resultsRoot(), "engine_comparison.json");
  const file = {
    kind: "mbi-engine-comparison",
    schema: COMPARISON_SCHEMA,
    inputs: await inputFiles(datasets.map((d) => d.path)),
    datasets: datasets.map(datasetInfo),
    settings: {
      ...o,
      note:
        "rank agreement of edges |eval_cp|; Spearman CI from B resamples, Kendall tau-b CI from its own (smaller, O(n^2) each) B",
    },
    pairs: pairs.map(({ points: _p, ...rest }) => rest),
    code: await codeVersion(),
  };
  await writeJsonUnlessSame(path, file, ["code"]);
  return { datasets: datasets.map(datasetInfo), pairs, path };
}
