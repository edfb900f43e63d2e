/**
 * The outcome study for people: a few terminal lines, and flat rows (one per
 * table and dataset) for a frame an analyst filters.
 *
 * @module
 */

import type { OutcomeStudy, Rho } from "./outcome_study_record.ts";

/** The study in a few lines for the terminal: each table's correlation with each dataset, then the steps and agreements. */
export function studyLines(s: OutcomeStudy): string[] {
  const f = (x: number) => x.toFixed(3);
  const r = (x: Rho) => `${f(x.rho)} [${f(x.ci95[0])}, ${f(x.ci95[1])}]`;
  const label = new Map(s.datasets.map((d) => [d.key, d.label]));
  const lines: string[] = [];
  for (const t of s.tables) {
    lines.push(
      `${t.name}: ${t.description}; reliability ${f(t.reliability.reliability)} (ceiling ${f(t.reliability.ceiling)})`,
    );
    for (const c of s.correlations.filter((c) => c.table === t.name)) {
      lines.push(`  rho(eval, score) ${r(c.eval_vs_score)} n = ${c.eval_vs_score.n}: ${label.get(c.dataset)}`);
    }
    for (const st of s.steps.filter((x) => x.table === t.name)) {
      lines.push(
        `  ${st.from} → ${st.to} (n = ${st.n}): ${f(st.from_rho)} → ${f(st.to_rho)}, difference ${f(st.delta)} [${
          f(st.ci95[0])
        }, ${f(st.ci95[1])}]`,
      );
    }
  }
  for (const a of s.agreement.tables) lines.push(`scores of ${a.a} and ${a.b}: rho ${r(a.score_rho)}`);
  for (const a of s.agreement.designs) {
    lines.push(`scores of ${a.table} and ${a.design} (reliability ${f(a.design_reliability)}): rho ${r(a.score_rho)}`);
  }
  lines.push(
    s.published.reaching.length
      ? `0.76 lies inside: ${s.published.reaching.map((x) => `${x.games} with ${x.dataset} (${f(x.rho)})`).join("; ")}`
      : "no set of games has the published 0.76 inside its interval",
  );
  if (s.published.corrected) lines.push(s.published.corrected.sentence);
  return lines;
}

/** One row per table and dataset, flat, for a frame an analyst filters. */
export type StudyRow = {
  table: string;
  games: number;
  table_reliability: number;
  dataset: string;
  engine: string;
  budget: string;
  nodes: number | null;
  ladder: boolean;
  n: number;
  rho_eval_score: number;
  lo: number;
  hi: number;
  rho_mbi_imbalance: number | null;
};

/** The study's correlations as flat rows (table and dataset facts beside each). */
export function studyRows(s: OutcomeStudy): StudyRow[] {
  const t = new Map(s.tables.map((x) => [x.name, x]));
  const d = new Map(s.datasets.map((x) => [x.key, x]));
  return s.correlations.map((c) => ({
    table: c.table,
    games: t.get(c.table)!.games,
    table_reliability: t.get(c.table)!.reliability.reliability,
    dataset: c.dataset,
    engine: d.get(c.dataset)!.engine,
    budget: d.get(c.dataset)!.budget,
    nodes: d.get(c.dataset)!.nodes,
    ladder: d.get(c.dataset)!.ladder,
    n: c.eval_vs_score.n,
    rho_eval_score: c.eval_vs_score.rho,
    lo: c.eval_vs_score.ci95[0],
    hi: c.eval_vs_score.ci95[1],
    rho_mbi_imbalance: c.mbi_vs_imbalance?.rho ?? null,
  }));
}
