import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { CI_POSITIONS, getProfile, ProfileError, PROFILES } from "./profiles.ts";

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

Deno.test("an override gets a folder named after the real parameters, and the name round-trips", () => {
  const p = getProfile("quick", { evalNodes: 2_000_000, games: 4 });
  assertEquals(p.name, "quick~eval2000000~games4");
  assertEquals(getProfile(p.name), p);
  assertEquals(getProfile(p.name, { evalNodes: undefined, games: undefined }), p); // unset options keep the name's budgets
  assertEquals(
    getProfile("quick", { evalNodes: PROFILES.quick.evalNodes }).name,
    "quick",
  ); // same value: same profile
});

Deno.test("unknown profiles and tags are one-line errors", () => {
  throws(
    () => getProfile("huge"),
    (e: Error) =>
      e instanceof ProfileError &&
      /unknown profile "huge" \(allowed: full, quick, ci\)/.test(e.message),
  );
  throws(() => getProfile("quick~fast1"), /not a budget tag/);
});
