import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { deriveSeed, rngFromSeed, seedHex, splitmix64 } from "./seed.ts";

Deno.test("splitmix64 matches the reference sequence (seed 0 -> e220a8397b1dcdaf, ...)", () => {
  // The first outputs of the SplitMix64 generator started at state 0 (Vigna's reference code).
  let state = 0n;
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    out.push(seedHex(splitmix64(state)));
    state = (state + 0x9e3779b97f4a7c15n) & ((1n << 64n) - 1n);
  }
  assertEquals(out, [
    "e220a8397b1dcdaf",
    "6e789e6aa1b965f4",
    "06c45d188009454f",
  ]);
});

Deno.test("per-game seeds differ by SP and game index and are stable", () => {
  const s = deriveSeed(20260825, 518, 7);
  assertEquals(s, deriveSeed(20260825, 518, 7));
  notDeepStrictEqual(s, deriveSeed(20260825, 518, 8));
  notDeepStrictEqual(s, deriveSeed(20260825, 519, 7));
  notDeepStrictEqual(s, deriveSeed(20260826, 518, 7));
});

Deno.test("rngFromSeed is reproducible and uniform-looking", () => {
  const a = rngFromSeed(deriveSeed(1, 2));
  const b = rngFromSeed(deriveSeed(1, 2));
  const xs = Array.from({ length: 1000 }, () => a.int(0, 4));
  assertEquals(xs, Array.from({ length: 1000 }, () => b.int(0, 4)));
  const counts = [0, 1, 2, 3, 4].map((k) => xs.filter((x) => x === k).length);
  ok(counts.every((c) => c > 150 && c < 250), JSON.stringify(counts));
});
