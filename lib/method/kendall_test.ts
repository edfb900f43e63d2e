import { ok } from "node:assert/strict";
import { bootstrapKendall, kendallTauB } from "./kendall.ts";
import { rngFromSeed } from "./seed.ts";
import { materialise } from "./testdata/resample.ts";

const fixtures: { cases: { name: string; x: number[]; y: number[]; tau_b: number }[] } = JSON.parse(
  await Deno.readTextFile(new URL("testdata/kendall_scipy.json", import.meta.url)),
);

Deno.test("Kendall's tau-b equals scipy.stats.kendalltau to 1e-12 (tied and untied)", () => {
  for (const c of fixtures.cases) {
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
  const c = fixtures.cases[1];
  const a = bootstrapKendall(c.x, c.y, 500, 1, 2), b = bootstrapKendall(c.x, c.y, 500, 1, 2);
  ok(JSON.stringify(a) === JSON.stringify(b));
  ok(a.ci95[0] < a.tau && a.tau < a.ci95[1]);
});
