import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { computeLimitations, stabilityWords } from "./limitations.ts";
import type { Limitation } from "./limitation.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { CI_POSITIONS, intervalCoverage, METHOD_SEED, pearson, spearman } from "../method/mod.ts";
import { getProfile } from "../store/mod.ts";
import { SUMMARY_SCHEMA } from "../analysis/mod.ts";
import { inTempRoot } from "../core/testing.ts";
import { fix, pct, repoPath } from "../core/mod.ts";

const COMMITTED_SELFPLAY = JSON.parse(
  await Deno.readTextFile(repoPath("results", "quick", "selfplay", "selfplay.json")),
);

/** Runs `f` with the results root set to a fresh temporary folder. */

const values = (f: (sp: number, i: number) => number) =>
  Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, f(sp, i)]));
const byId = (ls: Limitation[], id: string) => ls.find((l) => l.id === id);

/** Self-play results with the given W/D/L per position (SPs from the ci set). */
/** A valid `selfplay.json` of profile ci (the committed quick one's fields) with these counts per position. */
function selfplay(counts: [number, number, number, number][]) {
  return {
    ...COMMITTED_SELFPLAY,
    profile: "ci",
    // the ci profile's design: its positions drawn, 4 games each at 1,000 nodes per move
    config: { ...COMMITTED_SELFPLAY.config, games: 4, nodes_per_move: 1000, positions: CI_POSITIONS.slice(0, 6) },
    n_positions: counts.length,
    n_games: counts.length * 4,
    positions: counts.map(([w, d, l, distinct], i) => ({
      sp: CI_POSITIONS[i],
      setup: "",
      eval_cp: 0,
      edge_cp: 0,
      mbi: 0,
      stratum: i,
      games: w + d + l,
      wins: w,
      draws: d,
      losses: l,
      score: (w + d / 2) / (w + d + l),
      score_ci95: [0, 1],
      avg_plies: 80,
      terminations: {},
      distinct_games: distinct,
    })),
  };
}

Deno.test("limitations: budget, engine, ties and rank agreement from the data; 'ranks more stable' only when the numbers say so", async () => {
  await inTempRoot(async (root) => {
    // All values positive: the ranks of edges equal those of values, so the two agreements are equal.
    await writeSyntheticDataset({ root, folder: "ci", values: values((_, i) => 10 + (i % 4) * 5) });
    const other = values((_, i) => 40 - i * 3);
    await writeSyntheticDataset({ root, folder: "ci~eval40000", values: other, limit: { nodes: 40_000 } });
    await writeSyntheticDataset({
      root,
      folder: "ci@sf18-wasm",
      values: values((_, i) => (i % 2 ? 1 : -1) * (5 + i)),
      engine: { id: "sf18-wasm", uci_name: "Stockfish 18 WASM", fingerprint: 2_044_794 },
    });
    const ls = await computeLimitations(getProfile("ci"));
    const budget = byId(ls, "budget")!;
    ok(
      budget.text.includes("values at 20,000 nodes per position (the method: 400,000,000 nodes per position)"),
      budget.text,
    );
    ok(byId(ls, "one-engine")!.text.includes("Stockfish 17.1 WASM (fingerprint 2,030,154)"));
    const ties = byId(ls, "ties")!;
    assertEquals([ties.figures.distinct_values, ties.figures.largest_tie], [4, 3]);

    const mine = CI_POSITIONS.map((_, i) => 10 + (i % 4) * 5);
    const theirs = CI_POSITIONS.map((sp) => other[sp]);
    const budgetAgreement = byId(ls, "rank-agreement:ci~eval40000")!;
    assertEquals(budgetAgreement.figures.spearman_edge, spearman(mine, theirs));
    assertEquals(budgetAgreement.figures.common, 12);
    // The values themselves (cp) are compared with Pearson: here they agree less well than the ranks.
    const r = pearson(mine, theirs);
    assertEquals(budgetAgreement.figures.pearson_eval, r);
    assertEquals(r.toFixed(2), "-0.32");
    ok(budgetAgreement.text.includes("agree at Pearson −0.32"), budgetAgreement.text); // the minus sign people read
    ok(!ls.some((l) => /ranks are more stable/.test(l.text)), "no claim the data do not show");

    const engine = byId(ls, "engine-agreement:ci@sf18-wasm")!;
    ok(engine.text.startsWith("Another engine ranks the positions differently"), engine.text);
    const signed = CI_POSITIONS.map((_, i) => (i % 2 ? 1 : -1) * (5 + i));
    assertEquals(engine.figures.spearman_edge, spearman(mine, signed.map(Math.abs)));
    assertEquals(engine.figures.spearman_eval, spearman(mine, signed));
    ok(!ls.some((l) => l.id.startsWith("distinct") || l.id === "power"), "no self-play statements without self-play");
    // at the same budget as this dataset there is nothing to set apart: no second comparison
    assertEquals(engine.figures.same_budget_other, null);

    // another engine at another budget: set apart by the reference engine at that budget (ci~eval40000)
    const far = values((_, i) => 3 + ((i * 5) % 11));
    await writeSyntheticDataset({
      root,
      folder: "ci~eval40000@sf18-wasm",
      values: far,
      limit: { nodes: 40_000 },
      engine: { id: "sf18-wasm", uci_name: "Stockfish 18 WASM", fingerprint: 2_044_794 },
    });
    const apart = byId(await computeLimitations(getProfile("ci")), "engine-agreement:ci~eval40000@sf18-wasm")!;
    const farOnCi = CI_POSITIONS.map((sp) => far[sp]);
    assertEquals(apart.figures.same_budget_other, "ci~eval40000");
    assertEquals(apart.figures.same_budget_spearman_edge, spearman(theirs.map(Math.abs), farOnCi));
    ok(
      apart.text.includes(
        `At 40,000 nodes both, Stockfish 17.1 WASM and Stockfish 18 WASM agree at Spearman ${
          fix(spearman(theirs.map(Math.abs), farOnCi))
        }`,
      ) && apart.text.endsWith("the engine alone moves the ranks that much."),
      apart.text,
    );
  });
});

Deno.test("limitations: self-play distinct games, White's score, and power as stage 5 recorded it", async () => {
  await inTempRoot(async (root) => {
    await writeSyntheticDataset({ root, folder: "ci", values: values((sp) => sp % 50) });
    const counts: [number, number, number, number][] = [
      [4, 0, 0, 1],
      [3, 1, 0, 4],
      [2, 2, 0, 4],
      [1, 2, 1, 3],
      [0, 4, 0, 4],
      [0, 2, 2, 4],
    ];
    await Deno.mkdir(join(root, "ci", "selfplay"), { recursive: true });
    await Deno.writeTextFile(join(root, "ci", "selfplay", "selfplay.json"), JSON.stringify(selfplay(counts)));
    let ls = await computeLimitations(getProfile("ci"));
    const distinct = byId(ls, "distinct-games")!;
    assertEquals([distinct.figures.games, distinct.figures.distinct_games], [24, 20]);
    ok(distinct.text.includes("fewest: SP 0 with 1 of 4"), distinct.text);
    const white = byId(ls, "white-score")!;
    assertEquals([white.figures.wins, white.figures.draws, white.figures.losses], [10, 11, 3]);
    assertEquals(white.figures.white_score, (10 + 5.5) / 24);
    assertEquals(byId(ls, "power"), undefined, "no power statement before stage 5 has run");
    assertEquals(byId(ls, "opening-breadth"), undefined, "no statement on opening sets without them");

    // Opening sets: the first position's lines all start with one move scored far above its value (0 cp), the
    // second's with two moves near it.
    const header = (await Deno.readTextFile(repoPath("results", "quick", "selfplay", "openings.jsonl"))).split("\n")[0];
    const line = (first: string, cp: number) => ({
      moves: [first, "e7e5"],
      san: [first.slice(2), "e5"],
      scores: [{ cp }, { cp: 0 }],
      depths: [9, 9],
    });
    const sets = [
      {
        sp: CI_POSITIONS[0],
        lines: [line("e2e4", 150), line("e2e4", 150)],
        plies: 2,
        searches: 2,
        games: 2,
        shortfall: 0,
      },
      {
        sp: CI_POSITIONS[1],
        lines: [line("e2e4", 20), line("d2d4", 5)],
        plies: 2,
        searches: 2,
        games: 2,
        shortfall: 0,
      },
    ];
    await Deno.writeTextFile(
      join(root, "ci", "selfplay", "openings.jsonl"),
      [header, ...sets.map((s) => JSON.stringify(s))].join("\n") + "\n",
    );
    ls = await computeLimitations(getProfile("ci"));
    const breadth = byId(ls, "opening-breadth")!;
    assertEquals(
      [breadth.figures.positions, breadth.figures.single_first_move, breadth.figures.best_first_far_above_value],
      [2, 1, 1],
    );
    ok(breadth.text.includes(`same first move (SP ${CI_POSITIONS[0]})`), breadth.text);
    ok(breadth.text.includes(`most: SP ${CI_POSITIONS[0]}, e4 at +150 cp, depth 9, against 0 cp`), breadth.text);

    const summary = {
      kind: "mbi-summary",
      schema: SUMMARY_SCHEMA,
      profile: "ci",
      n_positions: 6,
      selfplay: { games_per_position: 4, nodes_per_move: 1000 },
      eval_limit: { nodes: 20_000 },
      resamples: 1000,
      seed: METHOD_SEED,
      eval_vs_score: { rho: 0.1, ci95_percentile: [-0.5, 0.6] },
      verdict: { validation: "inconclusive", claim: "not supported" },
      reliability: { reliability: 0, ceiling: 0, between_estimable: false },
      power: {
        required_power: 0.8,
        variances: { source: "method" },
        this_design: { positions: 6, games: 4, reliability: 0.2, expected_rho: 0.34, power: 0.31 },
        games_needed: { at_this_positions: 120, at_method_positions: 60 },
      },
    };
    await Deno.writeTextFile(join(root, "ci", "summary.json"), JSON.stringify(summary));
    ls = await computeLimitations(getProfile("ci"));
    const recorded = byId(ls, "power")!;
    assertEquals(
      [recorded.figures.reliability, recorded.figures.power_at_published, recorded.figures.power_source],
      [0.2, 0.31, "summary.json"],
    );
    assertEquals(recorded.figures.verdict, "inconclusive");
    ok(recorded.text.includes("not estimable from these games"), recorded.text);
    ok(
      recorded.text.includes(
        "measured with values at 20,000 nodes per position and 6 × 4 games at 1,000 nodes/move, not the method's, " +
          "so it cannot confirm or refute the published figure.",
      ),
      recorded.text,
    );
    ok(recorded.text.includes("0.8 is the usual bar); about 120 games per position would reach 0.8"), recorded.text);
    assertEquals(recorded.headline, "Self-play: too few games to detect a true 0.76: power 0.31 (0.8 needed).");
    // power enough, at other budgets than the method's: what it could detect, and no test of the published figure
    const strong = {
      ...summary,
      power: { ...summary.power, this_design: { ...summary.power.this_design, power: 0.9 } },
    };
    await Deno.writeTextFile(join(root, "ci", "summary.json"), JSON.stringify(strong));
    assertEquals(
      byId(await computeLimitations(getProfile("ci")), "power")!.headline,
      "Self-play: these games could detect a true 0.76 (power 0.90); with values at 20,000 nodes per position and " +
        "6 × 4 games at 1,000 nodes/move, not the method's, they are no test of the published figure.",
    );
  });
});

Deno.test("stabilityWords: 'ranks less/more stable than values' only when Pearson lies outside the Spearman interval", () => {
  // the 8M vs 2M figures: Pearson 0.74, Spearman 0.71 [0.67, 0.74] — a difference inside the interval
  const inside = stabilityWords(0.7399, [0.668, 0.741]);
  assertEquals(inside, "inside the Spearman interval, so the ranks are as stable as the values");
  ok(/ranks are less stable than the values/.test(stabilityWords(0.8, [0.55, 0.65])));
  ok(/ranks are more stable than the values/.test(stabilityWords(0.4, [0.55, 0.65])));
  ok(/no interval/.test(stabilityWords(0.8, undefined)));
  // The 2M vs 8M case: Pearson 0.7445 just above the interval's end 0.7411 — exact figures and "borderline"
  const near = stabilityWords(0.7445, [0.6680, 0.7411]);
  ok(near.includes("Pearson 0.745 above the Spearman interval [0.668, 0.741]; borderline: 0.003 from its end"), near);
  ok(!stabilityWords(0.8, [0.55, 0.65]).includes("borderline"));
});

Deno.test("limitations: an MBI interval without a larger budget here says its coverage is not checked", async () => {
  await inTempRoot(async (root) => {
    const v = values((_, i) => 10 + i);
    const iterations = Object.fromEntries(Object.entries(v).map(([sp, x]) => [sp, [x - 8, x + 5, x]]));
    await writeSyntheticDataset({ root, folder: "ci", values: v, iterations });
    const l = byId(await computeLimitations(getProfile("ci")), "mbi-interval")!;
    assertEquals(l.figures.coverage_next_budget, null);
    ok(/not checked for this dataset: no complete dataset of the same engine at a larger budget/.test(l.text), l.text);
    ok(!l.text.includes("At the smaller budgets"), "no smaller budget here yet");

    // a smaller budget of the same engine with ranges: how often its ranges held this dataset's MBI is said
    const w = values((_, i) => 30 - 2 * i);
    const its = Object.fromEntries(Object.entries(w).map(([sp, x]) => [sp, [x + 6, x - 4, x]]));
    await writeSyntheticDataset({ root, folder: "ci~eval10000", values: w, iterations: its, limit: { nodes: 10_000 } });
    const m = byId(await computeLimitations(getProfile("ci")), "mbi-interval")!;
    const read = (folder: string) => JSON.parse(Deno.readTextFileSync(join(root, folder, "mbi.json"))).rows;
    const share = intervalCoverage(read("ci~eval10000"), read("ci")).share;
    ok(Number.isFinite(share), "the two tables share their positions");
    ok(
      m.text.endsWith(
        `At the smaller budgets, the next budget's MBI fell inside a position's settling range for ${
          pct(share)
        } (10,000 → 20,000 nodes) of positions.`,
      ),
      m.text,
    );
    ok(
      m.sources.includes(join(root, "ci~eval10000", "mbi.json")) ||
        m.sources.some((x) => x.endsWith("ci~eval10000/mbi.json")),
    );
  });
});

Deno.test("a position's opening note: one first move, or a best first move far above the position's value", async () => {
  const { openingNote } = await import("./limitations_selfplay.ts");
  const search = { nodes_per_move: 30_000, windowCp: 30 };
  const b = (first_moves: number, cp: number) => ({
    sp: 29,
    lines: 50,
    first_moves,
    best_first: { move: "h2h4", san: "h4", cp, depth: 9 },
  });
  // SP 29 of the 30,000-node design: every line begins with h4, scored +511 against +13
  const both = openingNote(b(1, 511), 13, search)!;
  ok(both.startsWith("Every game of this design begins with h4: no other first move came within 30 cp of it"), both);
  ok(both.includes("scored h4 at +511 cp (depth 9) against the position's +13 cp"), both);
  ok(openingNote(b(1, 20), 13, search)!.endsWith("came within 30 cp of it."));
  ok(openingNote(b(5, 511), 13, search)!.startsWith("The best first move of its opening set, h4:"));
  assertEquals(openingNote(b(5, 40), 13, search), null);
});

Deno.test("a design's limitations speak of it alone; its dataset's, of every design drawn from it (the committed 8M index)", async () => {
  const [a, b] = ["quick~eval8000000~pos60~games50~move300000", "quick~eval8000000~pos60~games50~move30000"];
  const folder = (key: string) => `selfplay~${key.split("~").slice(2).join("~")}/`;
  for (const [mine, other] of [[a, b], [b, a]]) {
    const sources = (await computeLimitations(getProfile(mine))).flatMap((l) => l.sources);
    ok(sources.some((s) => s.includes(folder(mine))), `${mine}: its own games`);
    ok(!sources.some((s) => s.includes(folder(other))), `${mine} names ${other}'s files: ${sources.join(", ")}`);
  }
  const dataset = (await computeLimitations(getProfile("quick~eval8000000"))).flatMap((l) => l.sources);
  ok([a, b].every((k) => dataset.some((s) => s.includes(folder(k)))), "the dataset: both designs");
});
