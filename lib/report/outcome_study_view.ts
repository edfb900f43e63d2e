/**
 * The record `study.json` holds (outcome_study.ts computes and reads it), and the study for people: a few terminal
 * lines, and flat rows (one per table and dataset) for a frame an analyst filters.
 *
 * @module
 */

import { type CodeVersion, getProfile, type InputFile } from "../store/mod.ts";
import { datasetLabel, type ScoreReliability, selfplayBudgetText } from "../method/mod.ts";
import { fixedNonZero } from "../core/mod.ts";

/** A rho over `n` positions with its 95% percentile interval. */
export interface Rho {
  n: number;
  rho: number;
  ci95: [number, number];
}

/** One set of values correlated with the games. */
export interface StudyDataset {
  /** Its key: a results folder, `peer`, or `method` (the method's run so far). */
  key: string;
  /** What it is, in readers' words. */
  label: string;
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
  kind: "mbi-outcome-study";
  schema: number;
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
  datasets: StudyDataset[];
  /** rho(eval, score) and rho(MBI, |score − 0.5|) per table and dataset. */
  correlations: { table: string; dataset: string; eval_vs_score: Rho; mbi_vs_imbalance: Rho | null }[];
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
  resamples: number;
  seed: number;
  /** Input files (tables by their outcomes.json, datasets by their files). */
  inputs: InputFile[];
  code: CodeVersion;
}

/** The study in a few lines for the terminal: each table's correlation with each dataset, then the steps and agreements. */
export function studyLines(s: OutcomeStudy): string[] {
  const f = (x: number) => fixedNonZero(x, 3);
  const r = (x: Rho) => `${f(x.rho)} [${f(x.ci95[0])}, ${f(x.ci95[1])}]`;
  const label = new Map(s.datasets.map((d) => [d.key, d.label]));
  const lines: string[] = [];
  for (const t of s.tables) {
    const rel = t.reliability;
    lines.push(`${t.name}: ${t.description}; reliability ${f(rel.reliability)} (ceiling ${f(rel.ceiling)})`);
    for (const c of s.correlations.filter((c) => c.table === t.name)) {
      lines.push(`  rho(eval, score) ${r(c.eval_vs_score)} n = ${c.eval_vs_score.n}: ${label.get(c.dataset)}`);
    }
    for (const st of s.steps.filter((x) => x.table === t.name)) {
      const difference = `difference ${f(st.delta)} [${f(st.ci95[0])}, ${f(st.ci95[1])}]`;
      lines.push(`  ${st.from} → ${st.to} (n = ${st.n}): ${f(st.from_rho)} → ${f(st.to_rho)}, ${difference}`);
    }
  }
  for (const a of s.agreement.tables) lines.push(`scores of ${a.a} and ${a.b}: rho ${r(a.score_rho)}`);
  for (const a of s.agreement.designs) {
    lines.push(`scores of ${a.table} and ${a.design} (reliability ${f(a.design_reliability)}): rho ${r(a.score_rho)}`);
  }
  const reaching = s.published.reaching.map((x) => `${x.games} with ${x.dataset} (${f(x.rho)})`).join("; ");
  lines.push(reaching ? `0.76 lies inside: ${reaching}` : "no set of games has the published 0.76 inside its interval");
  if (s.published.corrected) lines.push(s.published.corrected.sentence);
  return lines;
}

/** The study's correlations as flat rows, one per table and dataset (table and dataset facts beside each). */
export function studyRows(s: OutcomeStudy) {
  const t = new Map(s.tables.map((x) => [x.name, x]));
  const d = new Map(s.datasets.map((x) => [x.key, x]));
  return s.correlations.map((c) => {
    const { games, reliability } = t.get(c.table)!;
    const { engine, budget, nodes, ladder } = d.get(c.dataset)!;
    const { n, rho, ci95 } = c.eval_vs_score;
    return {
      table: c.table,
      games,
      table_reliability: reliability.reliability,
      dataset: c.dataset,
      engine,
      budget,
      nodes,
      ladder,
      n,
      rho_eval_score: rho,
      lo: ci95[0],
      hi: ci95[1],
      rho_mbi_imbalance: c.mbi_vs_imbalance?.rho ?? null,
    };
  });
}

/**
 * The study's paired steps as flat rows, one per table and step: the two sets of values (keys and budgets in words),
 * the positions, rho before and after, and the difference with its 95% interval (above 0: the second predicts better).
 */
export function studyStepRows(s: OutcomeStudy) {
  const d = new Map(s.datasets.map((x) => [x.key, x]));
  const words = (key: string) => {
    const x = d.get(key);
    return x ? datasetLabel(x.engine, x.budget) : key;
  };
  return s.steps.map((x) => ({
    table: x.table,
    from: x.from,
    to: x.to,
    from_values: words(x.from),
    to_values: words(x.to),
    n: x.n,
    from_rho: x.from_rho,
    to_rho: x.to_rho,
    difference: x.delta,
    lo: x.ci95[0],
    hi: x.ci95[1],
  }));
}

/**
 * How the games' per-position scores agree, as flat rows: table with table, then each table with a self-play design's
 * scores (the design in words: positions × games at nodes per move) and that design's reliability.
 */
export function studyAgreementRows(s: OutcomeStudy) {
  const design = (key: string) => selfplayBudgetText(getProfile(key).selfplay);
  return [
    ...s.agreement.tables.map((a) => ({
      scores_of: `${a.a} and ${a.b}`,
      reliability: null,
      ...rhoColumns(a.score_rho),
    })),
    ...s.agreement.designs.map((a) => ({
      scores_of: `${a.table} and self-play ${design(a.design)}`,
      reliability: a.design_reliability,
      ...rhoColumns(a.score_rho),
    })),
  ];
}

/** A rho's columns: positions, rho, its 95% interval. */
const rhoColumns = (r: Rho) => ({ positions: r.n, rho: r.rho, lo: r.ci95[0], hi: r.ci95[1] });
