/**
 * What notebooks 02–05 show: tables and plots of stages 2–5 as HTML
 * displayables. The numbers all come from the stage modules; these functions
 * only lay them out.
 *
 * @module
 */

import type { DistributionSummary } from "../stages/distribution.ts";
import type { MbiTable, MbiTableRow } from "../store/mbi_table.ts";
import { Plot, renderPlot } from "../plot/render.ts";
import type { SelfplayResults } from "../stages/selfplay/stage.ts";
import type { PositionResult } from "../stages/selfplay/results.ts";
import type { Correlation, Summary } from "../stages/statistics.ts";
import { type Displayable, escapeHtml, html, htmlKeyValues, htmlTable } from "./display.ts";
import type { DatasetInfo, PairAgreement } from "../stages/comparison.ts";
import { repoPath } from "../core/paths.ts";
import { formatLimit } from "../engine/limit.ts";

const PIECES: Record<string, string> = {
  K: "♔",
  Q: "♕",
  R: "♖",
  B: "♗",
  N: "♘",
};

/** The back rank as a small board diagram (a1 is a dark square). */
export function backRankHtml(setup: string): string {
  const cells = [...setup].map((p, i) =>
    `<span style="display:inline-block;width:18px;height:18px;line-height:18px;text-align:center;font-size:15px;background:${
      i % 2 === 0 ? "#b58863" : "#f0d9b5"
    }">${PIECES[p] ?? p}</span>`
  );
  return `<span title="${escapeHtml(setup)}" style="white-space:nowrap">${cells.join("")}</span>`;
}

const fmt = (v: number, d = 1) => Number.isInteger(v) ? String(v) : v.toFixed(d);

/** Stage 2: this profile's summary beside the method's published figures. */
export function distributionTable(s: DistributionSummary): Displayable {
  const budget = formatLimit(s.input.limit);
  const m = s.method;
  const rows: [string, string, string][] = [
    ["budget per position", budget, m.budget],
    ["positions", String(s.eval.count), String(m.count)],
    [
      "min .. max (cp)",
      `${s.eval.min} .. ${s.eval.max}`,
      `${m.min} .. ${m.max}`,
    ],
    ["median (cp)", fmt(s.eval.median), fmt(m.median)],
    [
      "mean ± SD (cp)",
      `${fmt(s.eval.mean)} ± ${fmt(s.eval.sd)}`,
      "not published",
    ],
    [
      "quartiles (cp)",
      `${fmt(s.eval.quartiles[0])}, ${fmt(s.eval.quartiles[1])}`,
      "not published",
    ],
    ["positions >= 0", String(s.non_negative), String(m.count - m.negatives)],
    [
      "positions < 0 (values)",
      `${s.negatives.count} (${
        s.negatives.values.map((v) => `SP ${v.sp}: ${v.eval_cp}`).join(", ") ||
        "none"
      })`,
      `${m.negatives} (${m.negatives_range})`,
    ],
    ["distinct values", String(s.ties.distinct_values), "not published"],
    [
      "depth reached",
      `${s.depth.min} .. ${s.depth.max} (median ${fmt(s.depth.median)})`,
      "not published",
    ],
  ];
  return html(
    htmlTable(rows, [
      { header: "", value: (r) => r[0] },
      { header: `this profile (${s.profile})`, value: (r) => r[1] },
      { header: "the method (published)", value: (r) => r[2] },
    ], "Distribution of the engine value, White's point of view"),
  );
}

/** Stage 2: the largest tie groups. */
export function tiesTable(s: DistributionSummary): Displayable {
  return html(
    htmlTable(
      s.ties.largest,
      [
        { header: "eval cp", value: (t) => t.eval_cp, numeric: true },
        { header: "positions", value: (t) => t.count, numeric: true },
        {
          header: "SPs",
          value: (t) => t.sps.slice(0, 12).join(", ") + (t.sps.length > 12 ? ", …" : ""),
        },
      ],
      `Largest tie groups (${s.ties.distinct_values} distinct values): tied positions share one mean rank`,
    ),
  );
}

/** Stage 2: rank agreement with other budgets of the same engine, or a note that there is none. */
export function agreementTable(s: DistributionSummary): Displayable {
  if (s.rank_agreement.length === 0) {
    return html(
      "<p>No other budget of this engine has a complete dataset under <code>results/</code> yet, so rank stability across budgets cannot be measured here. Run e.g. <code>deno task eval-all --nodes 2000000</code> and rerun this notebook.</p>",
    );
  }
  return html(
    htmlTable(
      s.rank_agreement,
      [
        { header: "other dataset", value: (a) => a.other },
        { header: "its budget", value: (a) => JSON.stringify(a.other_limit) },
        { header: "common positions", value: (a) => a.common, numeric: true },
        {
          header: "Spearman (values)",
          value: (a) => a.spearman_eval.toFixed(3),
          numeric: true,
        },
        {
          header: "Spearman (edges = MBI ranks)",
          value: (a) => a.spearman_edge.toFixed(3),
          numeric: true,
        },
        {
          header: "rank shift median / p90 / max",
          value: (a) => `${fmt(a.rank_shift.median)} / ${fmt(a.rank_shift.p90)} / ${fmt(a.rank_shift.max)}`,
          numeric: true,
        },
        {
          header: "MBI moves > 10",
          value: (a) => `${(100 * a.mbi_shift.share_over_10).toFixed(1)}%`,
          numeric: true,
        },
      ],
      "Rank agreement with other budgets (same engine fingerprint and options)",
    ),
  );
}

/** Shows rendered plots side by side (as text/html, which the HTML export keeps). */
export function plotsView(...plots: { html: string }[]): Displayable {
  return html(
    plots.map((p) => `<div style="display:inline-block;vertical-align:top;max-width:660px">${p.html}</div>`).join(""),
  );
}

/** Stage 3: the most or least balanced starts with their back ranks. */
export function mbiRowsTable(
  rows: readonly MbiTableRow[],
  caption: string,
): Displayable {
  return html(
    htmlTable(rows, [
      { header: "MBI", value: (r) => r.mbi, numeric: true },
      { header: "rank", value: (r) => r.rank, numeric: true },
      { header: "SP", value: (r) => r.sp, numeric: true },
      {
        header: "back rank",
        value: (r) => `${backRankHtml(r.setup)} <code>${r.setup}</code>`,
        html: true,
      },
      { header: "eval cp", value: (r) => r.eval_cp, numeric: true },
      { header: "edge cp", value: (r) => r.edge_cp, numeric: true },
    ], caption),
  );
}

/** Stage 3: the extremes of the index. */
export function extremes(
  table: MbiTable,
  k = 10,
): { most: MbiTableRow[]; least: MbiTableRow[] } {
  const sorted = [...table.rows].sort((a, b) => b.mbi - a.mbi || a.rank - b.rank || a.sp - b.sp);
  return { most: sorted.slice(0, k), least: sorted.slice(-k).reverse() };
}

/** Stage 3: where one position stands. */
export function positionStanding(table: MbiTable, sp: number): Displayable {
  const r = table.rows.find((x) => x.sp === sp);
  if (!r) return html(`<p>SP ${sp} is not in this table.</p>`);
  const sameEdge = table.rows.filter((x) => x.edge_cp === r.edge_cp).length;
  const moreBalanced = table.rows.filter((x) => x.edge_cp < r.edge_cp).length;
  return html(
    `<p>${
      backRankHtml(r.setup)
    } <b>SP ${sp} (${r.setup})</b>: eval ${r.eval_cp} cp, MBI <b>${r.mbi}</b>, rank ${r.rank} of ${table.rows.length}. ` +
      `${moreBalanced} positions have a smaller edge; ${sameEdge - 1} others share its edge of ${r.edge_cp} cp.</p>`,
  );
}

/** Stage 3: MBI against eval — the step shape of a rank transform of |eval|. */
export function mbiVsEvalPlot(table: MbiTable) {
  return renderPlot(
    "MBI against the engine value: a rank transform of |eval|, so steps, symmetric around 0",
    {
      x: { label: "eval_cp →" },
      y: { label: "↑ MBI", grid: true, domain: [0, 100] },
      marks: [
        Plot.dot(table.rows, {
          x: "eval_cp",
          y: "mbi",
          r: 2,
          fill: (r: MbiTableRow) => (r.eval_cp < 0 ? "red" : "steelblue"),
        }),
        Plot.ruleX([0], { stroke: "#999" }),
      ],
    },
  );
}

/** Stage 4: the settings of the games. */
export function selfplaySettings(r: SelfplayResults): Displayable {
  const c = r.config;
  return html(htmlKeyValues([
    ["positions", `${r.n_positions} (one per edge stratum, seeded)`],
    ["games per position", String(c.games)],
    ["node budget per move", c.nodes_per_move.toLocaleString("en-US")],
    [
      "opening variation",
      `first ${c.opening.plies} plies drawn among MultiPV ${c.opening.multipv} moves within ${c.opening.windowCp} cp of the best`,
    ],
    ["adjudication", JSON.stringify(c.adjudication)],
    ["base seed", String(c.seed)],
    ["engine", `${r.engine.uci_name} (fingerprint ${r.engine.fingerprint})`],
    ["UCI options", JSON.stringify(c.options)],
  ], "Self-play settings"));
}

/** Stage 4: per-position results. */
export function selfplayTable(rows: readonly PositionResult[]): Displayable {
  return html(
    htmlTable(rows, [
      { header: "SP", value: (r) => r.sp, numeric: true },
      { header: "back rank", value: (r) => backRankHtml(r.setup), html: true },
      { header: "eval", value: (r) => r.eval_cp, numeric: true },
      { header: "MBI", value: (r) => r.mbi, numeric: true },
      { header: "W/D/L", value: (r) => `${r.wins}/${r.draws}/${r.losses}` },
      {
        header: "White score",
        value: (r) => r.score.toFixed(3),
        numeric: true,
      },
      {
        header: "95% interval",
        value: (r) => `${r.score_ci95[0].toFixed(2)}..${r.score_ci95[1].toFixed(2)}`,
      },
      {
        header: "avg plies",
        value: (r) => r.avg_plies.toFixed(0),
        numeric: true,
      },
      {
        header: "distinct games",
        value: (r) => `${r.distinct_games}/${r.games}`,
        numeric: true,
      },
      {
        header: "terminations",
        value: (r) =>
          Object.entries(r.terminations).map(([k, v]) => `${k} ${v}`).join(
            "; ",
          ),
      },
    ], "Per position: White's results"),
  );
}

/** Stage 4: White's score against eval and against MBI, with per-position 95% intervals. */
export function scorePlots(rows: readonly PositionResult[]) {
  const against = (key: "eval_cp" | "mbi", label: string) =>
    renderPlot(
      `White's score against ${label} (bars: 95% interval from ${rows[0]?.games ?? 0} games)`,
      {
        width: 520,
        x: { label: `${label} →` },
        y: { label: "↑ White's score", grid: true, domain: [0, 1] },
        marks: [
          Plot.ruleY([0.5], { stroke: "#999" }),
          Plot.ruleX(rows, {
            x: key,
            y1: (r: PositionResult) => r.score_ci95[0],
            y2: (r: PositionResult) => r.score_ci95[1],
            stroke: "#9ab",
          }),
          Plot.dot(rows, {
            x: key,
            y: "score",
            fill: "steelblue",
            r: 3,
            title: (r: PositionResult) => `SP ${r.sp}`,
          }),
        ],
      },
    );
  const distribution = renderPlot(
    "Distribution of White's score per position",
    {
      width: 520,
      x: { label: "White's score →", domain: [0, 1] },
      y: { label: "↑ positions", grid: true },
      marks: [
        Plot.rectY(
          rows,
          Plot.binX({ y: "count" }, { x: "score", interval: 0.05 }),
        ),
        Plot.ruleY([0]),
      ],
    },
  );
  return {
    eval: against("eval_cp", "eval_cp"),
    mbi: against("mbi", "MBI"),
    distribution,
  };
}

/** Stage 4: a game as PGN text. */
export function pgnView(title: string, pgn: string): Displayable {
  return html(
    `<h4>${escapeHtml(title)}</h4><pre style="white-space:pre-wrap;font-size:11px">${escapeHtml(pgn)}</pre>`,
    title,
  );
}

const ci = (c: [number, number] | null) => c ? `${c[0].toFixed(3)} .. ${c[1].toFixed(3)}` : "n/a";

/** Stage 5: the three correlations with their intervals, and the published figure. */
export function correlationsTable(s: Summary): Displayable {
  const rows: [string, Correlation | null, string][] = [
    [
      "(1) " + s.eval_vs_score.label,
      s.eval_vs_score,
      `${s.published.rho_eval_score} (${s.published.ci95[0]} .. ${s.published.ci95[1]})`,
    ],
    [
      "(2) " + s.mbi_vs_score.label,
      s.mbi_vs_score,
      "not published (the documents reuse 0.76; see below)",
    ],
    ["(3) " + s.mbi_vs_imbalance.label, s.mbi_vs_imbalance, "not published"],
  ];
  return html(
    htmlTable(
      rows,
      [
        { header: "correlation", value: (r) => r[0] },
        {
          header: "Spearman rho",
          value: (r) => r[1]!.rho.toFixed(3),
          numeric: true,
        },
        {
          header: "95% CI (percentile)",
          value: (r) => ci(r[1]!.ci95_percentile),
        },
        { header: "95% CI (BCa)", value: (r) => ci(r[1]!.ci95_bca) },
        {
          header: "undefined resamples",
          value: (r) => r[1]!.undefined_resamples,
          numeric: true,
        },
        { header: "the method (its budgets)", value: (r) => r[2] },
      ],
      `${s.n_positions} positions, ${s.n_games} games, B = ${
        s.resamples.toLocaleString("en-US")
      } resamples, seed ${s.seed}`,
    ),
  );
}

/** Stage 5: the bootstrap distributions with the estimate and the percentile interval. */
export function bootstrapPlots(
  s: Summary,
  distributions: Record<
    "eval_vs_score" | "mbi_vs_score" | "mbi_vs_imbalance",
    number[]
  >,
) {
  return (["eval_vs_score", "mbi_vs_score", "mbi_vs_imbalance"] as const).map(
    (k) => {
      const c = s[k];
      return renderPlot(`Bootstrap distribution of ${c.label}`, {
        width: 440,
        height: 260,
        x: { label: "rho →", domain: [-1, 1] },
        y: { label: "↑ resamples", grid: true },
        marks: [
          Plot.rectY(
            distributions[k].map((v) => ({ v })),
            Plot.binX({ y: "count" }, { x: "v", interval: 0.025 }),
          ),
          Plot.ruleX(c.ci95_percentile, {
            stroke: "orange",
            strokeDasharray: "4,3",
          }),
          Plot.ruleX([c.rho], { stroke: "red" }),
          Plot.ruleX([0], { stroke: "#666" }),
        ],
      });
    },
  );
}

/** Stage 5: the computed verdict, with the budgets next to it. */
export function verdictView(s: Summary): Displayable {
  const c1 = s.eval_vs_score, c3 = s.mbi_vs_imbalance;
  const limit = formatLimit(s.eval_limit);
  return html(
    `<p style="font-size:1.1em"><b>Verdict: ${s.verdict.validation}</b> — the 95% percentile CI of rho(eval, score) is ${
      ci(c1.ci95_percentile)
    } ` +
      `(${c1.ci95_percentile[0] > 0 ? "above 0" : "not above 0"}). <b>The index's claim is ${s.verdict.claim}</b> — ` +
      `the CI of rho(MBI, |score − 0.5|) is ${ci(c3.ci95_percentile)} (${
        c3.ci95_percentile[1] < 0 ? "below 0" : "not below 0"
      }).</p>` +
      `<p>Budgets behind these words: evaluations at ${limit} per position; ${s.n_positions} positions × ${s.selfplay.games_per_position} games ` +
      `at ${
        s.selfplay.nodes_per_move.toLocaleString("en-US")
      } nodes per move (${s.n_games} games). The method's figure (${s.published.rho_eval_score}, ` +
      `${s.published.ci95[0]}..${s.published.ci95[1]}) was measured at ${escapeHtml(s.published.budgets)}.</p>` +
      `<p><i>${escapeHtml(s.verdict.rules)}.</i></p>`,
    `verdict: ${s.verdict.validation}; claim ${s.verdict.claim}`,
  );
}

/** The method's limitations, to stand next to the numbers. */
export function limitationsView(): Displayable {
  const items = [
    "An engine evaluation is not human practice: a start the engine calls balanced may be uncomfortable or sharp for people.",
    "One engine, one evaluation function: another engine orders the positions somewhat differently.",
    "One node budget is one snapshot at one search depth; deeper search moves single values. Ranks are more stable than values, which is why the index is rank-based.",
    "Chess960 has almost no opening theory, so these numbers say nothing about the classical start's practical edge.",
    "Fast self-play validates the ordering, not any single position.",
    "The index is a property of the start position only, not of the position after the first move.",
  ];
  return html(
    `<h4>Limitations</h4><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`,
  );
}

/** Notebook 06: the datasets compared. */
export function datasetsTable(datasets: readonly DatasetInfo[]): Displayable {
  if (datasets.length < 2) {
    return html(
      `<p><b>Only ${datasets.length} complete dataset${
        datasets.length === 1 ? "" : "s"
      } under <code>results/</code>:</b> nothing to compare yet. ` +
        "Run another engine (e.g. <code>deno task eval-all --engine sf18-wasm</code>) or another budget first.</p>",
    );
  }
  return html(htmlTable(datasets, [
    { header: "folder", value: (d) => d.folder },
    { header: "engine", value: (d) => `${d.engine} (${d.engine_id})` },
    { header: "fingerprint", value: (d) => d.fingerprint ?? "none", numeric: true },
    { header: "limit", value: (d) => JSON.stringify(d.limit) },
    { header: "positions", value: (d) => d.n, numeric: true },
  ], "Datasets compared"));
}

/** Notebook 06: agreement of every pair. */
export function pairsTable(pairs: readonly PairAgreement[]): Displayable {
  const ci2 = (c: [number, number]) => `${c[0].toFixed(3)} .. ${c[1].toFixed(3)}`;
  return html(htmlTable(pairs, [
    { header: "A", value: (p) => p.a },
    { header: "B", value: (p) => p.b },
    { header: "positions", value: (p) => p.common, numeric: true },
    { header: "Spearman (edges)", value: (p) => p.spearman.rho.toFixed(3), numeric: true },
    { header: "95% CI", value: (p) => ci2(p.spearman.ci95) },
    { header: "Kendall tau-b", value: (p) => p.kendall.tau.toFixed(3), numeric: true },
    { header: "95% CI", value: (p) => `${ci2(p.kendall.ci95)} (B ${p.kendall.resamples})` },
    { header: "Spearman (signed evals)", value: (p) => p.spearman_eval.toFixed(3), numeric: true },
    { header: "MBI moves > 10", value: (p) => `${(100 * p.mbi_shift.share_over_10).toFixed(1)}%`, numeric: true },
    { header: "median |ΔMBI|", value: (p) => p.mbi_shift.median, numeric: true },
  ], "Rank agreement of the index between datasets"));
}

/** Notebook 06: MBI of one dataset against another's. */
export function rankScatter(p: PairAgreement) {
  return renderPlot(`MBI: ${p.a} (x) against ${p.b} (y)`, {
    width: 460,
    height: 420,
    x: { label: `MBI, ${p.a} →`, domain: [0, 100] },
    y: { label: `↑ MBI, ${p.b}`, domain: [0, 100], grid: true },
    marks: [
      Plot.dot(p.points, { x: "mbi_a", y: "mbi_b", r: 1.6, opacity: 0.5 }),
      Plot.line([[0, 0], [100, 100]], { stroke: "red" }),
    ],
  });
}

/** Notebook 06: where two datasets disagree most. */
export function disagreementsTable(p: PairAgreement): Displayable {
  return html(htmlTable(p.largest_disagreements, [
    { header: "SP", value: (d) => d.sp, numeric: true },
    { header: "back rank", value: (d) => `${backRankHtml(d.setup)} <code>${d.setup}</code>`, html: true },
    { header: `eval ${p.a}`, value: (d) => d.eval_a, numeric: true },
    { header: `eval ${p.b}`, value: (d) => d.eval_b, numeric: true },
    { header: `MBI ${p.a}`, value: (d) => d.mbi_a, numeric: true },
    { header: `MBI ${p.b}`, value: (d) => d.mbi_b, numeric: true },
  ], `Largest disagreements: ${p.a} vs ${p.b}`));
}

/** Notebook 06: determinism checks found under results/ (or a note that none was run). */
export function determinismView(): Displayable {
  const rows: {
    folder: string;
    r: {
      engine: { uci_name: string };
      limit: unknown;
      positions: number[];
      deterministic: boolean;
      differences: { sp: number }[];
    };
  }[] = [];
  for (const e of Deno.readDirSync(repoPath("results"))) {
    try {
      rows.push({
        folder: e.name,
        r: JSON.parse(Deno.readTextFileSync(repoPath("results", e.name, "determinism.json"))),
      });
    } catch {
      // no check in this folder
    }
  }
  // The ci profile is a test fixture: shown only when no other folder has a check.
  const real = rows.filter((x) => x.folder.split(/[~@]/)[0] !== "ci");
  if (real.length) rows.splice(0, rows.length, ...real);
  if (rows.length === 0) {
    return html("<p>No determinism check has been run (<code>deno task check-determinism --engine ID</code>).</p>");
  }
  return html(htmlTable(rows, [
    { header: "folder", value: (x) => x.folder },
    { header: "engine", value: (x) => x.r.engine.uci_name },
    { header: "limit", value: (x) => JSON.stringify(x.r.limit) },
    { header: "positions run twice", value: (x) => x.r.positions.length, numeric: true },
    {
      header: "result",
      value: (x) =>
        x.r.deterministic
          ? "identical: deterministic"
          : `NOT deterministic: ${x.r.differences.length} differ (SP ${x.r.differences.map((d) => d.sp).join(", ")})`,
    },
  ], "Determinism (each position evaluated twice in fresh engine processes)"));
}
