/**
 * The record `study.json` holds (see outcome_study.ts, which computes and
 * reads it): each outcome table against each dataset, the paired steps
 * between budgets, the tables' agreement, and the published 0.76 beside them.
 *
 * @module
 */

import type { CodeVersion, InputFile } from "../store/mod.ts";
import type { ScoreReliability } from "../method/mod.ts";

/** A rho with its 95% percentile interval. */
export interface Rho {
  /** Positions. */
  n: number;
  /** Spearman's rho. */
  rho: number;
  /** 95% percentile interval. */
  ci95: [number, number];
}

/** One set of values correlated with the games. */
export interface StudyDataset {
  /** Its key: a results folder, `peer`, or `method` (the method's run so far). */
  key: string;
  /** What it is, in readers' words. */
  label: string;
  /** Engine. */
  engine: string;
  /** Budget per position, in words. */
  budget: string;
  /** Node budget, when it is one (null for a depth). */
  nodes: number | null;
  /** The reference engine (Stockfish 17.1) at a node budget: a step of the ladder. */
  ladder: boolean;
  /** Positions with a value. */
  positions: number;
}

/** `study.json`. */
export interface OutcomeStudy {
  /** File kind. */
  kind: "mbi-outcome-study";
  /** Schema version. */
  schema: number;
  /** What it is. */
  about: string;
  /** The tables: what they are, where from, their reliability and the ceiling it sets. */
  tables: {
    name: string;
    description: string;
    games: number;
    positions: number;
    draw_rate: number | null;
    origin: string | null;
    licence: string | null;
    private: boolean;
    source_sha256: string;
    reproduce: string[];
    reliability: ScoreReliability;
  }[];
  /** The datasets. */
  datasets: StudyDataset[];
  /** rho(eval, score) and rho(MBI, |score − 0.5|) per table and dataset. */
  correlations: {
    table: string;
    dataset: string;
    eval_vs_score: Rho;
    mbi_vs_imbalance: Rho | null;
  }[];
  /** Paired differences of rho(eval, score) between two datasets on the same positions, per table. */
  steps: {
    table: string;
    from: string;
    to: string;
    n: number;
    from_rho: number;
    to_rho: number;
    delta: number;
    ci95: [number, number];
  }[];
  /** How the games' scores agree: table with table, and each table with the 60 × 50 designs' scores. */
  agreement: {
    tables: { a: string; b: string; score_rho: Rho }[];
    designs: { table: string; design: string; games: number; design_reliability: number; score_rho: Rho }[];
  };
  /** The published 0.76 beside them. */
  published: {
    rho: number;
    ci95: [number, number];
    /** Which sets of games have 0.76 inside the interval of their rho(eval, score), with which values. */
    reaching: { games: string; dataset: string; rho: number; ci95: [number, number] }[];
    /** The method's own games corrected for the noise of their scores (null without them). */
    corrected: {
      design: string;
      values: string;
      observed: Rho;
      reliability: number;
      corrected: { estimate: number; ci95: [number, number] };
      sentence: string;
    } | null;
  };
  /** Minimum games of a position to be counted. */
  min_games: number;
  /** Bootstrap resamples. */
  resamples: number;
  /** Seed. */
  seed: number;
  /** Input files (tables by their outcomes.json, datasets by their files). */
  inputs: InputFile[];
  /** Code. */
  code: CodeVersion;
}
