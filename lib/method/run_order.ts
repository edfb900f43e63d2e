/**
 * The order in which a long stage-1 run takes its positions: a seeded random
 * permutation, so that the positions done at any moment are a simple random
 * sample of those the run covers (every prefix of the order is one).
 *
 * The rule, exactly (re-derivable with any tool that has SplitMix64 and
 * xoroshiro128+): sort the SPs ascending into `a[0..n-1]`; seed the generator
 * with `rngFromSeed(deriveSeed(seed, ORDER_STREAM))`; for `i` from `n-1` down
 * to 1 draw `j` uniformly in `[0, i]` and swap `a[i]` and `a[j]` (Durstenfeld's
 * shuffle, written here because pure-rand has none).
 *
 * @module
 */

import { deriveSeed, rngFromSeed } from "./seed.ts";

/** Seed path element of the run order (distinct from any SP, game index and other stream). */
export const ORDER_STREAM = 0x04de4;

/** One sentence stating the rule above, recorded with every order file. */
export const ORDER_RULE =
  "the SPs sorted ascending into a[0..n-1]; xoroshiro128+ seeded by rngFromSeed(deriveSeed(seed, 0x04de4)); " +
  "for i from n-1 down to 1: j = uniform integer in [0, i], swap a[i] and a[j] (Durstenfeld's shuffle)";

/** The seeded random permutation of `sps` (pure; the input order does not matter, duplicates are refused by the caller). */
export function seededOrder(sps: readonly number[], seed: number): number[] {
  const a = [...sps].sort((x, y) => x - y);
  const rng = rngFromSeed(deriveSeed(seed, ORDER_STREAM));
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
