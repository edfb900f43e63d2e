import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { getProfile } from "../store/mod.ts";
import { type EvalDataset } from "../store/mod.ts";
import { type SelfplayResults } from "../selfplay/mod.ts";
import { type MethodSample, type MethodSampleState } from "../report/mod.ts";
import { FRAME_CAPTION, records } from "./frames.ts";
import {
  sampleDistanceFrame,
  sampleFactsFrame,
  sampleFiguresMissing,
  samplePositionsFrame,
  sampleValidationFrame,
} from "./sample_frames.ts";

const design = getProfile("ci");
const captionOf = (df: object) => (df as Record<symbol, string>)[FRAME_CAPTION];

// Two positions of a design, the sample's values for both (or one), and a sample.json's figures (only the
// fields the frames read).
const selfplay = {
  positions: [
    { sp: 518, setup: "RNBQKBNR", stratum: 0, eval_cp: 39, mbi: 40, score: 0.55, games: 50 },
    { sp: 100, setup: "BNRQKBNR", stratum: 1, eval_cp: -4, mbi: 90, score: 0.49, games: 50 },
  ],
} as unknown as SelfplayResults;
const record = (sp: number, eval_cp: number) => ({ sp, eval_cp, mate: null, depth: 48 });
const dataset = (recs: ReturnType<typeof record>[]) =>
  ({
    records: recs,
    missing: [518, 100].filter((sp) => !recs.some((r) => r.sp === sp)),
    header: { positions: [100, 518], engine: { id: "sf17.1-native" }, config: { limit: { nodes: 400_000_000 } } },
  }) as unknown as EvalDataset;
const corr = (rho: number) => ({ label: `rho ${rho}`, rho, ci95_percentile: [rho - 0.2, rho + 0.2], ci95_bca: null });
const validation = (budget: string, values_from: string, mbi_ranked: string, [e, m, i]: number[]) => ({
  budget,
  values_from,
  mbi_ranked,
  eval_vs_score: corr(e),
  mbi_vs_score: corr(m),
  mbi_vs_imbalance: corr(i),
  verdict: { validation: "inconclusive", claim: "inconclusive" },
});
const figures = {
  validation: [
    validation("8,000,000 nodes per position", "quick~eval8000000", "over the index", [0.1, -0.1, -0.03]),
    validation("400,000,000 nodes per position", "results/full/sample2/evals.jsonl", "within the sample", [
      0.2,
      -0.2,
      -0.05,
    ]),
  ],
  published_facts: { budget: "400,000,000 nodes", count: 960, min: -7, max: 83, median: 26, negatives: 4 },
  facts: [
    {
      dataset: "sample",
      budget: "400,000,000 nodes per position",
      on_sample: {
        n: 2,
        median: { estimate: 3.5, ci95: [-4, 11] },
        quartiles: [{ estimate: -0.25 }, { estimate: 7.25 }],
        min: -4,
        max: 11,
        below_zero: { count: 1, share: 0.5, ci95: [0.09, 0.91] },
      },
      all_positions: null,
    },
  ],
  distance_to_method: [{
    dataset: "quick~eval8000000",
    nodes: 8_000_000,
    spearman_edges: { rho: 1, ci95: [1, 1] },
    spearman_eval: 1,
    median_abs_delta_cp: 14,
    max_abs_delta_cp: 28,
    mean_delta_cp: 14,
    eval_vs_score: { rho: 0.3, ci95: [0.1, 0.5], resamples: 100 },
  }],
} as unknown as MethodSample;

Deno.test("sample frames: none without a sample, none while it runs, the figures once computed", async () => {
  // no sample
  ok(sampleFiguresMissing(design, undefined)!.includes("does not exist"));
  const none = await sampleValidationFrame(design, undefined, "correlations");
  assertEquals(none.shape, [0, 12]);
  ok(captionOf(none).startsWith("correlations — none: no sample"), captionOf(none));

  // running: one of two positions; the positions frame shows what there is
  const running: MethodSampleState = {
    path: "/x/evals.jsonl",
    dataset: dataset([record(518, 11)]),
    figures: undefined,
  };
  ok(
    sampleFiguresMissing(design, running)!.includes("1 of 2 positions so far"),
    sampleFiguresMissing(design, running)!,
  );
  assertEquals((await sampleFactsFrame(design, running, "facts")).shape[0], 0);
  const pos = await samplePositionsFrame(selfplay, running, "positions");
  assertEquals(records(pos).map((r) => [r.sp, r.method_eval_cp, r.delta_cp]), [[518, 11, 28], [100, null, null]]);
  ok(captionOf(pos).endsWith("values at it for 1 of 2 positions"), captionOf(pos));

  // complete but not computed
  const complete = { ...running, dataset: dataset([record(518, 11), record(100, -4)]) };
  ok(sampleFiguresMissing(design, complete)!.includes("deno task method-sample --profile ci"));

  // computed: every figure as sample.json has it, the published facts first
  const done: MethodSampleState = { ...complete, figures };
  assertEquals(sampleFiguresMissing(design, done), null);
  const v = records(await sampleValidationFrame(design, done, "correlations"));
  assertEquals(v.length, 6);
  assertEquals(v.filter((r) => r.key === "eval_vs_score").map((r) => [r.budget, r.rho, r.ci_lo, r.ci_hi]), [
    ["8,000,000 nodes per position", 0.1, 0.1 - 0.2, 0.1 + 0.2],
    ["400,000,000 nodes per position", 0.2, 0.2 - 0.2, 0.2 + 0.2],
  ]);
  // a verdict only on the row it is read from: filtering the frame by a verdict keeps the correlation behind it
  assertEquals(v.map((r) => [r.key, r.validation, r.claim]).slice(0, 3), [
    ["eval_vs_score", "inconclusive", null],
    ["mbi_vs_score", null, null],
    ["mbi_vs_imbalance", null, "inconclusive"],
  ]);
  const f = await sampleFactsFrame(design, done, "facts");
  assertEquals(captionOf(f), "facts");
  assertEquals(records(f).map((r) => [r.dataset, r.median, r.min, r.max, r.below_zero, r.all_n, r.all_median]), [
    ["the method, published", null, null, null, null, 960, 26],
    ["sample", 3.5, -4, 11, 1, null, null],
  ]);
  const d = records(await sampleDistanceFrame(design, done, "distance"));
  assertEquals(
    d.map((
      r,
    ) => [r.dataset, r.spearman_edges, r.median_abs_delta_cp, r.mean_delta_cp, r.eval_score_rho, r.eval_score_hi]),
    [["quick~eval8000000", 1, 14, 14, 0.3, 0.5]],
  );
});
