/**
 * The record `sample.json` holds (see method_sample.ts, which computes and
 * reads it): the sample's correlations with the self-play scores beside the
 * published figure, the distribution facts of the sample and of every rung,
 * and each rung's distance from the method's budget.
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
  /** Dataset whose values are correlated (folder, or the sample's path). */
  values_from: string;
  /** Its budget per position. */
  budget: string;
  /** How the MBI of these values was ranked. */
  mbi_ranked: string;
  /** rho(eval, score). */
  eval_vs_score: Correlation;
  /** rho(MBI, score). */
  mbi_vs_score: Correlation;
  /** rho(MBI, |score − 0.5|). */
  mbi_vs_imbalance: Correlation;
  /** Verdicts by stage 5's rules. */
  verdict: Verdict;
  /** The published 0.76 against this interval and the games' reliability. */
  published_check: PublishedCheck;
}

/** One dataset's distribution facts on the sample's positions (and over all its positions for a rung). */
export interface DatasetFacts {
  /** Folder of a rung, or `sample` for the method's budget. */
  dataset: string;
  /** Budget per position. */
  budget: string;
  /** Nodes per position. */
  nodes: number;
  /** Estimates from the sample's positions. */
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
  /** Rung folder. */
  dataset: string;
  /** Its nodes per position. */
  nodes: number;
  /** Spearman of the edges |eval| with the sample's, with its 95% percentile interval. */
  spearman_edges: { rho: number; ci95: [number, number]; resamples: number };
  /** Spearman of the signed values. */
  spearman_eval: number;
  /** Median |Δcp| (rung − method). */
  median_abs_delta_cp: number;
  /** Largest |Δcp|. */
  max_abs_delta_cp: number;
  /** Mean signed Δcp (rung − method): positive when the rung gives White more. */
  mean_delta_cp: number;
  /** rho(the rung's eval, White's score) on the sample's positions, with its 95% percentile interval (how the rung's values track the games, beside the method's budget's). */
  eval_vs_score: { rho: number; ci95: [number, number]; resamples: number };
}

/** `sample.json`. */
export interface MethodSample {
  /** File kind. */
  kind: "mbi-method-sample";
  /** Schema version. */
  schema: number;
  /** What this file is, in words. */
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
  /** Bootstrap resamples and seed. */
  resamples: number;
  /** Seed of every bootstrap here. */
  seed: number;
  /** Input files with their hashes. */
  inputs: InputFile[];
  /** Code that computed it. */
  code: CodeVersion;
}
