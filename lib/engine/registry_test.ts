import { deepStrictEqual as assertEquals, ok, rejects, throws } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  CHESS960_OPTION,
  DEFAULT_ENGINE_ID,
  defaultEngineId,
  fromEntry,
  launchEngine,
  loadRegistry,
  type ResolvedEngine,
  resolveEngine,
  withChess960,
} from "./registry.ts";
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

const FAKE = fileURLToPath(new URL("testdata/fake_engine.sh", import.meta.url));
const fake = (mode: string, options: Record<string, string | number | boolean> = {}): ResolvedEngine => ({
  entry: { id: `fake-${mode}`, name: "fake", start: { path: FAKE }, limit: "nodes", options },
  command: { file: FAKE, args: [mode], label: `fake-${mode}` },
  files: [FAKE],
});

Deno.test("every engine is started with UCI_Chess960 true, also when its entry leaves it out", async () => {
  const e = await launchEngine(fake("ok", { Hash: 16 }));
  try {
    assertEquals(Object.fromEntries(e.optionsSet), { Hash: "16", [CHESS960_OPTION]: "true" });
  } finally {
    await e.quit();
  }
});

Deno.test("an engine that does not declare UCI_Chess960 is refused; an entry that sets it false is refused before it starts", async () => {
  await rejects(
    launchEngine(fake("no960")),
    (e) =>
      isMbiError(e, "engine-option") &&
      (e as Error).message ===
        "engine fake-no960 (FakeEngine 1.0) does not declare the option UCI_Chess960: it cannot play Chess960 start positions, so it cannot be used here",
  );
  throws(
    () => withChess960({ uci_chess960: false }, "mine"),
    (e) =>
      isMbiError(e, "engine-config") &&
      (e as Error).message ===
        "engine mine: option uci_chess960 is false, but every position here is a Chess960 start: it must be true",
  );
  ok(withChess960({ UCI_Chess960: "true" }, "x").UCI_Chess960 === "true");
});
