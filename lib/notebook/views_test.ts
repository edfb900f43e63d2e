import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { limitationsView, powerView, publishedAgainstCeiling, selfplaySettings, verdictView } from "./views.ts";
import { boardHtml } from "./board_view.ts";
import { agreementSentences, datasetWords, informativePairs } from "./comparison_view.ts";
import { type DatasetInfo, type PairAgreement, PUBLISHED, type Summary } from "../analysis/mod.ts";
import { repoPath } from "../core/mod.ts";

/** The HTML a view shows, its entities undone (the text a reader sees, tags kept). */
const html = (d: object) =>
  (d as Record<symbol, () => Record<string, string>>)[Symbol.for("Jupyter.display")]()["text/html"]
    .replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

Deno.test("boardHtml draws 64 squares with the FEN's pieces, White at the bottom", () => {
  const b = String(boardHtml("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  assertEquals((b.match(/<span /g) ?? []).length, 64);
  assertEquals((b.match(/♟/g) ?? []).length, 8);
  ok(b.indexOf("♜") < b.indexOf("♖"), "black pieces first (top rows)");
});

const ds = (folder: string, fingerprint: number, limit: DatasetInfo["limit"]): DatasetInfo => ({
  folder,
  engine: folder,
  engine_id: folder,
  fingerprint,
  limit,
  n: 3,
});
const pair = (a: string, b: string, rho: number): PairAgreement => ({
  a,
  b,
  common: 3,
  spearman: { rho, ci95: [rho - 0.1, rho + 0.1], resamples: 10, undefined_resamples: 0 },
  kendall: { tau: rho, ci95: [0, 1], resamples: 10, undefined_resamples: 0 },
  spearman_eval: rho,
  mbi_shift: { n: 3, median: 5, p90: 9, max: 20, share_over_10: 1 / 3 },
  largest_disagreements: [{ sp: 1, setup: "x", mbi_a: 10, mbi_b: 90, eval_a: 5, eval_b: 50 }],
  points: [{ sp: 1, mbi_a: 10, mbi_b: 90 }],
});

Deno.test("informative pairs: other engines against the reference, each budget against the next; oriented", () => {
  const datasets = [
    ds("quick", 1, { nodes: 125_000 }),
    ds("quick@ethereal-12", 3, { depth: 14 }),
    ds("quick@sf18-wasm", 2, { nodes: 125_000 }),
    ds("quick~eval2000000", 1, { nodes: 2_000_000 }),
    ds("quick~eval500000", 1, { nodes: 500_000 }),
  ];
  const names = datasets.map((d) => d.folder);
  const pairs = names.flatMap((a, i) => names.slice(i + 1).map((b) => pair(a, b, 0.5)));
  const shown = informativePairs(datasets, pairs);
  assertEquals(shown.map((p) => `${p.a} ${p.b}`), [
    "quick quick@ethereal-12",
    "quick quick@sf18-wasm",
    "quick quick~eval500000",
    "quick~eval500000 quick~eval2000000",
  ]);
  // rendered for a dataset: its pairs first (a: the dataset), and its pair with the depth-32 peer joins them
  const withPeer = [...datasets, ds("eval960-depth32", 9, { depth: 32 })];
  const all = withPeer.map((d) => d.folder);
  const focused = informativePairs(
    withPeer,
    all.flatMap((a, i) => all.slice(i + 1).map((b) => pair(a, b, 0.5))),
    "quick~eval2000000",
  );
  assertEquals(focused.map((p) => `${p.a} ${p.b}`), [
    "quick~eval500000 quick~eval2000000",
    "quick~eval2000000 eval960-depth32",
    "quick quick@ethereal-12",
    "quick quick@sf18-wasm",
    "quick quick~eval500000",
  ]);
  // the swapped pair carries its points and disagreements swapped too
  const s = shown[3];
  assertEquals([s.points[0].mbi_a, s.points[0].mbi_b], [90, 10]);
  assertEquals([s.largest_disagreements[0].eval_a, s.largest_disagreements[0].eval_b], [50, 5]);
  const words = html(
    agreementSentences([pair("a", "b", 0.18), pair("c", "d", 0.608), pair("e", "f", 0.82)], [
      { ...ds("a", 1, { nodes: 125_000 }), engine: "Stockfish 17.1" },
      { ...ds("b", 1, { nodes: 8_000_000 }), engine: "Stockfish 17.1" },
    ]),
  );
  // datasets in words (engine at budget), the folder only where it is not known
  ok(
    words.includes(
      "<li>Stockfish 17.1 at 125,000 nodes per position vs Stockfish 17.1 at 8,000,000 nodes per position: Spearman",
    ),
    words,
  );
  ok(words.includes("<li>c vs d: Spearman"), words);
  ok(words.includes("0.18 [0.08, 0.28] over 3 positions — weak"), words);
  // an interval across the 0.7 band edge gets the bands it spans, not one band's word
  ok(words.includes("0.61 [0.51, 0.71] over 3 positions — moderate to strong agreement"), words);
  ok(words.includes("0.82 [0.72, 0.92] over 3 positions — strong"), words);
  ok(words.includes("0.3–0.7 moderate"), words);
});

function summary(between: number, gamesNeeded: number | null, source: "measured" | "method" = "measured"): Summary {
  const design = { positions: 24, games: 8, reliability: 0.2, expected_rho: 0.34, power: 0.3 };
  return {
    profile: "quick",
    n_positions: 24,
    n_games: 192,
    selfplay: { games_per_position: 8, nodes_per_move: 4000 },
    reliability: {
      positions: 24,
      mean_games: 8,
      game_variance: 0.19,
      observed_variance: 0.03,
      sampling_variance: 0.024,
      between_variance: between,
      reliability: 0.2,
      ceiling: 0.45,
      between_estimable: between > 0,
    },
    power: {
      assumed_rho: 0.76,
      required_power: 0.8,
      variances: { source, between, game: 0.19, note: `variances note (${source})` },
      this_design: design,
      method_design: { ...design, positions: 60, games: 50 },
      games_needed: { at_this_positions: gamesNeeded, at_method_positions: gamesNeeded === null ? null : 30 },
      positions_needed: gamesNeeded === null ? null : 70,
      assumptions: "stated",
    },
    published: PUBLISHED,
  } as unknown as Summary;
}

Deno.test("powerView says what to do, and with which variances", () => {
  const needed = html(powerView(summary(0.006, 40)));
  ok(
    needed.includes(
      "about 40 games per position at 24 positions (30 per position with the method's 60 positions), or 70 positions at 8 games each",
    ),
    needed,
  );
  ok(needed.includes("60 × 50") && needed.includes("the variances measured in these games"), needed);
  // a design at the method's 60 positions: its count is the method's, said once
  const sixty = summary(0.006, 25);
  (sixty.power.this_design as { positions: number }).positions = 60;
  const at60 = html(powerView(sixty));
  ok(at60.includes("about 25 games per position at 60 positions, or 70") && !at60.includes("with the method's"), at60);
  ok(needed.includes("Variances: variances note (measured)."), needed);
  ok(needed.includes(">the method's 60 × 50, same variances</th>"), needed);
  // the method's own design: one column of figures, not two equal ones
  const own = summary(0.006, 25);
  Object.assign(own.power.this_design as object, { positions: 60, games: 50 });
  const ownView = html(powerView(own));
  ok(ownView.includes("this design, the method's 60 × 50") && !ownView.includes("same variances"), ownView);
  const assumed = html(powerView(summary(0, 400, "method")));
  ok(assumed.includes("docs/METHOD.md's variances"), assumed);
  ok(assumed.includes("if the positions differ as much as docs/METHOD.md states; these games cannot tell"), assumed);
  const none = html(powerView(summary(0.006, null)));
  ok(none.includes("Even with every position and many games the power stays below 0.8"), none);
});

Deno.test("powerView: the published observed 0.76 against the method design's ceiling, computed", () => {
  // the quick games: variances not estimable, docs/METHOD.md's used: 60 × 50 has reliability 0.199, ceiling 0.447
  const s = summary(0, 400, "method");
  s.power.method_design = {
    positions: 60,
    games: 50,
    reliability: 0.19944598337950137,
    expected_rho: 0.339,
    power: 0.736,
  };
  s.published = PUBLISHED;
  const text = publishedAgainstCeiling(s);
  ok(text.includes("a ceiling of 0.447 on any observed rho. Read as an observed rho of that design"), text);
  // both readings, never that the figure "cannot be read as the true correlation" (the reading left standing)
  ok(text.includes("0.313 above what the design can show"), text);
  ok(text.includes("Read as the true correlation, it is within reach: it would show there as about 0.339."), text);
  ok(!text.includes("cannot be read as the true correlation"), text);
  ok(html(powerView(s)).includes("The published figure against its design:"));
  s.power.method_design = { ...s.power.method_design, reliability: 0.81 };
  ok(
    publishedAgainstCeiling(s).includes(
      "within the design's reach (0.140 below the ceiling): a true correlation of about 0.844",
    ),
    publishedAgainstCeiling(s),
  );
  ok(!text.includes("may have other variances"), "variances of docs/METHOD.md: no note on the budget per move");
  // variances measured in games at 4,000 nodes per move: the reading holds only if the method's games are alike
  s.power.variances = { ...s.power.variances, source: "measured" };
  ok(
    publishedAgainstCeiling(s).includes(
      "These variances were measured in games at 4,000 nodes per move; games at the method's 300,000 may have other variances",
    ),
    publishedAgainstCeiling(s),
  );
  s.selfplay = { ...s.selfplay, nodes_per_move: 300_000 };
  ok(!publishedAgainstCeiling(s).includes("may have other variances"), "at the method's budget per move: no note");
});

Deno.test("verdictView: intervals to 3 decimals; at other budgets the published figure is neither confirmed nor refuted, only set beside what the design could show", () => {
  const corr = (lo: number, hi: number) => ({ label: "x", rho: 0.19, ci95_percentile: [lo, hi], ci95_bca: null });
  const s = {
    ...summary(0.006, 40),
    eval_limit: { nodes: 125_000 },
    resamples: 10_000,
    eval_vs_score: corr(-0.2913, 0.628),
    mbi_vs_imbalance: corr(-0.66, 0.29),
    published: PUBLISHED,
    verdict: { validation: "inconclusive", claim: "inconclusive", rules: "the rules" },
  } as unknown as Summary;
  const v = html(verdictView(s));
  ok(v.includes("[−0.291, 0.628]"), v);
  ok(v.includes("cannot confirm or refute the published 0.76 [0.63, 0.85]"), v);
  ok(
    v.includes(
      "What this design could show of it: The published rho(eval, score) = 0.76 [0.63, 0.85] lies above this design's 95% interval [−0.291, 0.628] (observed 0.190); the two intervals do not overlap.",
    ),
    v,
  );
  ok(!/validated|supported/.test(v.slice(v.indexOf("What this design could show"))), "no verdict from the comparison");
  // at the method's budgets there is nothing to disclaim
  const method = html(verdictView({
    ...s,
    eval_limit: { nodes: 400_000_000 },
    n_positions: 60,
    selfplay: { games_per_position: 50, nodes_per_move: 300_000 },
  } as unknown as Summary));
  ok(method.includes("These are the method's budgets") && !method.includes("cannot confirm"), method);
});

Deno.test("datasets in words: engine at budget; the folder beside them where two would read the same", () => {
  const w = datasetWords([
    { ...ds("quick~eval8000000", 1, { nodes: 8_000_000 }), engine: "Stockfish 17.1" },
    { ...ds("quick~eval8000000~hash512", 1, { nodes: 8_000_000 }), engine: "Stockfish 17.1" },
    { ...ds("quick@ethereal-12", 3, { depth: 14 }), engine: "Ethereal 12.00" },
  ]);
  assertEquals(w("quick@ethereal-12"), "Ethereal 12.00 at depth 14 per position");
  assertEquals(w("quick~eval8000000"), "Stockfish 17.1 at 8,000,000 nodes per position (quick~eval8000000)");
  assertEquals(w("elsewhere"), "elsewhere");
  const peer = datasetWords([{
    ...ds("eval960-depth32", 0, { depth: 32 }),
    engine: "Stockfish 17.1 (eval960, depth 32)",
  }]);
  assertEquals(peer("eval960-depth32"), "Stockfish 17.1 (eval960, depth 32)", "its budget said once");
});

Deno.test("limitationsView: a line each (the headline), the statement and its files opened on demand", () => {
  const l = {
    id: "ties",
    headline: "Only 70 distinct values among 960: tied positions share one MBI.",
    text: "The 960 values take only 70 distinct values at this budget; tied positions share one MBI.",
    figures: {},
    sources: ["results/x/evals.jsonl"],
  };
  const shown = limitationsView([l]);
  const h = html(shown);
  ok(h.includes(`<li><details><summary>${l.headline}</summary>${l.text} `), h);
  ok(h.includes("(results/x/evals.jsonl)</span></details></li>"), h);
  const text = (shown as Record<symbol, () => Record<string, string>>)[Symbol.for("Jupyter.display")]()["text/plain"];
  assertEquals(text, `- ${l.headline}`);
});

Deno.test("self-play settings say where the draw adjudication starts, as a move and as the ply the games record", () => {
  const r = JSON.parse(
    Deno.readTextFileSync(
      repoPath("results", "quick~eval8000000", "selfplay~pos60~games50~move300000", "selfplay.json"),
    ),
  );
  const text = html(selfplaySettings(r));
  const n = r.config.adjudication.drawMoveNumber;
  ok(text.includes(`draw from move ${n} on (ply ${2 * (n - 1)})`), text);
});
