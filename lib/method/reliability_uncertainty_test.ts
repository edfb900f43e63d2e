import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { reliabilityUncertainty, reliabilityUncertaintyText } from "./reliability_uncertainty.ts";
import { scoreReliability } from "./reliability.ts";
import { chiSquareSurvival } from "./chi_square.ts";

const opts = { resamples: 2_000, seed: 20260825, stream: 4, trueRho: 0.76, power: 0.8 };
// 60 positions × 50 games: White's wins rise with the position's number (a real spread), the rest drawn or lost.
const spread = Array.from({ length: 60 }, (_, i) => {
  const wins = 10 + Math.floor(i / 3), draws = 25, losses = 50 - wins - draws;
  return { games: 50, wins, draws, losses };
});
// the same counts at every position: no spread beyond noise
const flat = Array.from({ length: 60 }, () => ({ games: 50, wins: 15, draws: 25, losses: 10 }));

Deno.test("the reliability's uncertainty: heterogeneity test from the variances, seeded bootstrap intervals", () => {
  const u = reliabilityUncertainty(spread, opts)!;
  const rel = scoreReliability(spread);
  assertEquals(u.heterogeneity.df, 59);
  assertEquals(u.heterogeneity.statistic, 59 * rel.observed_variance / rel.sampling_variance);
  assertEquals(u.heterogeneity.p, chiSquareSurvival(u.heterogeneity.statistic, 59));
  ok(u.heterogeneity.p < 0.001, "positions that differ this much are told apart");
  ok(u.reliability_ci95[0] <= rel.reliability && rel.reliability <= u.reliability_ci95[1], JSON.stringify(u));
  ok(u.between_ci95[0] <= u.between_ci95[1]);
  assertEquals(u.zero_share, 0);
  const [few, many] = u.games_needed;
  ok(few !== null && many !== null && few <= many, `${few} ≤ ${many}`);
  assertEquals(reliabilityUncertainty(spread, opts), u, "the same seed gives the same figures");

  const none = reliabilityUncertainty(flat, opts)!;
  ok(none.heterogeneity.statistic < 1e-20 && none.heterogeneity.p === 1, JSON.stringify(none.heterogeneity));
  assertEquals([none.reliability_ci95, none.zero_share, none.games_needed], [[0, 0], 1, [null, null]]);
  ok(reliabilityUncertainty(flat.slice(0, 2), opts) === null, "fewer than 3 positions: nothing to say");

  const text = reliabilityUncertaintyText(u, 0.8, true);
  ok(text.includes(`(χ² = ${u.heterogeneity.statistic.toFixed(1)}, 59 df, an approximate test)`), text);
  ok(text.includes(`range from ${few!.toLocaleString("en-US")} to ${many!.toLocaleString("en-US")}`), text);
  ok(reliabilityUncertaintyText(none, 0.8, true).includes("no number of games reaches it"));
  // power from the method's stated variances: only the test is said
  assertEquals(
    reliabilityUncertaintyText(none, 0.8, false),
    `A test of any spread beyond game noise gives p = 1.000 (χ² = 0.0, 59 df, an approximate test).`,
  );
});
