import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { bootstrapStatistic, sampleFacts } from "./sample_estimates.ts";
import { quantileSorted } from "./stats.ts";
import { rngFromSeed } from "./seed.ts";
import { isMbiError } from "../core/mod.ts";

const isStatsError = (e: Error) => isMbiError(e, "stats");

const opts = { resamples: 2000, seed: 20260825, stream: 70 };

Deno.test("sample facts: type-7 median and quartiles, extremes, the share below 0 with Wilson's interval", () => {
  const values = [-3, 5, 12, 20, 26, 26, 31, 40, 55, 83];
  const f = sampleFacts(values, opts);
  assertEquals(f.n, 10);
  assertEquals(f.median.estimate, 26);
  assertEquals(f.quartiles[0].estimate, quantileSorted([...values].sort((a, b) => a - b), 0.25));
  assertEquals([f.min, f.max], [-3, 83]);
  assertEquals(f.below_zero.count, 1);
  assertEquals(f.below_zero.share, 0.1);
  // Wilson 1 of 10: 0.0179..0.4042
  ok(Math.abs(f.below_zero.ci95[0] - 0.0179) < 5e-4 && Math.abs(f.below_zero.ci95[1] - 0.4042) < 5e-4);
  ok(f.median.ci95[0] <= 26 && f.median.ci95[1] >= 26);
  // 0 of 60 below zero: Wilson's upper end z²/(n + z²)
  const none = sampleFacts(Array.from({ length: 60 }, (_, i) => i + 1), opts);
  assertEquals(none.below_zero.ci95[0], 0);
  ok(Math.abs(none.below_zero.ci95[1] - 3.8415 / 63.8415) < 1e-4);
});

Deno.test("the bootstrap is seeded: the same seed and stream give the same interval, another stream another", () => {
  const values = Array.from({ length: 40 }, (_, i) => (i * 37) % 91);
  const med = (s: number[]) => quantileSorted(s, 0.5);
  assertEquals(bootstrapStatistic(values, med, opts), bootstrapStatistic(values, med, opts));
  ok(
    JSON.stringify(bootstrapStatistic(values, med, opts)) !==
      JSON.stringify(bootstrapStatistic(values, med, { ...opts, stream: 71 })),
  );
  throws(() => bootstrapStatistic([1], med, opts), isStatsError);
  throws(() => bootstrapStatistic([1, NaN], med, opts), isStatsError);
});

Deno.test("the median's 95% interval from samples of 60 covers the population median in about 95% of draws", () => {
  // A skewed population of 960 values, like edges in cp.
  const rng = rngFromSeed(5n);
  const population = Array.from({ length: 960 }, () => Math.round(rng.int(0, 40) + rng.int(0, 40) ** 1.2 / 4));
  const truth = quantileSorted([...population].sort((a, b) => a - b), 0.5);
  let covered = 0;
  const trials = 200;
  for (let t = 0; t < trials; t++) {
    const sample = Array.from({ length: 60 }, () => population[rng.int(0, 959)]);
    const e = bootstrapStatistic(sample, (s) => quantileSorted(s, 0.5), { ...opts, resamples: 500, stream: t });
    if (e.ci95[0] <= truth && truth <= e.ci95[1]) covered++;
  }
  ok(covered / trials > 0.88 && covered / trials <= 1, `coverage ${covered / trials}`);
});
