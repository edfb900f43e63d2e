import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { fixedNonZero, repoPath } from "../core/mod.ts";
import { convergenceFigure, outcomesSection } from "./landing.ts";
import {
  differenceText,
  extremes,
  listsSentence,
  listTiesSentence,
  methodSidesText,
  placesSentence,
  runningSentence,
  sampleSentence,
} from "./landing_answer.ts";
import { gamesSentence, leadSentence, methodCheckSentence, searchSentence, STILL_MOVING } from "./landing_games.ts";
import { readPrediction } from "../report/mod.ts";
import { collectLanding, type LandingData, notebookGroups } from "./landing_data.ts";
import { FIGURE_MIN_WIDTH, THEME } from "../plot/mod.ts";

Deno.test("the lists never cut a tie, and say where their positions stood at the budget below", () => {
  const pos = (sp: number, edge: number, mbi: number) => ({ sp, setup: "RNBQKBNR", eval_cp: edge, edge_cp: edge, mbi });
  const positions = [pos(1, 6, 100), pos(2, 7, 99), pos(3, 7, 99), pos(4, 20, 50), pos(5, 80, 1), pos(6, 85, 0)];
  const { balanced, unbalanced } = extremes({ positions }, 2);
  assertEquals(balanced.map((p) => p.sp), [1, 2, 3]); // SP 3 ties SP 2 at 7 cp
  assertEquals(unbalanced.map((p) => p.sp), [6, 5]);
  const below = {
    folder: "b",
    limit: "2,000,000 nodes",
    mbi: { 1: 97, 2: 90, 3: 99, 4: 40, 5: 3, 6: 0 },
    edge: { 1: 8, 2: 12, 3: 7, 4: 30, 5: 70, 6: 90 },
  };
  const s = listsSentence({ positions, below }, 2)!;
  ok(s.startsWith("At 2,000,000 nodes per position these most balanced had MBI 90–99, the least balanced 0–3"), s);
  assertEquals(listsSentence({ positions, below: null }, 2), null);
  assertEquals(listsSentence({ positions, below }, 10), null); // every position in one list: no second list
});

Deno.test("'How sure' says how many listed positions keep their place at the budget below and at the method's budget", () => {
  const pos = (sp: number, edge: number, mbi: number) => ({ sp, setup: "RNBQKBNR", eval_cp: edge, edge_cp: edge, mbi });
  const positions = [pos(1, 6, 100), pos(2, 7, 90), pos(3, 20, 50), pos(4, 40, 30), pos(5, 80, 10), pos(6, 85, 0)];
  // below, by edge: SP 1 keeps its place among the most balanced (SP 3 took SP 2's, SP 4 ties SP 1 at the cut, so that
  // list holds 3); of the 2 least, SP 6 and SP 5 keep theirs. MBI below is not what decides (SP 4's is lower).
  const below = {
    folder: "quick~eval2000000",
    limit: "2,000,000 nodes",
    mbi: { 1: 97, 2: 40, 3: 99, 4: 60, 5: 3, 6: 0 },
    edge: { 1: 7, 2: 30, 3: 5, 4: 7, 5: 70, 6: 90 },
  };
  const s = placesSentence({ positions, below, method: null }, 2)!;
  assertEquals(
    s.text,
    "Which start is the very most balanced is not settled: of these 2 most balanced, 1 is on the same list at " +
      "2,000,000 nodes per position too (3 there with ties). Of the 2 least balanced, 2 are on that budget's least " +
      "balanced list.",
  );
  // both listed positions pushed out below by SP 3 and SP 4: none kept
  const pushedOut = { ...below, edge: { 1: 40, 2: 41, 3: 5, 4: 6, 5: 70, 6: 90 } };
  ok(
    placesSentence({ positions, below: pushedOut, method: null }, 2)!.text.includes(
      "not settled: of these 2 most balanced, 0 are on the same list",
    ),
  );
  // both kept below: the lead says the top holds
  const kept = { ...below, edge: { 1: 4, 2: 5, 3: 30, 4: 31, 5: 70, 6: 90 } };
  ok(
    placesSentence({ positions, below: kept, method: null }, 2)!.text.startsWith(
      "The top of the list mostly holds with less search: of these 2 most balanced, 2 are on the same list",
    ),
  );
  assertEquals([s.href, s.link], ["quick~eval2000000/mbi.csv", "the index at 2,000,000 nodes"]);
  // at the method's budget: searched SP 1 (edge 3), 2 (edge 30), 6 (edge 9) and two others; the median edge is 9
  const values = { 1: [3, 40], 2: [-30, 41], 6: [9, 40], 7: [5, 39], 8: [50, 40] } as Record<number, [number, number]>;
  const method = { values } as unknown as NonNullable<LandingData["best"]>["method"];
  assertEquals(placesSentence({ positions, below, method }, 2)!.text, s.text, "the budget below's sentence alone");
  assertEquals(
    methodSidesText({ positions, method }, 2),
    "Of the 3 listed positions searched so far, 2 lie on their list's side of the median edge of the 5 searched (most balanced below it, least balanced above).",
  );
  // one listed position searched: said in the singular (SP 1, edge 3, on its side of the median 5 of 3, 5, 50)
  const one = { values: { 1: [3, 40], 7: [5, 39], 8: [50, 40] } } as unknown as typeof method;
  assertEquals(
    methodSidesText({ positions, method: one }, 2),
    "The one listed position searched so far lies on its list's side of the median edge of the 3 searched (most balanced below it, least balanced above).",
  );
  const wrongSide = { values: { 1: [60, 40], 7: [5, 39], 8: [50, 40] } } as unknown as typeof method;
  ok(methodSidesText({ positions, method: wrongSide }, 2)!.includes("so far does not lie on its list's side"));
  const noneListed = { values: { 7: [5, 39], 8: [50, 40] } } as unknown as typeof method;
  assertEquals(methodSidesText({ positions, method: noneListed }, 2), null, "no listed position searched yet");
  assertEquals(methodSidesText({ positions, method: null }, 2), null);
  assertEquals(placesSentence({ positions, below: null, method }, 2), null);
});

Deno.test("every link of the committed landing page and dataset pages reaches a file (figures one click from their files)", () => {
  const pages = ["index.html", "quick~eval8000000/site/index.html", "quick/site/index.html"];
  const broken: string[] = [];
  for (const page of pages) {
    const path = repoPath("results", page);
    // the page's own markup: its scripts and embedded data make links of their own at run time
    const html = Deno.readTextFileSync(path).replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
    for (const [, href] of html.matchAll(/href="([^"#?]+)(?:[?#][^"]*)?"/g)) {
      if (/^[a-z]+:/.test(href)) continue; // https://… links leave the site: not files
      const target = join(dirname(path), decodeURIComponent(href));
      try {
        Deno.statSync(target);
      } catch {
        broken.push(`${page}: ${href}`);
      }
    }
  }
  assertEquals(broken, []);
});

Deno.test("the method's own check leads the games once its design is complete, beside the published figure and the prediction", () => {
  const corr = (rho: number, lo: number, hi: number) => ({ rho, ci95_percentile: [lo, hi] });
  const design = (nodes: number, rho: number, withSample: boolean, inside: boolean | null) => ({
    selfplay: { engine: { uci_name: "Stockfish 17.1" } },
    summary: {
      n_positions: 60,
      n_games: 3000,
      selfplay: { games_per_position: 50, nodes_per_move: nodes },
      eval_vs_score: corr(rho, rho - 0.25, rho + 0.25),
      reliability: { reliability: 0.3 },
    },
    sample: withSample
      ? {
        file: "results/full/sample60/evals.jsonl",
        summary: {
          file: "results/full/sample60/s.json",
          figures: {
            validation: [
              {
                values_from: "quick~eval8000000",
                budget: "8,000,000 nodes per position",
                eval_vs_score: corr(0.9, 0, 1),
              },
              {
                values_from: "results/full/sample60/evals.jsonl",
                budget: "400,000,000 nodes per position",
                eval_vs_score: corr(rho, 0.05, 0.62),
                published_check: { published: { rho: 0.76, ci95: [0.63, 0.85] }, published_inside: false },
              },
            ],
            distance_to_method: [],
          },
        },
      }
      : null,
    prediction: inside === null ? null : { expected: { rho: 0.216, range95: [-0.157, 0.536] }, inside, observed: rho },
  });
  const best = (designs: unknown[]) =>
    ({ designs, page: { href: "k/site/index.html" }, validations: [], selfplay: null }) as unknown as NonNullable<
      LandingData["best"]
    >;
  const thirty = design(30_000, 0.216, true, null);
  const method = design(300_000, 0.35, true, true);
  const s = methodCheckSentence(best([thirty, method]))!;
  assertEquals(
    s.text,
    "The method's own check, replayed: 3,000 games of Stockfish 17.1 against itself, 60 positions at the method's 300,000 nodes per move. They give rho 0.350 [0.050, 0.620] " +
      "between the values at 400,000,000 nodes per position and White's score (0.350 [0.100, 0.600] with this index's values). The method's published 0.76 [0.63, 0.85] lies outside that interval. " +
      "Predicted before the first game: 0.216 (−0.157 to 0.536); the result is inside that range.",
  );
  assertEquals(s.href, "k/site/index.html#validation");
  // with the outcome study's noise-corrected figure for the same games and values: both readings in one sentence
  const study = {
    published: {
      corrected: {
        values: "results/full/sample60/evals.jsonl",
        reliability: 0.3823,
        corrected: { estimate: 0.7209, ci95: [0.3429, 1.6049] },
      },
    },
  };
  const both = methodCheckSentence(
    { ...best([thirty, method]), study } as unknown as Parameters<
      typeof methodCheckSentence
    >[0],
  )!.text;
  ok(
    both.includes(
      "The method's published 0.76 [0.63, 0.85] lies outside that interval, but inside the one corrected for the " +
        "games' noise (reliability 0.38): 0.72 [0.34, 1]. Read instead as a figure observed in games this noisy, " +
        "the published 0.76 is more than they can show (their ceiling √R is 0.62). Predicted before",
    ),
    both,
  );
  const otherValues = { published: { corrected: { ...study.published.corrected, values: "quick~eval8000000" } } };
  assertEquals(
    methodCheckSentence(
      { ...best([thirty, method]), study: otherValues } as unknown as Parameters<
        typeof methodCheckSentence
      >[0],
    )!.text,
    s.text,
    "a correction of other values is not this check's",
  );
  // the games sentence no longer repeats the method's design, and still names the 30,000-node one
  const g = gamesSentence(best([thirty, method]))!.text;
  ok(g.includes("at 30,000 nodes per move give rho 0.216") && !g.includes("300,000"), g);
  // nothing to say while the method's design has no values at the method's budget, or is another design
  assertEquals(methodCheckSentence(best([thirty, design(300_000, 0.35, false, null)])), null);
  assertEquals(methodCheckSentence(best([thirty])), null);
  ok(gamesSentence(best([thirty, design(300_000, 0.35, false, null)]))!.text.includes("300,000 nodes per move"));
});

Deno.test("a design being played says how far it has got and what was predicted, from which games, with no figure of its own", async () => {
  const predicted = (await readPrediction(
    repoPath("results", "quick~eval8000000", "selfplay~pos60~games50~move300000", "prediction.json"),
  ))!;
  const r = {
    profile: "quick~eval8000000~pos60~games50~move300000",
    design: "60 × 50 games at 300,000 nodes/move",
    done: 488,
    planned: 3000,
    file: "x",
    engine: { uci_name: "Stockfish 17.1", fingerprint: 2030154 },
    predicted,
  };
  const e = predicted.prediction.expected;
  assertEquals(
    runningSentence(r),
    "Being played: 60 × 50 games at 300,000 nodes/move, 488 of 3,000 games played when this page was made; no figure from them is shown until they are complete. " +
      `Predicted before the first game, from the 30,000-node games: rho ${fixedNonZero(e.rho, 3)} (95% range ${
        fixedNonZero(e.range95[0], 3)
      } to ${fixedNonZero(e.range95[1], 3)}) with the values at 400,000,000 nodes per position.`,
  );
  assertEquals(
    runningSentence({ ...r, predicted: null }),
    "Being played: 60 × 50 games at 300,000 nodes/move, 488 of 3,000 games played when this page was made; no figure from them is shown until they are complete.",
  );
});

Deno.test("the ladder's figure names every rung's budget on its axis (none blanked by the log scale)", async () => {
  const d = await collectLanding();
  const svg = String(convergenceFigure(d));
  const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>|<text[^>]*\/>/g)].map((m) => m[1] ?? "");
  assertEquals(labels.filter((l) => l.trim() === "").length, 0, "a text of the figure is empty");
  const compact = new Intl.NumberFormat("en-US", { notation: "compact" });
  for (const r of d.ladderRows) ok(labels.includes(compact.format(r.nodes)), `no tick label for ${r.nodes} nodes`);
  ok(d.ladderRows.some((r) => r.nodes === 8_000_000), "the committed ladder reaches 8,000,000 nodes");
  // drawn at the page's width and again at a phone's, neither scaled below the width where its text stays readable
  for (
    const [box, floor, w] of [["wide", Math.min(THEME.width, FIGURE_MIN_WIDTH), THEME.width], [
      "narrow",
      THEME.phone,
      THEME.phone,
    ]] as const
  ) {
    ok(
      svg.includes(
        `<div class="scroll ${box}"><svg style="min-width:${floor}px" xmlns="http://www.w3.org/2000/svg" width="${w}"`,
      ),
      box,
    );
  }
});

Deno.test("'How sure' leads with one plain sentence computed from the ladder's step and the games", () => {
  const corr = (lo: number) => ({ rho: lo + 0.2, ci95_percentile: [lo, lo + 0.4] });
  const best = (lo: number | null) =>
    ({
      key: "k8",
      engine: "Stockfish 17.1",
      limit: "8,000,000 nodes",
      designs: [],
      page: null,
      selfplay: null,
      validations: lo === null ? [] : [{ games: 1000, eval_vs_score: corr(lo), reliability: { reliability: 0.1 } }],
    }) as unknown as NonNullable<LandingData["best"]>;
  const ladder = (share: number) =>
    ({ ladderRows: [{ folder: "k2", next: { folder: "k8", share_over_10: share } }] }) as unknown as Pick<
      LandingData,
      "ladderRows"
    >;
  assertEquals(
    leadSentence(ladder(0.54), best(-0.1)),
    "In short: take this order as Stockfish 17.1's best estimate at 8,000,000 nodes per position, not a settled ranking. " +
      "More search still reorders it, and no set of games confirms it yet.",
  );
  // a tenth of the positions moving by more than 10 points is still moving; less is not
  ok(
    leadSentence(ladder(STILL_MOVING), best(0.1))!.includes(
      "More search still reorders it, and games agree with it, weakly to moderately",
    ),
  );
  assertEquals(
    leadSentence(ladder(0.09), best(0.1)),
    "In short, the order looks settled: more search barely moves it, and games agree with it, weakly to moderately.",
  );
  // the strength words follow the interval: one band's word only when the whole interval lies inside it
  const narrow = {
    ...best(null),
    validations: [{ games: 1000, eval_vs_score: { rho: 0.2, ci95_percentile: [0.1, 0.25] }, reliability: {} }],
  } as unknown as NonNullable<LandingData["best"]>;
  ok(leadSentence(ladder(0.09), narrow)!.endsWith("games agree with it, weakly."));
  // some sets agree, others do not: the agreeing ones are named, and the order is not called settled
  const mixed = {
    ...best(-0.1),
    designs: [{
      summary: {
        n_games: 3000,
        selfplay: { nodes_per_move: 300_000 },
        eval_vs_score: { rho: 0.346, ci95_percentile: [0.094, 0.569] },
        reliability: { reliability: 0.38 },
      },
    }],
  } as unknown as NonNullable<LandingData["best"]>;
  assertEquals(
    leadSentence(ladder(0.09), mixed),
    "In short: take this order as Stockfish 17.1's best estimate at 8,000,000 nodes per position, not a settled ranking. " +
      "More search barely moves it, and only the 3,000 self-play games at 300,000 nodes per move agree with it, weakly to moderately.",
  );
  assertEquals(leadSentence({ ladderRows: [] }, best(null)), null);
  ok(leadSentence({ ladderRows: [] }, best(-0.1))!.endsWith("not a settled ranking. No set of games confirms it yet."));
});

Deno.test("'How sure' with the outcome study: the largest game tables lead, and whether more search predicts them better", () => {
  const study = {
    tables: [{
      name: "big",
      games: 48_000_000,
      description: "48,000,000 Engine X self-play games, 50,000 each",
      reliability: { reliability: 0.999 },
    }],
    correlations: [{ table: "big", dataset: "k8", eval_vs_score: { n: 960, rho: 0.5, ci95: [0.45, 0.55] } }],
    steps: [
      { table: "big", from: "k2", to: "k8", from_rho: 0.4, to_rho: 0.5, delta: 0.1, ci95: [0.01, 0.19], n: 960 },
      { table: "big", from: "k8", to: "peer", from_rho: 0.5, to_rho: 0.6, delta: 0.1, ci95: [0.01, 0.19], n: 960 },
    ],
    datasets: [{ key: "k2", nodes: 2_000_000 }, { key: "k8", nodes: 8_000_000 }, { key: "peer", nodes: null }],
  };
  const b = {
    key: "k8",
    engine: "Stockfish 17.1",
    limit: "8,000,000 nodes",
    designs: [],
    page: null,
    selfplay: null,
    validations: [],
    study,
  } as unknown as NonNullable<LandingData["best"]>;
  const ladder = { ladderRows: [{ folder: "k2", next: { folder: "k8", share_over_10: 0.05 } }] } as unknown as Pick<
    LandingData,
    "ladderRows"
  >;
  assertEquals(
    leadSentence(ladder, b),
    "In short, the order looks settled: more search barely moves it, and the games of the largest public table follow it moderately (rho 0.50 in 48 million Engine X self-play games).",
  );
  // two tables, one moderate and one strong: their bands said once, as a span
  const two = {
    ...b,
    study: {
      ...study,
      tables: [...study.tables, { ...study.tables[0], name: "mid", games: 19_200_000, description: "Engine Y games" }],
      correlations: [
        ...study.correlations,
        { table: "mid", dataset: "k8", eval_vs_score: { n: 960, rho: 0.72, ci95: [0.71, 0.75] } },
      ],
    },
  } as typeof b;
  assertEquals(
    leadSentence(ladder, two),
    "In short, the order looks settled: more search barely moves it, and the games of the two largest public tables follow it moderately to strongly (rho 0.50 in 48 million Engine X self-play games, 0.72 in 19.2 million Engine Y games).",
  );
  assertEquals(
    searchSentence(b)?.text,
    "More search predicts the Engine X self-play games at every fourfold step (rho 0.40 at 2,000,000 nodes, 0.50 at 8,000,000).",
  );
  const flat = { ...b, study: { ...study, steps: [{ ...study.steps[0], ci95: [-0.01, 0.19] }] } } as typeof b;
  assertEquals(searchSentence(flat)?.text, "More search predicts the Engine X self-play games at no step.");
  assertEquals(searchSentence({ ...b, study: null }), null);
});

Deno.test("'How sure' on the method's run: its count, agreement and median, then where the listed positions lie", () => {
  const pos = (sp: number, edge: number, mbi: number) => ({ sp, setup: "RNBQKBNR", eval_cp: edge, edge_cp: edge, mbi });
  // 24 positions: the 10 most balanced are SP 1–10 (edges 3–30), the 10 least SP 24 down to 15
  const positions = Array.from({ length: 24 }, (_, i) => pos(i + 1, 3 * (i + 1), 100 - 4 * i));
  const partial = {
    done: { of: 960 },
    dataset: { budget: "400,000,000 nodes per position" },
    agreement: { all: { n: 136, rho: 0.6971, ci95: [0.588, 0.782] }, peer: { n: 136, rho: 0.75, ci95: [0.66, 0.82] } },
    distribution: { median: { estimate: 26.5, ci95: [24, 30] } },
    published: { median: 26 },
    difference: { index: "x", n: 136, median: { estimate: 7, ci95: [6, 8] }, mean: 7.2, higher: 100, lower: 30 },
  };
  // searched: SP 1 (3 cp), 7 (5), 8 (50), 24 (90); median edge 27.5: SP 8 alone is on the wrong side of it
  const values = { 1: [3, 40], 7: [5, 39], 8: [-50, 40], 24: [90, 40] } as Record<number, [number, number]>;
  const b = { positions, designs: [], page: null, method: { partial, values } } as unknown as NonNullable<
    LandingData["best"]
  >;
  const s = sampleSentence(b)!;
  assertEquals(
    s.text,
    "136 of the 960 positions are searched so far at the method's own 400,000,000 nodes (an equal-chance sample). " +
      "Of the 4 listed positions searched so far, 3 lie on their list's side of the median edge of the 4 searched " +
      "(most balanced below it, least balanced above). On all 136, this index's ranks agree with the method's at " +
      "Spearman 0.697 [0.588, 0.782]. The public eval960 table (Stockfish 17.1 at depth 32) agrees more, at 0.750 " +
      "[0.660, 0.820]; its budget is a search depth, different for each position, so it is compared with, never " +
      "taken as, the index. The method's values there have a median of +26.5 cp [+24, +30] (its published run: " +
      "+26.0). " +
      "This index reads 100 of them higher and 30 lower, by a median +7 cp [+6, +8]: values at the method's budget " +
      "run lower.",
  );
  // a snapshot without the peer's figure says nothing of it
  const noPeer = { ...partial, agreement: { all: partial.agreement.all } };
  ok(!sampleSentence({ ...b, method: { partial: noPeer, values } } as typeof b)!.text.includes("depth-32"));
  assertEquals([s.href, s.link], ["full/partial.json", "the method's run so far"]);
});

Deno.test("the lists say how they are cut, and how many unlisted positions share a list's boundary MBI", () => {
  const pos = (sp: number, edge: number, mbi: number) => ({ sp, setup: "RNBQKBNR", eval_cp: edge, edge_cp: edge, mbi });
  // lists of 2: SP 1, 2 (MBI 100, 99) and SP 8, 7 (MBI 0, 1); SP 3 and 4 share MBI 99, SP 6 shares MBI 1
  const positions = [
    pos(1, 6, 100),
    pos(2, 7, 99),
    pos(3, 8, 99),
    pos(4, 9, 99),
    pos(5, 40, 50),
    pos(6, 68, 1),
    pos(7, 70, 1),
    pos(8, 85, 0),
  ];
  assertEquals(
    listTiesSentence({ positions }, 2),
    "The lists take the 2 smallest and the 2 largest edges, with any position tied at the last. MBI is a rounded " +
      "rank: 2 more positions (8–9 cp) have the first list's lowest MBI (99), and 1 more (68 cp) the second " +
      "list's highest (1).",
  );
  const clean = [pos(1, 6, 100), pos(2, 7, 99), pos(5, 40, 50), pos(7, 70, 1), pos(8, 85, 0)];
  assertEquals(listTiesSentence({ positions: clean }, 2), null, "no group of equal MBI cut");
  const bottomOnly = [pos(1, 6, 100), pos(2, 7, 99), pos(5, 40, 50), pos(6, 68, 1), pos(7, 70, 1), pos(8, 85, 0)];
  ok(
    listTiesSentence({ positions: bottomOnly }, 2)!.endsWith(
      "rounded rank: 1 more position (68 cp) has the second list's highest MBI (1).",
    ),
  );
});

Deno.test("the notebooks by dataset, the best index's first, each self-play notebook naming its games", () => {
  const nb = (folder: string, file: string) => ({
    folder,
    title: file,
    stage: Number(file.slice(0, 2)),
    href: `${folder}/${file}.html`,
  });
  const groups = notebookGroups({
    notebooks: [
      nb("quick", "01_eval"),
      nb("quick", "04_selfplay"),
      nb("quick~eval8000000", "03_rank"),
      nb("quick~eval8000000~pos60~games50~move30000", "05_stats"),
      nb("quick~eval8000000~pos60~games50~move30000", "04_selfplay"),
      nb("quick~eval8000000~pos60~games50~move300000", "04_selfplay"),
      nb("quick~eval8000000", "07_outcomes"),
    ],
    names: {
      "quick": "Stockfish 17.1 WASM, 125,000 nodes per position",
      "quick~eval8000000": "Stockfish 17.1, 8,000,000 nodes per position",
    },
    best: { key: "quick~eval8000000" },
  });
  assertEquals(groups.map((g) => [g.folder, g.name]), [
    ["quick~eval8000000", "Stockfish 17.1, 8,000,000 nodes per position"],
    ["quick", "Stockfish 17.1 WASM, 125,000 nodes per position"],
  ]);
  // the dataset's own in stage order, then the designs, the most nodes per move first, each in stage order
  assertEquals(groups[0].notebooks.map((n) => [n.title, n.design]), [
    ["03_rank", null],
    ["07_outcomes", null],
    ["04_selfplay", "self-play 60 × 50 games at 300,000 nodes/move"],
    ["04_selfplay", "self-play 60 × 50 games at 30,000 nodes/move"],
    ["05_stats", "self-play 60 × 50 games at 30,000 nodes/move"],
  ]);
  const own = groups[1].notebooks.map((n) => n.design);
  assertEquals(own[0], null, "stage 1 reads no games");
  ok(/^self-play \d+ × \d+ games at [\d,]+ nodes\/move$/.test(own[1] ?? ""), "the profile's own self-play, named");
});

Deno.test("tables whose per-position values are not published are shown by their committed files, the most games first", () => {
  const read = (table: string) => ({
    ...JSON.parse(
      Deno.readTextFileSync(repoPath("results", "outcomes", table, "validation", "quick~eval8000000.json")),
    ),
    href: `outcomes/${table}/validation/quick~eval8000000.json`,
  });
  const table = (name: string, description: string) => ({
    name,
    description,
    licence: "CC BY-NC 4.0",
    href: `outcomes/${name}/outcomes.json`,
    validations: [read(name)],
  });
  const html = String(outcomesSection({
    best: null,
    outcomes: [],
    unpublished: [
      table("sf16-selfplay-20k", "19,200,000 Stockfish 16 self-play games, 20,000 from each start position"),
      table("sf17.1-selfplay-50k", "48,000,000 Stockfish 17.1 self-play games, 50,000 from each start position"),
    ],
  }));
  ok(
    html.indexOf("<h3>48,000,000 Stockfish 17.1 self-play games</h3>") < html.indexOf("<h3>19,200,000 Stockfish 16"),
    html,
  );
  ok(html.includes("Its per-position values are not published here (CC BY-NC 4.0)"), html);
  ok(html.includes('<a href="outcomes/sf16-selfplay-20k/outcomes.json"><code>outcomes.json</code></a>'), html);
  ok(!html.includes("outcomes.csv"), "no link to values that are not published");
  ok(html.includes("Stockfish 17.1, 8,000,000 nodes per position</th>"), html);
  ok(html.includes("reliability 0.999: almost free of game noise."), html);
  assertEquals(String(outcomesSection({ best: null, outcomes: [], unpublished: [] })), "<p>No outcome table here.</p>");
});

Deno.test("differenceText: which way the index's values sit against the method's, said only when the interval excludes 0", () => {
  const d = (estimate: number, ci95: [number, number]) => ({
    difference: { index: "x", n: 10, median: { estimate, ci95 }, mean: estimate, higher: 6, lower: 3 },
  });
  assertEquals(
    differenceText(d(-2, [-5, -1])),
    "This index reads 6 of them higher and 3 lower, by a median −2 cp [−5, −1]: values at the method's budget run higher.",
  );
  assertEquals(
    differenceText(d(1, [-1, 3])),
    "This index reads 6 of them higher and 3 lower, by a median +1 cp [−1, +3].",
  );
  assertEquals(differenceText({}), null, "an earlier snapshot without it");
});

Deno.test("a table's rows: the reference engine's budgets first, smallest first, the best index marked, then the method's run", () => {
  const dir = (table: string) => repoPath("results", "outcomes", table, "validation");
  const read = (table: string, key: string) => ({
    ...JSON.parse(Deno.readTextFileSync(join(dir(table), `${key}.json`))),
    href: `outcomes/${table}/validation/${key}.json`,
  });
  const study = JSON.parse(Deno.readTextFileSync(repoPath("results", "outcomes", "study.json")));
  const partial = JSON.parse(Deno.readTextFileSync(repoPath("results", "full", "partial.json")));
  const name = "sf16-selfplay-20k";
  const html = String(outcomesSection({
    best: { key: "quick~eval8000000", study, method: { partial, values: {} } } as unknown as LandingData["best"],
    outcomes: [],
    unpublished: [{
      name,
      description: "19,200,000 Stockfish 16 self-play games",
      licence: null,
      href: "x",
      validations: ["quick@sf18-wasm", "quick~eval8000000", "quick"].map((k) => read(name, k)),
    }],
  }));
  const rows = [...html.matchAll(/<th scope="row"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1].replace(/&#39;/g, "'"));
  const n = partial.done.used.length;
  assertEquals(rows, [
    "Stockfish 17.1 WASM, 125,000 nodes per position",
    "Stockfish 17.1, 8,000,000 nodes per position (the best index)",
    "Stockfish 18 WASM, 125,000 nodes per position",
    `Stockfish 17.1, 400,000,000 nodes per position (the method's run, ${n} of 960 positions so far)`,
  ]);
  const run = study.correlations.find((c: { table: string; dataset: string }) =>
    c.table === name && c.dataset === "method"
  );
  ok(html.includes(`${fixedNonZero(run.eval_vs_score.rho, 3)} [`) && html.includes("no MBI until all are done"), html);
});

Deno.test("other engines: each also against the reference engine's rung at its own budget, from engine_comparison.json", async () => {
  const d = await collectLanding();
  const pairs = JSON.parse(Deno.readTextFileSync(repoPath("results", "engine_comparison.json"))).pairs as {
    a: string;
    b: string;
    spearman: { rho: number };
  }[];
  const checked = d.engines.filter((e) => e.vsSameBudget);
  ok(checked.length >= 2, "the 125,000-node engines have a rung at their budget");
  for (const e of checked) {
    const rung = d.ladderRows.find((r) => r.folder === e.vsSameBudget!.folder)!;
    ok(rung, `${e.folder}: its rung is on the ladder`);
    const p = pairs.find((x) => [x.a, x.b].sort().join() === [e.folder, rung.folder].sort().join())!;
    assertEquals(e.vsSameBudget!.rho, p.spearman.rho);
  }
  // a depth budget has no rung of nodes
  assertEquals(d.engines.find((e) => e.folder === "quick@ethereal-12")?.vsSameBudget, null);
});
