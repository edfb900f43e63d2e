import { ok, throws } from "node:assert/strict";
import { chiSquareSurvival } from "./chi_square.ts";

// Reference values: scipy.stats.chi2.sf (scipy 1.17.1).
const SCIPY: [number, number, number][] = [
  [74.25096341969524, 59, 0.08712255404080885],
  [3.841458820694124, 1, 0.04999999999999989],
  [10, 20, 0.9681719426937951],
  [100, 59, 0.0006869731108532106],
  [0.5, 3, 0.9188914116546758],
  [30, 2, 3.0590232050182594e-7],
];

Deno.test("chi-square upper tail against scipy, on both sides of the series/fraction switch", () => {
  for (const [x, df, p] of SCIPY) {
    const got = chiSquareSurvival(x, df);
    ok(Math.abs(got - p) <= 1e-10 * Math.max(p, 1e-6), `chi2.sf(${x}, ${df}) = ${p}, got ${got}`);
  }
  ok(chiSquareSurvival(0, 5) === 1 && chiSquareSurvival(Infinity, 5) === 0);
  throws(() => chiSquareSurvival(1, 0), /degrees of freedom must be a positive number, not 0/);
  throws(() => chiSquareSurvival(NaN, 3), /not a chi-square statistic/);
});
