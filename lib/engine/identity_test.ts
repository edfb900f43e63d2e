import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { resolveEngine } from "./registry.ts";
import { engineIdentity, hasLegalMoves, runBench, versionOf } from "./identity.ts";
import { UciEngine } from "./uci.ts";

Deno.test("versionOf reads the version from id name", () => {
  assertEquals(versionOf("Stockfish 17.1 WASM"), "17.1");
  assertEquals(versionOf("Stockfish 17.1"), "17.1");
  assertEquals(versionOf("Ethereal 12.75"), "12.75");
  assertEquals(versionOf("SomeEngine"), null);
});

Deno.test("WASM engine: bench fingerprint is Stockfish 17.1's 2,030,154 nodes", async () => {
  const resolved = resolveEngine("sf17.1-wasm");
  const engine = await UciEngine.start(resolved.command);
  try {
    const bench = await runBench(engine);
    // 48 bench positions, 2 without legal moves skipped (Stockfish counts 0 nodes there).
    assertEquals([bench.nodes, bench.searches], [2030154, 46]);
    const id = await engineIdentity(resolved, engine, { fingerprint: false });
    assertEquals(id.uci_name, "Stockfish 17.1 WASM");
    assertEquals(id.nets, ["nn-1c0000000000.nnue", "nn-37f18f62d772.nnue"]);
    assertEquals(id.files.length, 7); // the .js and six .wasm parts
  } finally {
    await engine.quit();
  }
});

Deno.test("hasLegalMoves: stalemate and mate have none; Chess960 castling moves are read", () => {
  assertEquals(hasLegalMoves("8/8/8/8/8/6k1/6p1/6K1 w - -", []), false); // stalemate
  assertEquals(hasLegalMoves("7k/7P/6K1/8/3B4/8/8/8 b - -", []), false); // checkmate
  assertEquals(hasLegalMoves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["e2e4"]), true);
});
