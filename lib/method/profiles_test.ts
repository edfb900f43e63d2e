import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { builtinProfile, CI_POSITIONS, isMethodSelfplay, PROFILES } from "./profiles.ts";
import { isMbiError } from "../core/mod.ts";

Deno.test("built-in profiles: the method's budgets, quick, and ci with SP 0, 518, 959", () => {
  assertEquals(PROFILES.full.evalNodes, 400_000_000);
  assertEquals([
    PROFILES.full.selfplay.positions,
    PROFILES.full.selfplay.games,
    PROFILES.full.selfplay.nodesPerMove,
  ], [60, 50, 300_000]);
  assertEquals(PROFILES.full.resamples, 10_000);
  assertEquals(PROFILES.quick.positions.length, 960);
  assertEquals(CI_POSITIONS.length, 12);
  for (const sp of [0, 518, 959]) assertEquals(CI_POSITIONS.includes(sp), true);
});

Deno.test("only own profile names are profiles: constructor, toString and __proto__ are one-line errors", () => {
  for (const name of ["constructor", "toString", "__proto__", "huge"]) {
    throws(
      () => builtinProfile(name),
      (e: Error) => isMbiError(e, "profile") && e.message === `unknown profile "${name}" (allowed: full, quick, ci)`,
    );
  }
});

Deno.test("the method's self-play design is its positions × games at its nodes per move, nothing else", () => {
  const m = PROFILES.full.selfplay;
  ok(isMethodSelfplay(m));
  ok(isMethodSelfplay({ positions: 60, games: 50, nodesPerMove: 300_000 }));
  ok(!isMethodSelfplay({ ...m, nodesPerMove: 30_000 }));
  ok(!isMethodSelfplay({ ...m, games: 49 }));
  ok(!isMethodSelfplay({ ...m, positions: 24 }));
});
