import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { formatLimit, sameLimit } from "./limit.ts";

Deno.test("a limit in words; two limits the same only of the same kind and value", () => {
  assertEquals([formatLimit({ nodes: 8_000_000 }), formatLimit({ depth: 14 })], ["8,000,000 nodes", "depth 14"]);
  assertEquals(sameLimit({ nodes: 1 }, { depth: 1 }), false);
  assertEquals(sameLimit({ nodes: 8_000_000 }, { nodes: 8_000_000 }), true);
});
