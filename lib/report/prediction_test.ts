import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { checkPrediction, predictDesign, readPrediction } from "./prediction.ts";
import { reliabilityAt, spearmanZSe } from "../method/mod.ts";
import { repoPath } from "../core/mod.ts";
import { isMbiError } from "../core/mod.ts";
import { tempDir } from "../core/testing.ts";

// The 30,000-node design's measured figures (summary~pos60~games50~move30000.json, sample.json)
const earlier = {
  positions: 60,
  earlierGames: 50,
  games: 50,
  between: 0.0005931926668972668,
  game: 0.11474149659863946,
  observed: 0.2163879979020075,
  observedCi95: [-0.044780344234942274, 0.4553201051235642] as [number, number],
  published: 0.76,
};

Deno.test("the prediction re-derived by hand: same variances give the earlier figure, its range two sampling errors wide", () => {
  const p = predictDesign(earlier);
  const r = reliabilityAt(earlier.between, earlier.game, 50);
  assertEquals(p.earlier_reliability, r);
  assertEquals(p.implied_true_rho.estimate, earlier.observed / Math.sqrt(r));
  ok(Math.abs(p.expected.rho - earlier.observed) < 1e-12, "same variances: the same expected figure");
  const half = 1.959963984540054 * Math.SQRT2 * spearmanZSe(60);
  const z = Math.atanh(earlier.observed * 0.999999);
  ok(
    Math.abs(p.expected.range95[0] - Math.tanh(z - half)) < 1e-6 &&
      Math.abs(p.expected.range95[1] - Math.tanh(z + half)) < 1e-6,
  );
  // observing 0.76 needs R >= 0.5776 even at a true correlation of 1; the implied 0.477 cannot reach it
  assertEquals(p.to_observe_published.reliability_if_true_rho_1, 0.76 * 0.76);
  assertEquals(p.to_observe_published.reliability_at_implied, null);
  ok(Math.abs(reliabilityAt(p.to_observe_published.between_needed, earlier.game, 50) - 0.5776) < 1e-12);
  ok(Math.abs(reliabilityAt(earlier.between, p.to_observe_published.game_needed, 50) - 0.5776) < 1e-12);
  // fewer one-game variance (more draws): higher reliability, higher expected rho
  ok(
    p.scenarios[2].reliability > p.scenarios[1].reliability && p.scenarios[1].reliability > p.scenarios[0].reliability,
  );
});

Deno.test("the committed prediction reads, and compares a result with its range", async () => {
  const file = repoPath("results", "quick~eval8000000", "selfplay~pos60~games50~move300000", "prediction.json");
  const p = (await readPrediction(file))!;
  assertEquals([p.design, p.games_when_made], ["quick~eval8000000~pos60~games50~move300000", 0]);
  const none = checkPrediction(p, null);
  assertEquals(none.inside, null);
  ok(none.sentence.endsWith("no result yet."), none.sentence);
  // made with the earlier games' own variances, the expected figure is theirs: the sentence says so, naming them
  ok(
    none.sentence.includes(
      "from the variances of the 60 × 50 games at 30,000 nodes/move (their own figure, with a range for new games)",
    ),
    none.sentence,
  );
  const other = { ...p, made_from: { ...p.made_from, observed: 0.1 } };
  ok(!checkPrediction(other, null).sentence.includes("their own figure"));
  const [lo, hi] = p.prediction.expected.range95;
  assertEquals([checkPrediction(p, (lo + hi) / 2).inside, checkPrediction(p, hi + 0.01).inside], [true, false]);
  ok(checkPrediction(p, 0.5).sentence.includes("observed 0.500, inside the prediction"));
  const dir = await tempDir("prediction");
  await Deno.writeTextFile(join(dir, "prediction.json"), "{ not json");
  await rejects(readPrediction(join(dir, "prediction.json")), (e: Error) => isMbiError(e, "stage-input"));
  assertEquals(await readPrediction(join(dir, "none.json")), undefined);
});
