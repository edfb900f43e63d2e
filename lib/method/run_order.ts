/**
 * The order in which a long stage-1 run takes its positions: a seeded random permutation, so that the positions
 * done at any moment are a simple random sample of those the run covers (every prefix of the order is one). The
 * rule, exactly (re-derivable with any tool that has SplitMix64 and xoroshiro128+): sort the SPs ascending into
 * `a[0..n-1]`; seed the generator with `rngFromSeed(deriveSeed(seed, ORDER_STREAM))`; for `i` from `n-1` down to 1
 * draw `j` uniformly in `[0, i]` and swap `a[i]` and `a[j]` (Durstenfeld's shuffle, written here because pure-rand
 * has none).
 *
 * @module
 */

import { deriveSeed, rngFromSeed } from "./seed.ts";

/** Seed path element of the run order (distinct from any SP, game index and other stream). */
export const ORDER_STREAM = 0x04de4;

/** One sentence stating the rule above for a stream, recorded with every order and draw. */
export function orderRule(stream: number): string {
  return `the SPs sorted ascending into a[0..n-1]; xoroshiro128+ seeded by rngFromSeed(deriveSeed(seed, 0x${
    stream.toString(16)
  })); for i from n-1 down to 1: j = uniform integer in [0, i] (pure-rand's uniformInt), swap a[i] and a[j] ` +
    "(Durstenfeld's shuffle); a draw of k takes a[0..k-1]";
}

/** Seed path element of the draw of joined positions searched again before they join a run's file. */
export const JOIN_STREAM = 0x0701e;

/** Seed path element of the draw of a run's positions searched again after they are done (verify-reproduce --draw). */
export const VERIFY_STREAM = 0x0ef1f;

/** The seeded permutation of `sps` by the rule above (any input order; no duplicates), `stream` naming its purpose. */
export function seededOrder(sps: readonly number[], seed: number, stream = ORDER_STREAM): number[] {
  const a = [...sps].sort((x, y) => x - y);
  const rng = rngFromSeed(deriveSeed(seed, stream));
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** `k` of `sps` drawn by seed: the first `k` of their permutation by `stream` (pure). */
export function seededDraw(sps: readonly number[], k: number, seed: number, stream: number): number[] {
  return seededOrder(sps, seed, stream).slice(0, k);
}
