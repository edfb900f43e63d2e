import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { pathExists, repoPath } from "../core/mod.ts";
import { getProfile, RESULTS_ENV } from "../store/mod.ts";
import { designResults } from "./designs.ts";
import { comparisonRows, designComparison } from "./design_comparison.ts";

// The committed 8M index: its 60 × 50 design at 30,000 nodes per move (complete, with the 400M sample's figures)
// and the one at 300,000 nodes per move (being played, with its prediction). Each row is checked against the
// files it names, read here as plain JSON.
const RESULTS = repoPath("results");
const json = (path: string) => JSON.parse(Deno.readTextFileSync(path));

Deno.test("the designs side by side: each complete design with the index's and the method's values, a design being played with only its progress and prediction, the published figure last", async () => {
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, RESULTS);
  try {
    const profile = getProfile("quick~eval8000000");
    const rows = await designComparison(profile, await designResults(profile), "8,000,000 nodes per position");
    const summary = json(join(RESULTS, "quick~eval8000000", "summary~pos60~games50~move30000.json"));
    const sample = json(join(RESULTS, "full", "sample60", "sample.json"));
    const selfplay = json(join(RESULTS, "quick~eval8000000", "selfplay~pos60~games50~move30000", "selfplay.json"));
    const [own, method] = rows;
    const published = rows[rows.length - 1];
    assertEquals([own, method].map((r) => [r.kind, r.design, r.values]), [
      ["design", "60 × 50 games at 30,000 nodes/move", "8,000,000 nodes per position"],
      ["design", "60 × 50 games at 30,000 nodes/move", "400,000,000 nodes per position"],
    ]);
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
    assertEquals(
      [own.prediction, method.prediction],
      [null, null],
      "no prediction was made for the 30,000-node design",
    );
    ok(method.path!.endsWith("sample60/sample.json") && own.path!.endsWith("summary~pos60~games50~move30000.json"));
    assertEquals([published.kind, published.values, published.rho], [
      "published",
      "400,000,000 nodes per position",
      { rho: 0.76, ci95: [0.63, 0.85] },
    ]);
    assertEquals([own.engine, published.engine], [
      { uci_name: selfplay.engine.uci_name, fingerprint: selfplay.config.engine_fingerprint },
      null,
    ]);
    // the 300,000-node design: being played while this is written (progress and prediction, no figure from its
    // games); once stage 5 has summarised it, a complete design's rows read from its summary
    const later = join(RESULTS, "quick~eval8000000", "summary~pos60~games50~move300000.json");
    if (pathExists(later)) {
      const row = rows.find((r) => r.kind === "design" && r.nodes_per_move === 300_000)!;
      assertEquals(row.rho, { rho: json(later).eval_vs_score.rho, ci95: json(later).eval_vs_score.ci95_percentile });
      assertEquals(rows.filter((r) => r.kind === "running"), []);
      return;
    }
    assertEquals(rows.length, 4);
    const running = rows[2];
    assertEquals([running.kind, running.design, running.values], [
      "running",
      "60 × 50 games at 300,000 nodes/move",
      "400,000,000 nodes per position",
    ]);
    const prediction = json(join(RESULTS, "quick~eval8000000", "selfplay~pos60~games50~move300000", "prediction.json"));
    const lines = Deno.readTextFileSync(running.path!).split("\n").filter((l) => l.trim()).length - 1;
    assertEquals(running.games, { done: lines, planned: 3000 });
    assertEquals([running.rho, running.reliability, running.ceiling, running.draw_rate, running.power], [
      null,
      null,
      null,
      null,
      null,
    ]);
    const { path, ...expected } = running.prediction!;
    assertEquals(expected, { ...prediction.prediction.expected, inside: null });
    ok(path.endsWith("selfplay~pos60~games50~move300000/prediction.json"), path);
    assertEquals(running.engine, { uci_name: "Stockfish 17.1", fingerprint: 2030154 });
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
  }
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
