import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import {
  designPower,
  gamePointsVariance,
  gamesNeeded,
  powerToExcludeZero,
  reliabilityAt,
  scoreReliability,
  whiteScore,
} from "./reliability.ts";
import { rngFromSeed } from "./seed.ts";
import { spearman } from "./stats.ts";

/** `actual` within `tolerance` of `expected`. */
function assertAlmostEquals(actual: number, expected: number, tolerance: number) {
  ok(Math.abs(actual - expected) <= tolerance, `${actual} is not ${expected} (± ${tolerance})`);
}

Deno.test("one game's points: variance of wins, draws and losses", () => {
  assertEquals(whiteScore({ games: 4, wins: 1, draws: 2, losses: 1 }), 0.5);
  // points 1, .5, .5, 0: mean .5, squared deviations .25 + 0 + 0 + .25 over n - 1 = 3
  assertEquals(gamePointsVariance({ games: 4, wins: 1, draws: 2, losses: 1 }), 0.5 / 3);
  assertEquals(gamePointsVariance({ games: 5, wins: 0, draws: 5, losses: 0 }), 0);
  assertEquals(gamePointsVariance({ games: 1, wins: 1, draws: 0, losses: 0 }), 0);
});

Deno.test("scores with no spread beyond sampling noise have reliability 0 and ceiling 0", () => {
  const rows = Array.from({ length: 20 }, () => ({ games: 10, wins: 5, draws: 0, losses: 5 }));
  const r = scoreReliability(rows);
  assertEquals([r.between_variance, r.reliability, r.ceiling], [0, 0, 0]);
  ok(Number.isNaN(scoreReliability(rows.slice(0, 1)).reliability), "one position: undefined");
});

Deno.test("power: more games and positions help; a tiny design cannot exclude 0", () => {
  ok(powerToExcludeZero(0.76, 1, 60) > 0.999);
  ok(powerToExcludeZero(0.76, 0.2, 60) > powerToExcludeZero(0.76, 0.2, 20));
  ok(powerToExcludeZero(0.3, 0.05, 24) < 0.2);
  assertEquals(powerToExcludeZero(0.76, 1, 3), 0);
  const g = gamesNeeded(0.76, 0.024 ** 2, 0.34 ** 2, 60)!;
  ok(designPower(0.76, 0.024 ** 2, 0.34 ** 2, 60, g).power >= 0.8);
  ok(designPower(0.76, 0.024 ** 2, 0.34 ** 2, 60, g - 1).power < 0.8);
  assertEquals(gamesNeeded(0.76, 0, 0.1, 60), null); // no true spread: no number of games helps
  assertEquals(gamesNeeded(0.2, 0.001, 0.1, 10), null); // too few positions even with exact scores
});

/** A seeded simulation: positions with a true score correlated with an error-free "eval", games drawn from it. */
function simulate(seed: number, positions: number, games: number, rho: number, sdBetween: number) {
  const rng = rngFromSeed(BigInt(seed));
  const unit = () => (rng.int(0, 2 ** 30 - 1) + 0.5) / 2 ** 30;
  const normal = () => Math.sqrt(-2 * Math.log(unit())) * Math.cos(2 * Math.PI * unit());
  const drawRate = 0.5;
  const evals: number[] = [], truth: number[] = [], rows = [];
  for (let i = 0; i < positions; i++) {
    const x = normal();
    const p = 0.52 + sdBetween * (rho * x + Math.sqrt(1 - rho * rho) * normal());
    let wins = 0, draws = 0, losses = 0;
    for (let g = 0; g < games; g++) {
      const u = unit();
      if (u < p - drawRate / 2) wins++;
      else if (u < p + drawRate / 2) draws++;
      else losses++;
    }
    evals.push(x);
    truth.push(p);
    rows.push({ games, wins, draws, losses });
  }
  return { evals, truth, rows };
}

Deno.test("the predicted attenuation rho·√R matches a simulation of positions and games", () => {
  const sdBetween = 0.03, games = 50, positions = 200, rho = 0.8;
  let observed = 0, trueRho = 0, estimatedR = 0, gameVar = 0;
  const runs = 60;
  for (let s = 0; s < runs; s++) {
    const { evals, truth, rows } = simulate(1000 + s, positions, games, rho, sdBetween);
    observed += spearman(evals, rows.map(whiteScore)) / runs;
    trueRho += spearman(evals, truth) / runs;
    const r = scoreReliability(rows);
    estimatedR += r.reliability / runs;
    gameVar += r.game_variance / runs;
  }
  const predictedR = reliabilityAt(sdBetween ** 2, gameVar, games);
  ok(Math.abs(estimatedR - predictedR) < 0.05, `estimated R ${estimatedR} vs ${predictedR}`);
  const predicted = trueRho * Math.sqrt(predictedR);
  console.log(
    `attenuation: simulated mean rho ${observed.toFixed(3)}, predicted ${predicted.toFixed(3)} (true ${
      trueRho.toFixed(3)
    }, R ${predictedR.toFixed(3)})`,
  );
  ok(Math.abs(observed - predicted) < 0.03, `simulated mean rho ${observed}, predicted ${predicted}`);
  ok(observed < trueRho - 0.1, "the attenuation is real");
});

Deno.test("the predicted power matches the simulated share of designs whose interval excludes 0", () => {
  // 30 positions x 20 games at a modest true correlation: power well between 0 and 1.
  const sdBetween = 0.04, games = 20, positions = 30, rho = 0.7, runs = 300;
  let excluded = 0, gameVar = 0;
  for (let s = 0; s < runs; s++) {
    const { evals, rows } = simulate(5000 + s, positions, games, rho, sdBetween);
    const r = spearman(evals, rows.map(whiteScore));
    if (Math.atanh(r) - 1.96 * Math.sqrt(1.06 / (positions - 3)) > 0) excluded++;
    gameVar += scoreReliability(rows).game_variance / runs;
  }
  const predicted = powerToExcludeZero(rho, reliabilityAt(sdBetween ** 2, gameVar, games), positions);
  console.log(`power: simulated ${excluded / runs}, predicted ${predicted.toFixed(3)}`);
  ok(Math.abs(excluded / runs - predicted) < 0.1, `simulated ${excluded / runs}, predicted ${predicted}`);
});

Deno.test("reliability by hand on three positions: observed variance over k − 1, sampling variance from the game variance", () => {
  // scores 0.6, 0.5, 0.4 (100 games each, no draws): mean 0.5, observed variance (0.01 + 0 + 0.01) / (3 − 1) = 0.01
  const rows = [
    { games: 100, wins: 60, draws: 0, losses: 40 },
    { games: 100, wins: 50, draws: 0, losses: 50 },
    { games: 100, wins: 40, draws: 0, losses: 60 },
  ];
  const r = scoreReliability(rows);
  // one game's points: (60 − 100·0.36)/99, (50 − 25)/99, (40 − 16)/99
  const gameVar = (24 / 99 + 25 / 99 + 24 / 99) / 3;
  const sampling = gameVar / 100;
  assertAlmostEquals(r.observed_variance, 0.01, 1e-12);
  assertAlmostEquals(r.game_variance, gameVar, 1e-12);
  assertAlmostEquals(r.sampling_variance, sampling, 1e-12);
  assertAlmostEquals(r.between_variance, 0.01 - sampling, 1e-12);
  assertAlmostEquals(r.reliability, (0.01 - sampling) / 0.01, 1e-12);
});
