/**
 * The method's games corrected for the noise of their per-position scores
 * (rho / √reliability, with a joint bootstrap), and the sentence that says
 * what the corrected figure means for the published 0.76.
 *
 * @module
 */

import { deriveSeed, quantileSorted, rngFromSeed, scoreReliability, spearman, whiteScore } from "../method/mod.ts";
import { PUBLISHED } from "../analysis/mod.ts";

/**
 * The method's games corrected for the noise of their scores: rho(values, score) / √R, R the
 * reliability of the per-position scores; its interval from a joint bootstrap over positions
 * (rho and R recomputed on each resample; a resample whose R is 0 is left out).
 */
export function correctedRho(
  values: readonly number[],
  counts: readonly { wins: number; draws: number; losses: number; games: number }[],
  opts: { resamples: number; seed: number; stream: number },
): { estimate: number; ci95: [number, number]; reliability: number; observed: number } {
  const scores = counts.map((c) => whiteScore(c));
  const observed = spearman(values, scores);
  const reliability = scoreReliability(counts).reliability;
  const rng = rngFromSeed(deriveSeed(opts.seed, opts.stream));
  const n = values.length;
  const out: number[] = [];
  for (let b = 0; b < opts.resamples; b++) {
    const idx = Array.from({ length: n }, () => rng.int(0, n - 1));
    const r = scoreReliability(idx.map((i) => counts[i])).reliability;
    const rho = spearman(idx.map((i) => values[i]), idx.map((i) => scores[i]));
    if (r > 0 && Number.isFinite(rho)) out.push(rho / Math.sqrt(r));
  }
  out.sort((a, b) => a - b);
  return {
    estimate: observed / Math.sqrt(reliability),
    ci95: [quantileSorted(out, 0.025), quantileSorted(out, 0.975)],
    reliability,
    observed,
  };
}

/** The sentence on what the corrected figure says of the published one (computed, never written by hand). */
export function correctedSentence(
  c: { estimate: number; ci95: [number, number]; reliability: number; observed: number },
  games: string,
): string {
  const f = (x: number) => x.toFixed(2);
  const p = PUBLISHED.rho_eval_score;
  // a corrected correlation above 1 is noise in the estimated reliability: the interval is said up to 1
  const hi = c.ci95[1] >= 1 ? "1" : f(c.ci95[1]);
  const where = p < c.ci95[0] ? "below that interval" : p > c.ci95[1] ? "above that interval" : "inside that interval";
  return `Corrected for the noise of 50 games per position (reliability ${f(c.reliability)}), the ${games} give ${
    f(c.observed)
  } / √${f(c.reliability)} = ${f(c.estimate)} (95% interval ${
    f(c.ci95[0])
  } to ${hi}); the published ${p} lies ${where}` +
    (where === "inside that interval"
      ? `: it is about what these games would show without their noise, while 50 games per position show a true ${p} as about ${
        f(p * Math.sqrt(c.reliability))
      }.`
      : ".");
}
