import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { DEFAULT_ENGINE_ID, EngineConfigError, loadRegistry, resolveEngine } from "./engines.ts";

Deno.test("the default engine is the embedded WASM Stockfish 17.1 run by Deno", () => {
  const r = resolveEngine();
  assertEquals(r.entry.id, DEFAULT_ENGINE_ID);
  assertEquals(r.command.file, Deno.execPath());
  ok(
    r.command.args.includes(
      "npm:stockfish@17.1.0/src/stockfish-17.1-single-a496a04.js",
    ),
  );
});

Deno.test("a path becomes an ad-hoc engine with the MBI options", () => {
  const r = resolveEngine("./some/engine");
  ok(r.entry.id.startsWith("path:/"));
  assertEquals(r.entry.options, { Threads: 1, Hash: 256, UCI_Chess960: true });
});

Deno.test("an unknown id is a one-line error listing the known ids", () => {
  throws(
    () => resolveEngine("stockfish99"),
    (e: Error) =>
      e instanceof EngineConfigError &&
      /unknown engine "stockfish99" \(known ids: sf17.1-wasm/.test(e.message),
  );
});

Deno.test("registry entries are complete", () => {
  const reg = loadRegistry();
  assertEquals(reg.reference_fingerprint, 2030154);
  for (const e of reg.engines) {
    ok(
      e.id && e.name && e.start && (e.limit === "nodes" || e.limit === "depth"),
      e.id,
    );
  }
});
