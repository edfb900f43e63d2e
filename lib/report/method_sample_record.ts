/**
 * The record `sample.json` holds (see method_sample.ts, which computes and reads it): the sample's correlations with
 * the self-play scores beside the published figure, the distribution facts of the sample and of every rung, and each
 * rung's distance from the method's budget.
 *
 * @module
 */

import type { CodeVersion, InputFile } from "../store/mod.ts";
import type { SampleFacts, ScoreReliability } from "../method/mod.ts";
import type { SearchLimit } from "../engine/mod.ts";
import type { Correlation, METHOD_DISTRIBUTION, powerReport, Verdict } from "../analysis/mod.ts";
import type { PublishedCheck } from "./published_check.ts";

/** The three correlations of one set of values with the self-play scores, beside the published figure. */
export interface SampleValidation {
  /** Dataset whose values are correlated (folder, or the sample's path), and its budget per position. */
  values_from: string;
  budget: string;
  mbi_ranked: string;
  /** rho(eval, score), rho(MBI, score), rho(MBI, |score − 0.5|). */
  eval_vs_score: Correlation;
  mbi_vs_score: Correlation;
  mbi_vs_imbalance: Correlation;
  verdict: Verdict;
  /** The published 0.76 against this interval and the games' reliability. */
  published_check: PublishedCheck;
}

/** One dataset's distribution facts on the sample's positions (and over all its positions for a rung). */
export interface DatasetFacts {
  /** Folder of a rung, or `sample` for the method's budget; its budget per position in words and in nodes. */
  dataset: string;
  budget: string;
  nodes: number;
  on_sample: SampleFacts;
  /** The same statistics over all the dataset's positions (null for the sample: it has no others). */
  all_positions: {
    n: number;
    median: number;
    quartiles: [number, number];
    min: number;
    max: number;
    below_zero: number;
  } | null;
}

/** How far one rung is from the method's budget on the sample's positions. */
export interface RungDistance {
  /** Rung folder and its nodes per position. */
  dataset: string;
  nodes: number;
  /** Spearman of the edges |eval| with the sample's, with its 95% percentile interval. */
  spearman_edges: { rho: number; ci95: [number, number]; resamples: number };
  /** Spearman of the signed values. */
  spearman_eval: number;
  /** Median |Δcp| (rung − method). */
  median_abs_delta_cp: number;
  max_abs_delta_cp: number;
  /** Mean signed Δcp (rung − method): positive when the rung gives White more. */
  mean_delta_cp: number;
  /** rho(the rung's eval, White's score) on the sample's positions, with its 95% percentile interval (how the rung's values track the games, beside the method's budget's). */
  eval_vs_score: { rho: number; ci95: [number, number]; resamples: number };
}

/** `sample.json`. */
export interface MethodSample {
  kind: "mbi-method-sample";
  schema: number;
  about: string;
  /** The sample's evaluation file, budget and engine. */
  sample: {
    path: string;
    budget: string;
    limit: SearchLimit;
    engine: string;
    fingerprint: number | null;
    positions: number[];
  };
  /** The self-play design whose positions the sample holds. */
  selfplay: { profile: string; positions: number; games: number; nodes_per_move: number; n_games: number };
  /** The index the positions were drawn from (one per edge stratum). */
  drawn_from: { dataset: string; budget: string; strata: { sp: number; stratum: number; edge_cp: number }[] };
  /** Reliability of the self-play scores, and the power of the design at the published effect. */
  reliability: ScoreReliability;
  /** Power of the design (measured variances when estimable). */
  power: ReturnType<typeof powerReport>;
  /** Correlations with the self-play scores: the index's values, then the sample's. */
  validation: SampleValidation[];
  /** The method's published distribution facts (over 960 positions at its budget). */
  published_facts: typeof METHOD_DISTRIBUTION;
  /** Distribution facts: the sample at the method's budget first, then every rung. */
  facts: DatasetFacts[];
  /** Every rung against the method's budget on the sample's positions. */
  distance_to_method: RungDistance[];
  /** Bootstrap resamples, and the seed of every bootstrap here. */
  resamples: number;
  seed: number;
  inputs: InputFile[];
  code: CodeVersion;
}
