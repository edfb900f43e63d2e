/**
 * The longer HTML views of notebooks 02–06 that are not a table or a plot an
 * analyst would change: a summary beside the method's figures, one position's
 * standing, a game on a board, the verdict with its power context, the
 * limitations computed from the data, the determinism checks. The numbers all
 * come from the stage modules; these functions only lay them out. Tables are
 * data frames (`frames.ts`) and short plots are written in the cells.
 *
 * @module
 */

import { verdictText } from "../method/borderline.ts";
import type { DistributionSummary } from "../stages/distribution.ts";
import type { MbiTable } from "../store/mbi_table.ts";
import type { SelfplayResults } from "../stages/selfplay/stage.ts";
import type { GameRecord } from "../stages/selfplay/game.ts";
import type { Summary } from "../stages/statistics.ts";
import type { Limitation } from "../stages/limitations.ts";
import type { DeterminismReport } from "../stages/determinism.ts";
import type { DatasetInfo, PairAgreement } from "../stages/comparison.ts";
import { strength, STRENGTH_BANDS } from "./frames.ts";
import { type Displayable, escapeHtml, html, htmlKeyValues, htmlTable } from "./display.ts";
import { formatLimit } from "../engine/limit.ts";
import { budgetBanner, formatBudgets, formatOptions, METHOD_EVAL_TEXT } from "../method/labels.ts";
import { GameState } from "../method/rules.ts";
import { listResultFolders } from "../store/scan.ts";
import { join } from "node:path";

const PIECES: Record<string, string> = {
  K: "♔",
  Q: "♕",
  R: "♖",
  B: "♗",
  N: "♘",
  P: "♙",
  k: "♚",
  q: "♛",
  r: "♜",
  b: "♝",
  n: "♞",
  p: "♟",
};

const square = (piece: string, dark: boolean, size: number) =>
  `<span style="display:inline-block;width:${size}px;height:${size}px;line-height:${size}px;text-align:center;font-size:${
    Math.round(size * 0.8)
  }px;background:${dark ? "#b58863" : "#f0d9b5"}">${PIECES[piece] ?? ""}</span>`;

/** The back rank as a small board diagram (a1 is a dark square). */
export function backRankHtml(setup: string): string {
  return `<span title="${escapeHtml(setup)}" style="white-space:nowrap">${
    [...setup].map((p, i) => square(p, i % 2 === 0, 18)).join("")
  }</span>`;
}

/**
 * A board diagram of a FEN's piece placement (White at the bottom). Written
 * here because no maintained package renders a static board as HTML without a
 * browser and its scripts (chessboard libraries draw into a live DOM).
 */
export function boardHtml(fen: string, size = 26): string {
  const ranks = fen.split(" ")[0].split("/");
  const rows = ranks.map((rank, r) => {
    const cells: string[] = [];
    for (const ch of rank) {
      if (/\d/.test(ch)) { for (let k = 0; k < Number(ch); k++) cells.push(""); }
      else cells.push(ch);
    }
    return `<div style="height:${size}px">${cells.map((p, f) => square(p, (r + f) % 2 === 1, size)).join("")}</div>`;
  });
  return `<div style="display:inline-block;border:1px solid #777;line-height:0">${rows.join("")}</div>`;
}

const fmt = (v: number, d = 1) => Number.isInteger(v) ? String(v) : v.toFixed(d);

/** Stage 2: this profile's summary beside the method's published figures. */
export function distributionTable(s: DistributionSummary): Displayable {
  const m = s.method;
  const rows: [string, string, string][] = [
    ["budget per position", formatLimit(s.input.limit), m.budget],
    ["engine", s.input.engine, "Stockfish 17.1"],
    ["positions", String(s.eval.count), String(m.count)],
    ["min .. max (cp)", `${s.eval.min} .. ${s.eval.max}`, `${m.min} .. ${m.max}`],
    ["median (cp)", fmt(s.eval.median), fmt(m.median)],
    ["mean ± SD (cp)", `${fmt(s.eval.mean)} ± ${fmt(s.eval.sd)}`, "not published"],
    ["quartiles (cp)", `${fmt(s.eval.quartiles[0])}, ${fmt(s.eval.quartiles[1])}`, "not published"],
    ["positions >= 0", String(s.non_negative), String(m.count - m.negatives)],
    [
      "positions < 0 (values)",
      `${s.negatives.count} (${s.negatives.values.map((v) => `SP ${v.sp}: ${v.eval_cp}`).join(", ") || "none"})`,
      `${m.negatives} (${m.negatives_range})`,
    ],
    ["distinct values", String(s.ties.distinct_values), "not published"],
    ["depth reached", `${s.depth.min} .. ${s.depth.max} (median ${fmt(s.depth.median)})`, "not published"],
  ];
  return html(
    htmlTable(rows, [
      { header: "", value: (r) => r[0] },
      { header: `this profile (${s.profile})`, value: (r) => r[1] },
      { header: "the method (published)", value: (r) => r[2] },
    ], `Distribution of the engine value, White's point of view: ${s.profile} profile beside the method`),
  );
}

/** Stage 3: where one position stands, with its interval. */
export function positionStanding(table: MbiTable, sp: number): Displayable {
  const r = table.rows.find((x) => x.sp === sp);
  if (!r) return html(`<p>SP ${sp} is not in this table.</p>`);
  const sameEdge = table.rows.filter((x) => x.edge_cp === r.edge_cp).length;
  const moreBalanced = table.rows.filter((x) => x.edge_cp < r.edge_cp).length;
  const interval = r.mbi_lo !== null && r.mbi_hi !== null ? ` (interval ${r.mbi_lo}..${r.mbi_hi})` : "";
  return html(
    `<p>${backRankHtml(r.setup)} <b>SP ${sp} (${r.setup})</b>: eval ${r.eval_cp} cp at ${
      escapeHtml(formatLimit(table.input.limit))
    }, MBI <b>${r.mbi}</b>${interval}, rank ${r.rank} of ${table.rows.length}. ` +
      `${moreBalanced} positions have a smaller edge; ${sameEdge - 1} others share its edge of ${r.edge_cp} cp.</p>`,
  );
}

/** Stage 4: the settings of the games, for people. */
export function selfplaySettings(r: SelfplayResults): Displayable {
  const c = r.config, a = c.adjudication, o = c.opening;
  return html(htmlKeyValues([
    ["positions", `${r.n_positions} (one per edge stratum, seeded)`],
    ["games per position", String(c.games)],
    ["node budget per move", `${c.nodes_per_move.toLocaleString("en-US")} nodes`],
    [
      "opening lines",
      `each game its own line of the position's opening set: near-best moves (MultiPV ${o.multipv}, within ${o.windowCp} cp of the best) ` +
      `for at least ${o.plies} plies, deeper (up to ${o.maxPlies}) where a position has too few lines`,
    ],
    [
      "adjudication",
      `draw from move ${a.drawMoveNumber} after ${a.drawMoveCount} moves of each side within ±${a.drawScore} cp; ` +
      `resign after ${a.resignMoveCount} moves of both sides agreeing on ≥ ${a.resignScore} cp; draw at ${a.maxPlies} plies`,
    ],
    ["base seed", String(c.seed)],
    ["engine", `${r.engine.uci_name} (fingerprint ${r.engine.fingerprint?.toLocaleString("en-US") ?? "not measured"})`],
    ["UCI options", formatOptions(c.options)],
    ["score interval", r.score_interval],
  ], `Self-play settings (${r.profile} profile)`));
}

/** Stage 4: one game as moves (SAN, numbered, the opening line in bold) beside the board where it ended. */
export function gameView(title: string, g: GameRecord, startFen: string): Displayable {
  const state = new GameState(startFen);
  for (const m of g.moves) state.play(m);
  const moves = g.info.map((m, i) => {
    const num = i % 2 === 0 ? `${i / 2 + 1}. ` : "";
    const san = escapeHtml(m.san);
    return num + (m.opening ? `<b>${san}</b>` : san);
  }).join(" ");
  return html(
    `<h4 style="margin:6px 0">${escapeHtml(title)}</h4>` +
      `<div style="display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap">` +
      `<div>${boardHtml(startFen, 18)}<div style="font-size:11px;color:#555">start</div></div>` +
      `<div>${boardHtml(state.fen, 18)}<div style="font-size:11px;color:#555">after ${g.plies} plies</div></div>` +
      `<div style="max-width:560px;font-size:12px"><p style="margin:0 0 4px"><b>${g.result}</b> (${
        escapeHtml(g.termination)
      }), ${g.plies} plies; opening line ${g.opening.index + 1} of the position's set (bold); seed ${g.seed}.</p>` +
      `<p style="margin:0;line-height:1.5">${moves}</p></div></div>`,
    `${title}: ${g.result} (${g.termination}), ${g.plies} plies`,
  );
}

const ci = (c: [number, number] | null) => c ? `[${c[0].toFixed(3)}, ${c[1].toFixed(3)}]` : "n/a";

/**
 * Stage 5: the computed verdicts with their intervals (3 decimals), the
 * budgets behind them, and — when they are not the method's budgets — that
 * these figures are no test of the published one (no comparison is made:
 * summary.json has no rule for it).
 */
export function verdictView(s: Summary): Displayable {
  const c1 = s.eval_vs_score, c3 = s.mbi_vs_imbalance, p = s.published;
  const facts = {
    profile: s.profile,
    evalLimit: s.eval_limit as { nodes: number },
    selfplay: {
      positions: s.n_positions,
      games: s.selfplay.games_per_position,
      nodesPerMove: s.selfplay.nodes_per_move,
    },
  };
  const budgets = formatBudgets(facts);
  const methods = budgetBanner(facts) === null;
  const published = methods
    ? `These are the method's budgets; the documents published ${p.rho_eval_score} [${p.ci95[0]}, ${p.ci95[1]}] for ` +
      `rho(eval, score) at them.`
    : `The figures of this profile are no test of the published ${p.rho_eval_score} [${p.ci95[0]}, ${p.ci95[1]}], ` +
      `which was measured at the method's budgets (${p.budgets}): measured at other budgets, neither agreement nor ` +
      `disagreement with it says anything about the method (summary.json has no rule comparing them, and none is ` +
      `made here).`;
  return html(
    `<p style="font-size:1.1em"><b>Verdict: ${
      escapeHtml(verdictText(s.verdict.validation, c1.ci95_percentile, "above"))
    }</b> — the 95% percentile CI of rho(eval, score) is ${ci(c1.ci95_percentile)} (${
      c1.ci95_percentile[0] > 0 ? "above 0" : "not above 0"
    }). <b>The index's claim is ${escapeHtml(verdictText(s.verdict.claim, c3.ci95_percentile, "below"))}</b> — ` +
      `the CI of rho(MBI, |score − 0.5|) is ${ci(c3.ci95_percentile)} (${
        c3.ci95_percentile[1] < 0 ? "below 0" : "not below 0"
      }).</p>` +
      `<p>Budgets behind these words: ${escapeHtml(budgets)}; ${s.n_games} games, B = ${
        s.resamples.toLocaleString("en-US")
      } resamples. ${escapeHtml(published)}</p>` +
      `<p><i>${escapeHtml(s.verdict.rules)}.</i></p>`,
    `verdict: ${s.verdict.validation}; claim ${s.verdict.claim}`,
  );
}

/**
 * Stage 5: reliability, ceiling and power (this design and the method's 60 ×
 * 50) from summary.json, and what a reader can do; `caption` names profile,
 * engine and budgets.
 */
export function powerView(s: Summary, caption?: string): Displayable {
  const pw = s.power;
  const f = (x: number | null, d = 3) => x === null || !Number.isFinite(x) ? "n/a" : x.toFixed(d);
  const rows: [string, string, string][] = [
    [
      "design",
      `${pw.this_design.positions} positions × ${pw.this_design.games} games`,
      `${pw.method_design.positions} × ${pw.method_design.games}`,
    ],
    ["reliability of a position's score", f(pw.this_design.reliability), f(pw.method_design.reliability)],
    [
      "ceiling on an observed rho (√reliability)",
      f(Math.sqrt(pw.this_design.reliability)),
      f(Math.sqrt(pw.method_design.reliability)),
    ],
    [
      `expected observed rho if the true rho were ${pw.assumed_rho}`,
      f(pw.this_design.expected_rho),
      f(pw.method_design.expected_rho),
    ],
    ["power: probability that the 95% interval lies above 0", f(pw.this_design.power), f(pw.method_design.power)],
  ];
  const source = pw.variances.source === "measured"
    ? "the variances measured in these games"
    : "docs/METHOD.md's variances";
  const table = htmlTable(
    rows,
    [
      { header: "", value: (x) => x[0] },
      { header: `this profile (${s.profile})`, value: (x) => x[1], numeric: true },
      { header: `the method's 60 × 50, same variances`, value: (x) => x[2], numeric: true },
    ],
    `Reliability and power with ${source} (summary.json)${
      caption ? ` — ${caption}` : ""
    }: ${s.n_positions} positions, ${s.n_games} games`,
  );
  const measured = `Variances: ${pw.variances.note}.`;
  const g = pw.games_needed;
  let act: string;
  if (g.at_this_positions !== null) {
    act = `To resolve a true ${pw.assumed_rho} with power ${pw.required_power}, this design needs about ${
      g.at_this_positions.toLocaleString("en-US")
    } games per position at ${pw.this_design.positions} positions${
      g.at_method_positions !== null
        ? ` (${g.at_method_positions.toLocaleString("en-US")} at the method's ${pw.method_design.positions})`
        : ""
    }${
      pw.positions_needed !== null
        ? `, or ${pw.positions_needed.toLocaleString("en-US")} positions at ${pw.this_design.games} games each`
        : ""
    }${
      pw.variances.source === "method"
        ? " — if the positions differ as much as docs/METHOD.md states; these games cannot tell"
        : ""
    }.`;
  } else {
    act = `Even with every position and many games the power stays below ${pw.required_power} at these variances.`;
  }
  const published = publishedAgainstCeiling(s);
  return html(
    `${table}<p>${escapeHtml(measured)}</p><p><b>The published figure against its design:</b> ${
      escapeHtml(published)
    }</p><p><b>What to do with it:</b> ${escapeHtml(act)}</p>` +
      `<p style="font-size:11px;color:#555">Assumptions: ${escapeHtml(pw.assumptions)}.</p>`,
    act,
  );
}

/**
 * The published 0.76 — an *observed* correlation of the method's 60 × 50
 * design — against the ceiling that design has with the variances of
 * `summary.json`, in one computed sentence: above the ceiling, it is more
 * than that design can show at those variances (so they, or the figure, are
 * not what the method's games had); below it, within reach.
 */
export function publishedAgainstCeiling(s: Summary): string {
  const pw = s.power;
  const m = pw.method_design;
  const ceiling = Math.sqrt(m.reliability);
  const published = s.published.rho_eval_score;
  const f = (x: number) => x.toFixed(3);
  const source = pw.variances.source === "measured"
    ? "the variances measured in these games"
    : "the variances of docs/METHOD.md decision 6 (these games cannot estimate theirs)";
  const head = `the method's ${m.positions} × ${m.games} design, with ${source}, has a reliability of ${
    f(m.reliability)
  } and so a ceiling of ${f(ceiling)} on any observed rho; a true rho of ${published} would show there as about ${
    f(m.expected_rho)
  }. The published ${published} is itself an observed rho of that design, so it lies `;
  return ceiling < published
    ? `${head}${f(published - ceiling)} above what the design can show at these variances: either the method's ` +
      `positions differed far more than these variances say, or the published figure is not what its games could give; ` +
      `it cannot be read as the true correlation.`
    : `${head}within the design's reach (${f(ceiling - published)} below the ceiling); read as a true correlation it ` +
      `would correspond to about ${f(Math.min(1, published / ceiling))}.`;
}

/** The limitations computed from the data (lib/stages/limitations.ts), each with the files it rests on. */
export function limitationsView(
  items: readonly Limitation[],
  title = "Limitations (computed from the result files)",
): Displayable {
  return html(
    `<h4>${escapeHtml(title)}</h4><ul>${
      items.map((l) =>
        `<li>${escapeHtml(l.text)} <span style="font-size:11px;color:#666">(${
          escapeHtml(l.sources.join(", "))
        })</span></li>`
      ).join("")
    }</ul>`,
    items.map((l) => `- ${l.text}`).join("\n"),
  );
}

/** Notebook 06: determinism checks found under the results root (the ci fixture only when nothing else has one). */
export function determinismView(): Displayable {
  const rows: { folder: string; r: DeterminismReport }[] = [];
  for (const f of listResultFolders()) {
    try {
      rows.push({ folder: f.name, r: JSON.parse(Deno.readTextFileSync(join(f.path, "determinism.json"))) });
    } catch {
      // no check in this folder
    }
  }
  const real = rows.filter((x) => x.folder.split(/[~@]/)[0] !== "ci");
  const shown = real.length ? real : rows;
  if (shown.length === 0) {
    return html("<p>No determinism check has been run (<code>deno task check-determinism --engine ID</code>).</p>");
  }
  return html(htmlTable(shown, [
    { header: "folder", value: (x) => x.folder },
    { header: "engine", value: (x) => x.r.engine.uci_name },
    { header: "budget", value: (x) => formatLimit(x.r.limit) },
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

/** Notebook 06: the banner over datasets at several budgets (none at the method's budget, or which are). */
export function comparisonBanner(datasets: readonly DatasetInfo[]): Displayable {
  const method = (d: DatasetInfo) => formatLimit(d.limit) === "400,000,000 nodes";
  const others = datasets.filter((d) => !method(d));
  const list = others.map((d) => `${d.folder}: ${d.engine}, ${formatLimit(d.limit)} per position`).join("; ");
  if (others.length === 0) {
    return html(
      `<div style="border-left:4px solid #2a9d8f;background:#eef8f6;padding:6px 10px">Every dataset compared is at the method's budget (${METHOD_EVAL_TEXT}).</div>`,
    );
  }
  return html(
    `<div style="border-left:4px solid #e07b00;background:#fff4e5;padding:6px 10px;margin:4px 0"><b>Not the method's results.</b> ` +
      `${escapeHtml(list)} — the method: ${METHOD_EVAL_TEXT}; cite each with engine, fingerprint and budget.</div>`,
    `not the method's results: ${list}`,
  );
}

/** A pair with a and b swapped (points and disagreements too). */
function swapped(p: PairAgreement): PairAgreement {
  return {
    ...p,
    a: p.b,
    b: p.a,
    points: p.points.map((x) => ({ sp: x.sp, mbi_a: x.mbi_b, mbi_b: x.mbi_a })),
    largest_disagreements: p.largest_disagreements.map((d) => ({
      ...d,
      mbi_a: d.mbi_b,
      mbi_b: d.mbi_a,
      eval_a: d.eval_b,
      eval_b: d.eval_a,
    })),
  };
}

/**
 * The pairs worth a plot: each other engine against the reference engine at
 * the same budget (what the engine changes), and each budget of one engine
 * against its next larger budget (what the budget changes), oriented so that a
 * is the reference engine or the smaller budget. Every other pair stays in the
 * table (and any pair can be plotted from a cell).
 */
export function informativePairs(datasets: readonly DatasetInfo[], pairs: readonly PairAgreement[]): PairAgreement[] {
  const info = new Map(datasets.map((d) => [d.folder, d]));
  const nodes = (d: DatasetInfo) => (d.limit as { nodes?: number }).nodes ?? NaN;
  const plain = (f: string) => !f.includes("~") && !f.includes("@");
  const base = (f: string) => f.split(/[~@]/)[0];
  const out: PairAgreement[] = [];
  for (const p of pairs) {
    const a = info.get(p.a), b = info.get(p.b);
    if (!a || !b) continue;
    const sameEngine = a.fingerprint !== null && a.fingerprint === b.fingerprint;
    if (!sameEngine) {
      // another engine: against the reference dataset of its base profile (same budget, or its own depth budget)
      const sameBudget = formatLimit(a.limit) === formatLimit(b.limit);
      const depthVsNodes = ("depth" in (a.limit as object)) !== ("depth" in (b.limit as object));
      if (sameBudget || (depthVsNodes && base(p.a) === base(p.b) && (plain(p.a) || plain(p.b)))) {
        out.push(plain(p.b) && !plain(p.a) ? swapped(p) : p);
      }
      continue;
    }
    const larger = datasets.filter((d) => d.fingerprint === a.fingerprint && nodes(d) > Math.min(nodes(a), nodes(b)));
    const next = Math.min(...larger.map(nodes));
    if (Math.max(nodes(a), nodes(b)) === next) out.push(nodes(a) > nodes(b) ? swapped(p) : p);
  }
  return out;
}

/** Notebook 06: what each informative pair's numbers say, in words by the stated bands. */
export function agreementSentences(pairs: readonly PairAgreement[]): Displayable {
  const items = pairs.map((p) =>
    `${p.a} vs ${p.b}: Spearman of the edges ${p.spearman.rho.toFixed(2)} [${p.spearman.ci95[0].toFixed(2)}, ${
      p.spearman.ci95[1].toFixed(2)
    }] over ${p.common} positions — ${
      strength(p.spearman.rho, p.spearman.ci95)
    } agreement; median |ΔMBI| ${p.mbi_shift.median}, ${
      Math.round(100 * p.mbi_shift.share_over_10)
    }% of positions move by more than 10 points.`
  );
  return html(
    `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>` +
      `<p style="font-size:11px;color:#555">Words by the bands ${
        escapeHtml(STRENGTH_BANDS)
      } (of |rho|), one band's word only when the whole 95% interval lies inside it.</p>`,
    items.join("\n"),
  );
}
