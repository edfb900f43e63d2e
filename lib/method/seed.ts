/**
 * Seeds: SplitMix64 mixing of (base seed, SP, game index) into a per-game seed, and seeded generators (pure-rand's
 * xoroshiro128+) built from a seed. SplitMix64 is written here (five lines of BigInt arithmetic) because the
 * derivation must be documented exactly and pure-rand does not export it.
 *
 * @module
 */

import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

const MASK = (1n << 64n) - 1n;
const GAMMA = 0x9e3779b97f4a7c15n;

/** One SplitMix64 step: `z = x + γ; z = (z ^ z>>30)·c1; z = (z ^ z>>27)·c2; z ^ z>>31` (mod 2^64). */
export function splitmix64(x: bigint): bigint {
  let z = (x + GAMMA) & MASK;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

/**
 * Derives a 64-bit seed from a base seed and a path of non-negative integers: `derive(base, a, b) =
 * splitmix64(splitmix64(splitmix64(base) ^ a) ^ b)`. The per-game seed is `deriveSeed(baseSeed, sp, gameIndex)`.
 */
export function deriveSeed(base: number | bigint, ...path: number[]): bigint {
  let s = splitmix64(BigInt(base) & MASK);
  for (const p of path) s = splitmix64(s ^ BigInt(p));
  return s;
}

/** Formats a 64-bit seed as 16 hex digits (how seeds appear in results and PGN). */
export function seedHex(seed: bigint): string {
  return seed.toString(16).padStart(16, "0");
}

/** A seeded random source of uniform integers in [from, to] (both included). */
export interface Rng {
  int(from: number, to: number): number;
}

/** Builds an xoroshiro128+ generator whose 128-bit state is two SplitMix64 outputs of `seed`. */
export function rngFromSeed(seed: bigint): Rng {
  const a = splitmix64(seed);
  const b = splitmix64(a);
  const words = [a >> 32n, a & 0xffffffffn, b >> 32n, b & 0xffffffffn].map((w) => Number(BigInt.asIntN(32, w)));
  const gen = xoroshiro128plusFromState(words);
  return { int: (from, to) => uniformInt(gen, from, to) };
}
