/**
 * The upper tail of the chi-square distribution, for the test of whether positions' scores spread more than game
 * noise alone would make them. Written here because simple-statistics has only a table of critical values and the
 * gamma function, not the regularized incomplete gamma function a p-value needs: Q(a, x) by its series below
 * x < a + 1 and by its continued fraction (modified Lentz) above (Abramowitz and Stegun 6.5.29 and 6.5.31).
 *
 * @module
 */

import { gammaln } from "simple-statistics";
import { MbiError } from "../core/mod.ts";

const EPS = 1e-15;
const TINY = 1e-300;
const MAX_TERMS = 10_000;

/** P(a, x) by its series (converges fast for x < a + 1). */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a, sum = term;
  for (let n = 1; n < MAX_TERMS && Math.abs(term) > Math.abs(sum) * EPS; n++) {
    term *= x / (a + n);
    sum += term;
  }
  return sum * Math.exp(-x + a * Math.log(x) - gammaln(a));
}

/** Q(a, x) by its continued fraction (converges fast for x ≥ a + 1). */
function upperFraction(a: number, x: number): number {
  let b = x + 1 - a, c = 1 / TINY, d = 1 / b, h = d;
  for (let i = 1; i < MAX_TERMS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - gammaln(a)) * h;
}

/** P(X ≥ x) for X chi-square distributed with `df` degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0) || !Number.isFinite(df)) {
    throw new MbiError("stats", `chi-square degrees of freedom must be a positive number, not ${df}`);
  }
  if (Number.isNaN(x)) throw new MbiError("stats", `not a chi-square statistic: ${x}`);
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  const a = df / 2, h = x / 2;
  return h < a + 1 ? 1 - lowerSeries(a, h) : upperFraction(a, h);
}
