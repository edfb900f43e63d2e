import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import {
  bootstrapFromResamples,
  bootstrapKendall,
  bootstrapSpearman,
  bootstrapSpearmanDifference,
  kendallTauB,
  normalQuantile,
  quantileSorted,
  spearman,
} from "./stats.ts";
import { deriveSeed, rngFromSeed } from "./seed.ts";
import { isMbiError } from "../core/mod.ts";

const isStatsError = (e: Error) => isMbiError(e, "stats");

/** Repeats each pair (x[i], y[i]) counts[i] times. */
export function materialise(x: readonly number[], y: readonly number[], counts: Int32Array): [number[], number[]] {
  const mx: number[] = [], my: number[] = [];
  counts.forEach((c, i) => {
    for (let j = 0; j < c; j++) {
      mx.push(x[i]);
      my.push(y[i]);
    }
  });
  return [mx, my];
}

const fixtures: {
  scipy: string;
  cases: { name: string; x: number[]; y: number[]; rho: number | null }[];
} = JSON.parse(
  await Deno.readTextFile(
    new URL("testdata/spearman_scipy.json", import.meta.url),
  ),
);

Deno.test("spearman equals scipy.stats.spearmanr to 1e-12 (tied and untied data)", () => {
  for (const c of fixtures.cases) {
    const rho = spearman(c.x, c.y);
    if (c.rho === null) {
      ok(Number.isNaN(rho), `${c.name}: constant column gives NaN`);
    } else {ok(
        Math.abs(rho - c.rho) <= 1e-12,
        `${c.name}: ${rho} vs scipy ${c.rho}`,
      );}
  }
});

Deno.test("fewer than 3 pairs, unequal lengths, non-finite values are errors", () => {
  throws(
    () => spearman([1, 2], [2, 1]),
    (e: Error) => isMbiError(e, "stats") && /at least 3 pairs \(got 2\)/.test(e.message),
  );
  throws(() => spearman([1, 2, 3], [1, 2]), isStatsError);
  throws(() => spearman([1, 2, NaN], [1, 2, 3]), isStatsError);
});

Deno.test("type-7 quantiles", () => {
  const s = [1, 2, 3, 4, 10];
  assertEquals([
    quantileSorted(s, 0),
    quantileSorted(s, 0.5),
    quantileSorted(s, 1),
  ], [1, 3, 10]);
  ok(Math.abs(quantileSorted(s, 0.9) - 7.6) < 1e-12); // h = 3.6: 4 + 0.6 * (10 - 4)
  assertEquals(quantileSorted([5, 7], 0.25), 5.5);
});

Deno.test("a resample's rho from multiplicities equals rho of the materialised resample", () => {
  const rng = rngFromSeed(99n);
  for (let t = 0; t < 200; t++) {
    const n = 3 + rng.int(0, 30);
    const x = Array.from({ length: n }, () => rng.int(-5, 5));
    const y = Array.from({ length: n }, () => rng.int(0, 4) / 4);
    const counts = new Int32Array(n);
    for (let k = 0; k < n; k++) counts[rng.int(0, n - 1)]++;
    const [mx, my] = materialise(x, y, counts);
    const a = bootstrapFromResamples(x, y, [counts]).resampled[0];
    const b = spearman(mx, my);
    ok(
      (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) < 1e-12,
      `trial ${t}: ${a} vs ${b}`,
    );
  }
});

Deno.test("bootstrap: seeded (identical reruns), counts undefined resamples, intervals bracket the estimate", () => {
  const c = fixtures.cases.find((k) => k.name === "scores like self-play")!;
  const a = bootstrapSpearman(c.x, c.y, { resamples: 2000, seed: 20260825 });
  const b = bootstrapSpearman(c.x, c.y, { resamples: 2000, seed: 20260825 });
  assertEquals(a, b);
  const other = bootstrapSpearman(c.x, c.y, { resamples: 2000, seed: 1 });
  ok(JSON.stringify(other.percentile) !== JSON.stringify(a.percentile));
  ok(a.percentile[0] < a.estimate && a.estimate < a.percentile[1]);
  ok(a.bca && a.bca[0] < a.bca[1]);
  assertEquals(a.distribution.length + a.undefined_resamples, 2000);
  // Nearly constant y: many resamples have a constant column and are counted.
  const flat = bootstrapSpearman([1, 2, 3, 4, 5, 6], [0, 0, 0, 0, 0, 1], {
    resamples: 1000,
  });
  ok(flat.undefined_resamples > 100, `undefined: ${flat.undefined_resamples}`);
  assertEquals(flat.distribution.length + flat.undefined_resamples, 1000);
});

Deno.test("normalQuantile is accurate where probit is not", () => {
  ok(Math.abs(normalQuantile(0.975) - 1.959963984540054) < 1e-6);
  ok(Math.abs(normalQuantile(0.5)) < 1e-6);
  ok(Math.abs(normalQuantile(0.001) + 3.090232306167813) < 1e-6);
});

Deno.test("bootstrap intervals equal scipy's formulas on the same resamples (percentile to 1e-12, BCa to 1e-6)", async () => {
  const fixtures: {
    cases: {
      name: string;
      x: number[];
      y: number[];
      resamples: number[][];
      rhos: (number | null)[];
      estimate: number;
      percentile: [number, number];
      bca: [number, number];
      z0: number;
      a: number;
    }[];
  } = JSON.parse(await Deno.readTextFile(new URL("testdata/bootstrap_scipy.json", import.meta.url)));
  for (const c of fixtures.cases) {
    const counts = c.resamples.map((idx) => {
      const m = new Int32Array(c.x.length);
      for (const i of idx) m[i]++;
      return m;
    });
    const r = bootstrapFromResamples(c.x, c.y, counts);
    const close = (a: number, b: number) => Math.abs(a - b) < 1e-12;
    ok(close(r.estimate, c.estimate), c.name);
    ok(
      r.resampled.every((v, i) => c.rhos[i] === null ? Number.isNaN(v) : close(v, c.rhos[i]!)),
      `${c.name}: resampled rhos`,
    );
    ok(close(r.percentile[0], c.percentile[0]) && close(r.percentile[1], c.percentile[1]), `${c.name}: percentile`);
    // BCa goes through the normal quantile and CDF: simple-statistics' erf is good to about 1e-7, scipy's to 1e-16.
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
    ok(close(r.bca_parameters!.a, c.a), `${c.name}: acceleration ${r.bca_parameters!.a} vs ${c.a}`);
    ok(near(r.bca_parameters!.z0, c.z0), `${c.name}: z0 ${r.bca_parameters!.z0} vs ${c.z0}`);
    ok(near(r.bca![0], c.bca[0]) && near(r.bca![1], c.bca[1]), `${c.name}: BCa ${r.bca} vs ${c.bca}`);
  }
});

Deno.test("paired difference of two correlations: the estimate is the difference, its interval brackets it and is narrower than unpaired", () => {
  const rng = rngFromSeed(deriveSeed(1, 2));
  const truth = Array.from({ length: 300 }, () => rng.int(0, 10_000) / 100);
  const noise = (s: number) => truth.map((t) => t + (rng.int(0, 2_000) / 100 - 10) * s);
  const y = noise(2), x1 = noise(1.5), x2 = x1.map((v, i) => v + (truth[i] - v) * 0.3);
  const d = bootstrapSpearmanDifference(x1, x2, y, { resamples: 2_000, seed: 7, stream: 3 });
  assertEquals(d.estimate, spearman(x2, y) - spearman(x1, y));
  assertEquals([d.rho1, d.rho2], [spearman(x1, y), spearman(x2, y)]);
  ok(d.ci95[0] <= d.estimate && d.estimate <= d.ci95[1], JSON.stringify(d));
  // x2 is x1 moved towards the truth: it predicts y better, and pairing resolves it
  ok(d.estimate > 0 && d.ci95[0] > 0, JSON.stringify(d));
  const b1 = bootstrapSpearman(x1, y, { resamples: 2_000, seed: 7, stream: 3 });
  const b2 = bootstrapSpearman(x2, y, { resamples: 2_000, seed: 7, stream: 4 });
  ok(d.ci95[1] - d.ci95[0] < (b1.percentile[1] - b1.percentile[0]) + (b2.percentile[1] - b2.percentile[0]) - 0.05);
  // the same inputs, the same interval; the same x twice, exactly 0
  assertEquals(bootstrapSpearmanDifference(x1, x2, y, { resamples: 2_000, seed: 7, stream: 3 }), d);
  const zero = bootstrapSpearmanDifference(x1, x1, y, { resamples: 500 });
  assertEquals([zero.estimate, zero.ci95, zero.share_above_zero], [0, [0, 0], 0]);
});

Deno.test("BCa's bias correction counts only resamples strictly below the estimate (as scipy), ties at it not", () => {
  const x = [1, 2, 3, 4, 5, 6, 7, 8], y = [2, 1, 4, 3, 6, 5, 8, 7];
  const estimate = spearman(x, y);
  const identity = new Int32Array(8).fill(1); // the data themselves: rho equal to the estimate
  const rng = rngFromSeed(deriveSeed(5, 5));
  const random = Array.from({ length: 40 }, () => {
    const c = new Int32Array(8);
    for (let k = 0; k < 8; k++) c[rng.int(0, 7)]++;
    return c;
  });
  const resamples = [...Array(10).fill(identity), ...random];
  const r = bootstrapFromResamples(x, y, resamples);
  const rhos = resamples.map((c) => bootstrapFromResamples(x, y, [c]).resampled[0]);
  const below = rhos.filter((v) => v < estimate).length / rhos.length;
  ok(rhos.filter((v) => v === estimate).length >= 10 && below > 0 && below < 1, `ties at the estimate; below ${below}`);
  assertEquals(r.bca_parameters?.z0, normalQuantile(below));
});

const kendallFixtures: { cases: { name: string; x: number[]; y: number[]; tau_b: number }[] } = JSON.parse(
  await Deno.readTextFile(new URL("testdata/kendall_scipy.json", import.meta.url)),
);

Deno.test("Kendall's tau-b equals scipy.stats.kendalltau to 1e-12 (tied and untied)", () => {
  for (const c of kendallFixtures.cases) {
    const t = kendallTauB(c.x, c.y);
    ok(Math.abs(t - c.tau_b) < 1e-12, `${c.name}: ${t} vs scipy ${c.tau_b}`);
  }
});

Deno.test("tau-b of a resample from multiplicities equals tau-b of the materialised resample", () => {
  const rng = rngFromSeed(5n);
  for (let t = 0; t < 100; t++) {
    const n = 3 + rng.int(0, 20);
    const x = Array.from({ length: n }, () => rng.int(0, 5));
    const y = Array.from({ length: n }, () => rng.int(0, 5));
    const counts = new Int32Array(n);
    for (let k = 0; k < n; k++) counts[rng.int(0, n - 1)]++;
    const [mx, my] = materialise(x, y, counts);
    const a = kendallTauB(x, y, counts), b = kendallTauB(mx, my);
    ok((Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) < 1e-12, `${a} vs ${b}`);
  }
});

Deno.test("Kendall bootstrap is seeded and brackets the estimate", () => {
  const c = kendallFixtures.cases[1];
  const a = bootstrapKendall(c.x, c.y, 500, 1, 2), b = bootstrapKendall(c.x, c.y, 500, 1, 2);
  ok(JSON.stringify(a) === JSON.stringify(b));
  ok(a.ci95[0] < a.tau && a.tau < a.ci95[1]);
});
