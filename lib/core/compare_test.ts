import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { differences, differingKeys, firstDifference, same } from "./compare.ts";

Deno.test("firstDifference names the path and both values, outside the ignored paths", () => {
  assertEquals(firstDifference({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] }), "b.1: 2 vs 3");
  assertEquals(firstDifference({ a: 1 }, { a: 1, c: "x" }), 'c: absent vs "x"');
  assertEquals(firstDifference({ a: 1, c: "x" }, { a: 1 }), 'c: "x" vs absent');
  assertEquals(firstDifference({ a: 1, t: 5 }, { a: 1, t: 6 }, (p) => p[0] === "t"), null);
  assertEquals(firstDifference("x", "y"), '"x" vs "y"');
  assertEquals(firstDifference({ s: "x".repeat(100) }, { s: "y" }), `s: "${"x".repeat(76)}... vs "y"`);
});

Deno.test("same: key order aside, as data (a key holding undefined is absent, as in JSON)", () => {
  ok(same({ nodes: 1, depth: undefined, o: { a: 1, b: [1, { c: 2 }] } }, { o: { b: [1, { c: 2 }], a: 1 }, nodes: 1 }));
  ok(!same({ nodes: 1 }, { nodes: 2 }));
  ok(!same([1, 2], [2, 1]) && !same([1], { 0: 1 }) && !same({ a: null }, {}) && !same(1, "1"));
  ok(same(null, null) && same("x", "x") && same(NaN, NaN) && same([], []));
  assertEquals(differences({ a: { b: 1 } }, { a: { b: 2 }, c: 3 }), [
    { path: ["a", "b"], a: 1, b: 2 },
    { path: ["c"], a: undefined, b: 3 },
  ]);
});

Deno.test("differingKeys: the top-level keys that differ, in the order of the first value, then the second", () => {
  const a = { games: 2, seed: 1, options: { Hash: "16", Threads: "1" } } as Record<string, unknown>;
  const b = { options: { Threads: "1", Hash: "32" }, seed: 1, games: 3, extra: true } as Record<string, unknown>;
  assertEquals(differingKeys(a, b), ["games", "options", "extra"]);
  assertEquals(differingKeys(a, { ...a }), []);
});
