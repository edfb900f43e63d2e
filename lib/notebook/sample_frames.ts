/**
 * Data frames of a self-play design's sample at the method's budget (its `sample.json`, lib/report/method_sample.ts):
 * the correlations for the index's values and the sample's, the published distribution facts beside every rung's
 * estimates, each rung's distance from the method's budget, and the positions. Views only. Until the sample's
 * figures are computed each frame is empty and its caption says why, so a notebook's cells run alike for every design.
 *
 * @module
 */

import { displayPath } from "../store/mod.ts";
import { type EvaluationRecord, type Profile } from "../method/mod.ts";
import { type SelfplayResults } from "../selfplay/mod.ts";
import { type MethodSample, methodSamplePath, type MethodSampleState, sampleRunCommand } from "../report/mod.ts";
import { correlationColumns, type DataFrame, showColumns, toFrame } from "./frames.ts";

/** Why a design's sample has no figures yet (none, still running, not computed: with the command), or null. */
export function sampleFiguresMissing(design: Profile, state: SampleState): string | null {
  const path = displayPath(methodSamplePath(design));
  if (!state) return `no sample at the method's budget for this design's positions (${path} does not exist)`;
  const { dataset: d } = state;
  if (d.missing.length) {
    return `the sample has ${d.records.length} of ${d.header.positions.length} positions so far; its figures are computed once it is complete (${
      sampleRunCommand(state.path, d.header.positions, d.header.engine.id)
    })`;
  }
  return state.figures ? null : `its figures are not computed yet: deno task method-sample --profile ${design.name}`;
}

/** A design's sample at the method's budget as far as it has gone, if there is one. */
export type SampleState = MethodSampleState | undefined;

const caption = (design: Profile, state: SampleState, text: string) => {
  const missing = sampleFiguresMissing(design, state);
  return missing ? `${text} — none: ${missing}` : text;
};

/** The correlations with the self-play scores, one row per set of values × correlation, with intervals and verdicts. */
export async function sampleValidationFrame(design: Profile, state: SampleState, text: string): Promise<DataFrame> {
  const m = state?.figures;
  const rows = (m?.validation ?? []).flatMap((v) =>
    (["eval_vs_score", "mbi_vs_score", "mbi_vs_imbalance"] as const).map((key) => ({
      budget: v.budget,
      values_from: v.values_from,
      key,
      ...correlationColumns(v[key]),
      // each verdict on the row of the correlation it is read from: validation from (1), the claim from (3)
      validation: key === "eval_vs_score" ? v.verdict.validation : null,
      claim: key === "mbi_vs_imbalance" ? v.verdict.claim : null,
      mbi_ranked: v.mbi_ranked,
    }))
  );
  const columns = "budget values_from key correlation rho ci_lo ci_hi bca_lo bca_hi validation claim mbi_ranked";
  const df = await toFrame(rows, columns, caption(design, state, text));
  return showColumns(df, "budget key rho ci_lo ci_hi bca_lo bca_hi validation claim");
}

/**
 * The method's published distribution facts (first row; `all_*`: over all of a dataset's positions) beside their
 * estimates from the sample at the method's budget and from every rung on the same positions (cp, White's view).
 */
export async function sampleFactsFrame(design: Profile, state: SampleState, text: string): Promise<DataFrame> {
  const m: MethodSample | undefined = state?.figures;
  const p = m?.published_facts;
  const rows = !m || !p ? [] : [
    {
      dataset: "the method, published",
      budget: `${p.budget} per position`,
      all_n: p.count,
      all_median: p.median,
      all_min: p.min,
      all_max: p.max,
      all_below_zero: p.negatives,
    },
    ...m.facts.map((f) => ({
      dataset: f.dataset,
      budget: f.budget,
      n: f.on_sample.n,
      median: f.on_sample.median.estimate,
      median_lo: f.on_sample.median.ci95[0],
      median_hi: f.on_sample.median.ci95[1],
      q1: f.on_sample.quartiles[0].estimate,
      q3: f.on_sample.quartiles[1].estimate,
      min: f.on_sample.min,
      max: f.on_sample.max,
      below_zero: f.on_sample.below_zero.count,
      below_zero_lo: f.on_sample.below_zero.ci95[0],
      below_zero_hi: f.on_sample.below_zero.ci95[1],
      all_n: f.all_positions?.n ?? null,
      all_median: f.all_positions?.median ?? null,
      all_min: f.all_positions?.min ?? null,
      all_max: f.all_positions?.max ?? null,
      all_below_zero: f.all_positions?.below_zero ?? null,
    })),
  ];
  const columns = "dataset budget n median median_lo median_hi q1 q3 min max below_zero below_zero_lo below_zero_hi " +
    "all_n all_median all_min all_max all_below_zero";
  const shown =
    "dataset budget n median median_lo median_hi min max below_zero all_n all_median all_min all_max all_below_zero";
  return showColumns(await toFrame(rows, columns, caption(design, state, text)), shown);
}

/** How far every rung is from the method's budget on the sample's positions (Δ = rung − method), and rho(eval, score). */
export function sampleDistanceFrame(design: Profile, state: SampleState, text: string): Promise<DataFrame> {
  const rows = (state?.figures?.distance_to_method ?? []).map((r) => ({
    dataset: r.dataset,
    nodes: r.nodes,
    spearman_edges: r.spearman_edges.rho,
    ci_lo: r.spearman_edges.ci95[0],
    ci_hi: r.spearman_edges.ci95[1],
    spearman_eval: r.spearman_eval,
    median_abs_delta_cp: r.median_abs_delta_cp,
    max_abs_delta_cp: r.max_abs_delta_cp,
    mean_delta_cp: r.mean_delta_cp,
    eval_score_rho: r.eval_vs_score.rho,
    eval_score_lo: r.eval_vs_score.ci95[0],
    eval_score_hi: r.eval_vs_score.ci95[1],
  }));
  const columns = "dataset nodes spearman_edges ci_lo ci_hi spearman_eval median_abs_delta_cp max_abs_delta_cp " +
    "mean_delta_cp eval_score_rho eval_score_lo eval_score_hi";
  return toFrame(rows, columns, caption(design, state, text));
}

/** The design's positions in order: the index's value, the sample's where it has one (even while it runs), the score. */
export function samplePositionsFrame(selfplay: SelfplayResults, state: SampleState, text: string): Promise<DataFrame> {
  const bySp = new Map<number, EvaluationRecord>((state?.dataset.records ?? []).map((r) => [r.sp, r]));
  const rows = selfplay.positions.map((p) => {
    const r = bySp.get(p.sp);
    const method = r?.eval_cp ?? null;
    return {
      sp: p.sp,
      setup: p.setup,
      stratum: p.stratum,
      index_eval_cp: p.eval_cp,
      index_mbi: p.mbi,
      method_eval_cp: method,
      method_depth: r?.depth ?? null,
      delta_cp: method === null ? null : p.eval_cp - method,
      score: p.score,
      games: p.games,
    };
  });
  const done = rows.filter((r) => r.method_eval_cp !== null).length;
  const columns = "sp setup stratum index_eval_cp index_mbi method_eval_cp method_depth delta_cp score games";
  return toFrame(rows, columns, `${text}; values at it for ${done} of ${rows.length} positions`);
}
