import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { engineAtLimit, formatLimit, sameLimit } from "./limit.ts";

Deno.test("a limit in words, and an engine at it, named once where its name already holds it", () => {
  assertEquals([formatLimit({ nodes: 8_000_000 }), formatLimit({ depth: 14 })], ["8,000,000 nodes", "depth 14"]);
  assertEquals(engineAtLimit("Stockfish 17.1", { nodes: 8_000_000 }), "Stockfish 17.1 at 8,000,000 nodes");
  assertEquals(engineAtLimit("Ethereal 12.00", { depth: 14 }), "Ethereal 12.00 at depth 14");
  assertEquals(
    engineAtLimit("Stockfish 17.1 (eval960, depth 32)", { depth: 32 }),
    "Stockfish 17.1 (eval960, depth 32)",
  );
  assertEquals(sameLimit({ nodes: 1 }, { depth: 1 }), false);
});
