import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { seededOrder } from "./run_order.ts";

Deno.test("seededOrder: a permutation of its input, whatever the input's order, the same for the same seed", () => {
  const sps = Array.from({ length: 900 }, (_, i) => i + (i >= 500 ? 60 : 0));
  const a = seededOrder(sps, 20260825);
  assertEquals([...a].sort((x, y) => x - y), sps);
  assertEquals(seededOrder([...sps].reverse(), 20260825), a);
  notDeepStrictEqual(a, sps, "not the identity");
  notDeepStrictEqual(seededOrder(sps, 20260826), a, "another seed, another order");
});

Deno.test("seededOrder: every one of the 24 orders of 4 items about equally often over 4,800 seeds (chi-square)", () => {
  const counts = new Map<string, number>();
  for (let seed = 0; seed < 4800; seed++) {
    const k = seededOrder([1, 2, 3, 4], seed).join("");
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  assertEquals(counts.size, 24);
  const chi2 = [...counts.values()].reduce((s, c) => s + (c - 200) ** 2 / 200, 0);
  // 23 degrees of freedom: P(chi2 > 49.7) = 0.001; a biased shuffle (e.g. j in [0, n-1]) gives far more.
  ok(chi2 < 49.7, `chi-square ${chi2.toFixed(1)}`);
});
