import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { strength, strengthAdverb, strengthAdverbOf } from "./strength.ts";

Deno.test("strength words follow the stated bands", () => {
  assertEquals([0.18, -0.29, 0.3, 0.608, 0.7, 0.71, -0.9, NaN].map((r) => strength(r)), [
    "weak",
    "weak",
    "moderate",
    "moderate",
    "moderate",
    "strong",
    "strong",
    "undefined",
  ]);
  // a band's word only when the whole interval lies inside it (2M vs 8M: 0.706 [0.668, 0.741])
  assertEquals(strength(0.706, [0.668, 0.741]), "moderate to strong");
  assertEquals(strength(0.75, [0.72, 0.78]), "strong");
  assertEquals(strength(0.1, [-0.35, 0.2]), "weak to moderate");
  assertEquals(strength(0.48, [0.43, 0.53]), "moderate");
});

Deno.test("the adverb of a strength follows the same bands and intervals", () => {
  assertEquals(strengthAdverb(0.2, [0.05, 0.28]), "weakly");
  assertEquals(strengthAdverb(0.346, [0.094, 0.569]), "weakly to moderately");
  assertEquals(strengthAdverb(0.5, [0.35, 0.65]), "moderately");
  assertEquals(strengthAdverb(0.8, [0.62, 0.9]), "moderately to strongly");
  assertEquals(strengthAdverb(0.8, [0.75, 0.9]), "strongly");
});

Deno.test("several correlations in one adverb: the bands their intervals span together", () => {
  const c = (rho: number, lo: number, hi: number) => ({ rho, ci: [lo, hi] as const });
  assertEquals(strengthAdverbOf([c(0.516, 0.465, 0.562), c(0.718, 0.68, 0.751)]), "moderately to strongly");
  assertEquals(strengthAdverbOf([c(0.5, 0.45, 0.55), c(0.6, 0.5, 0.65)]), "moderately");
  assertEquals(strengthAdverbOf([c(0.1, -0.1, 0.25), c(0.75, 0.72, 0.8)]), "weakly to strongly");
  assertEquals(strengthAdverbOf([]), "undefined");
});
