import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { materialise } from "./testdata/resample.ts";
import {
  bootstrapFromResamples,
  bootstrapSpearman,
  normalQuantile,
  quantileSorted,
  spearman,
  spearmanOfResample,
} from "./stats.ts";
import { rngFromSeed } from "./seed.ts";
import { isMbiError } from "../core/mod.ts";

const isStatsError = (e: Error) => isMbiError(e, "stats");

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
    const a = spearmanOfResample(x, y, counts);
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
