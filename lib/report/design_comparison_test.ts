import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { repoPath } from "../core/mod.ts";
import { getProfile, RESULTS_ENV } from "../store/mod.ts";
import { comparisonRows, designComparison, designResults } from "./design_comparison.ts";

// The committed 8M index: its 60 × 50 designs at the method's 300,000 nodes per move and at 30,000, both complete,
// with the 400M sample's figures. Each row is checked against the files it names, read here as plain JSON.
const RESULTS = repoPath("results");
const json = (path: string) => JSON.parse(Deno.readTextFileSync(path));

Deno.test("the designs side by side: the method's own design first, each with the index's and the method's values, the published figure last", async () => {
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, RESULTS);
  try {
    const profile = getProfile("quick~eval8000000");
    const rows = await designComparison(profile, await designResults(profile), "8,000,000 nodes per position");
    assertEquals(rows.map((r) => [r.kind, r.design, r.values]), [
      ["design", "60 × 50 games at 300,000 nodes/move", "8,000,000 nodes per position"],
      ["design", "60 × 50 games at 300,000 nodes/move", "400,000,000 nodes per position"],
      ["design", "60 × 50 games at 30,000 nodes/move", "8,000,000 nodes per position"],
      ["design", "60 × 50 games at 30,000 nodes/move", "400,000,000 nodes per position"],
      ["published", "the method, published", "400,000,000 nodes per position"],
    ]);
    const designs = [
      { rows: rows.slice(0, 2), tags: "~pos60~games50~move300000", sample: "sample~pos60~games50~move300000.json" },
      { rows: rows.slice(2, 4), tags: "~pos60~games50~move30000", sample: "sample.json" },
    ];
    for (const d of designs) {
      const [own, method] = d.rows;
      const summary = json(join(RESULTS, "quick~eval8000000", `summary${d.tags}.json`));
      const sample = json(join(RESULTS, "full", "sample60", d.sample));
      const selfplay = json(join(RESULTS, "quick~eval8000000", `selfplay${d.tags}`, "selfplay.json"));
      assertEquals(sample.selfplay.profile, summary.profile); // each sample file holds its own design's figures
      assertEquals(own.rho, { rho: summary.eval_vs_score.rho, ci95: summary.eval_vs_score.ci95_percentile });
      const v = sample.validation.find((x: { values_from: string }) =>
        x.values_from === "results/full/sample60/evals.jsonl"
      );
      assertEquals(method.rho, { rho: v.eval_vs_score.rho, ci95: v.eval_vs_score.ci95_percentile });
      assertEquals(own.reliability, {
        r: summary.reliability.reliability,
        ci95: summary.reliability_uncertainty.reliability_ci95,
        between: summary.reliability.between_variance,
        game: summary.reliability.game_variance,
      });
      assertEquals(own.ceiling, summary.reliability.ceiling);
      assertEquals(own.power, summary.power.this_design.power);
      const draws = selfplay.positions.reduce((a: number, p: { draws: number }) => a + p.draws, 0);
      assertEquals([own.draw_rate, own.games], [draws / 3000, { done: 3000, planned: 3000 }]);
      assertEquals(own.engine, { uci_name: selfplay.engine.uci_name, fingerprint: selfplay.config.engine_fingerprint });
      ok(method.path!.endsWith(`sample60/${d.sample}`) && own.path!.endsWith(`summary${d.tags}.json`));
    }
    // the prediction made before the 300,000-node games sits on their row with the 400M values, and holds the result
    const prediction = json(join(RESULTS, "quick~eval8000000", "selfplay~pos60~games50~move300000", "prediction.json"));
    const [lo, hi] = prediction.prediction.expected.range95;
    const observed = rows[1].rho!.rho as number;
    const { path, ...expected } = rows[1].prediction!;
    assertEquals(expected, { ...prediction.prediction.expected, inside: observed >= lo && observed <= hi });
    ok(path.endsWith("selfplay~pos60~games50~move300000/prediction.json"), path);
    assertEquals([rows[0].prediction, rows[2].prediction, rows[3].prediction], [null, null, null]);
    const published = rows[rows.length - 1];
    assertEquals([published.rho, published.engine], [{ rho: 0.76, ci95: [0.63, 0.85] }, null]);
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
  }
});

Deno.test("a design being played shows its progress and prediction, and no figure from its games", () => {
  const predicted = {
    from: {
      design: "quick~eval8000000~pos60~games50~move30000",
      values: "v",
      budget: "400,000,000 nodes per position",
    },
    prediction: { expected: { rho: 0.216, range95: [-0.157, 0.536] } },
  };
  const running = {
    profile: "quick~eval8000000~pos60~games50~move300000",
    design: "60 × 50 games at 300,000 nodes/move",
    done: 488,
    planned: 3000,
    file: "x",
    engine: { uci_name: "Stockfish 17.1", fingerprint: 2030154 },
    predicted,
  };
  // deno-lint-ignore no-explicit-any
  const rows = comparisonRows([], [running as any], "8,000,000 nodes per position");
  assertEquals(rows.map((r) => [r.kind, r.design, r.values, r.nodes_per_move]), [
    ["running", "60 × 50 games at 300,000 nodes/move", "400,000,000 nodes per position", 300_000],
    ["published", "the method, published", "400,000,000 nodes per position", 300_000],
  ]);
  const r = rows[0];
  assertEquals(r.games, { done: 488, planned: 3000 });
  assertEquals([r.rho, r.reliability, r.ceiling, r.draw_rate, r.power], [null, null, null, null, null]);
  const { path, ...expected } = r.prediction!;
  assertEquals(expected, { rho: 0.216, range95: [-0.157, 0.536], inside: null });
  ok(path.endsWith("selfplay~pos60~games50~move300000/prediction.json"), path);
  ok(r.path!.endsWith("selfplay~pos60~games50~move300000/games.jsonl"), r.path!);
  // without a prediction, the row is said with the index's values
  // deno-lint-ignore no-explicit-any
  const bare = comparisonRows([], [{ ...running, predicted: null } as any], "8,000,000 nodes per position")[0];
  assertEquals([bare.values, bare.prediction], ["8,000,000 nodes per position", null]);
});

Deno.test("a prediction sits on the row of its pairing, inside or outside its range", () => {
  const design = (rho: number) => ({
    design: getProfile("quick~eval8000000~pos60~games50~move300000"),
    selfplay: {
      positions: [{ games: 50, draws: 40 }, { games: 50, draws: 30 }],
      engine: { uci_name: "Stockfish 17.1" },
      config: { engine_fingerprint: 2030154 },
    },
    summary: {
      profile: "quick~eval8000000~pos60~games50~move300000",
      n_positions: 2,
      n_games: 100,
      selfplay: { games_per_position: 50, nodes_per_move: 300_000 },
      eval_vs_score: { rho: 0.1, ci95_percentile: [-0.2, 0.4] },
      reliability: {
        reliability: 0.5,
        ceiling: Math.sqrt(0.5),
        between_estimable: true,
        between_variance: 0.002,
        game_variance: 0.1,
      },
      power: { this_design: { power: 0.9 } },
    },
    sample: {
      path: "/r/full/sample60/evals.jsonl",
      figures: {
        validation: [{
          values_from: "/r/full/sample60/evals.jsonl",
          budget: "400,000,000 nodes per position",
          eval_vs_score: { rho, ci95_percentile: [rho - 0.2, rho + 0.2] },
        }],
      },
    },
    predicted: {
      from: {
        design: "quick~eval8000000~pos60~games50~move30000",
        values: "/r/full/sample60/evals.jsonl",
        budget: "400,000,000 nodes per position",
      },
      made_from: { observed: 0.216 },
      prediction: { expected: { rho: 0.216, range95: [-0.157, 0.536] } },
      created: "2026-12-02T07:38:00Z",
    },
  });
  // deno-lint-ignore no-explicit-any
  const rows = (rho: number) => comparisonRows([design(rho) as any], [], "8,000,000 nodes per position");
  assertEquals(rows(0.3).map((r) => r.prediction?.inside ?? null), [null, true, null]);
  assertEquals(rows(0.7).map((r) => r.prediction?.inside ?? null), [null, false, null]);
  assertEquals(rows(0.3)[0].draw_rate, 0.7);
  assertEquals(rows(0.3)[0].reliability, { r: 0.5, ci95: null, between: 0.002, game: 0.1 });
});
