import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { DEFAULT_ENGINE_ID, defaultEngineId, fromEntry, loadRegistry, resolveEngine } from "./registry.ts";
import { isMbiError } from "../core/mod.ts";

Deno.test("the default engine is the native Stockfish 17.1 when built, else the embedded WASM build run by Deno", () => {
  const r = resolveEngine(undefined);
  assertEquals(r.entry.id, defaultEngineId());
  if (defaultEngineId() !== DEFAULT_ENGINE_ID) return; // the native build is there and is the default
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
      isMbiError(e, "engine-config") &&
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

Deno.test("engine configuration errors: missing binary, unknown adapter, budgets the engine cannot honour", () => {
  const base = { id: "x", name: "x", limit: "nodes" as const, options: {} };
  throws(
    () => fromEntry({ ...base, start: { path: "/nonexistent/engine", debian: "x-chess" } }),
    (e: Error) =>
      isMbiError(e, "engine-missing") &&
      /missing binary \/nonexistent\/engine; install it with: apt-get install x-chess/.test(e.message),
  );
  throws(() => fromEntry({ ...base, start: { path: "/bin/true" }, adapter: "nope" }), /unknown adapter "nope"/);
});

Deno.test("every npm engine of the registry is pinned in deno.json's imports (so Deno caches, locks and resolves it)", () => {
  const imports: Record<string, string> = JSON.parse(Deno.readTextFileSync(new URL("../../deno.json", import.meta.url)))
    .imports;
  for (const e of loadRegistry().engines) {
    if ("npm" in e.start) {
      ok(
        Object.values(imports).includes(`npm:${e.start.npm}`),
        `${e.id}: npm:${e.start.npm} missing from deno.json imports`,
      );
      ok(resolveEngine(e.id).files[0].startsWith("/"), `${e.id} resolves to a file`);
    }
  }
});
