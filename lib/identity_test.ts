import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { resolveEngine } from "./engines.ts";
import { engineIdentity, runBench, versionOf } from "./identity.ts";
import { UciEngine } from "./uci/engine.ts";

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
    assertEquals([bench.nodes, bench.searches], [2030154, 48]);
    const id = await engineIdentity(resolved, engine, { fingerprint: false });
    assertEquals(id.uci_name, "Stockfish 17.1 WASM");
    assertEquals(id.nets, ["nn-1c0000000000.nnue", "nn-37f18f62d772.nnue"]);
    assertEquals(id.files.length, 7); // the .js and six .wasm parts
  } finally {
    await engine.quit();
  }
});
