import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import {
  DEFAULT_ENGINE_ID,
  EngineConfigError,
  evalLimit,
  fromEntry,
  loadRegistry,
  profileAndEngine,
  resolveEngine,
} from "./engines.ts";
import { getProfile } from "./profiles.ts";

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

Deno.test("engine configuration errors: missing binary, unknown adapter, budgets the engine cannot honour", () => {
  const base = { id: "x", name: "x", limit: "nodes" as const, options: {} };
  throws(
    () => fromEntry({ ...base, start: { path: "/nonexistent/engine", debian: "x-chess" } }),
    (e: Error) =>
      e instanceof EngineConfigError &&
      /missing binary \/nonexistent\/engine; install it with: apt-get install x-chess/.test(e.message),
  );
  throws(() => fromEntry({ ...base, start: { path: "/bin/true" }, adapter: "nope" }), /unknown adapter "nope"/);
  const depthEngine = {
    ...base,
    id: "d",
    start: { path: "/bin/true" },
    limit: "depth" as const,
    budgets: { quick: { depth: 9 } },
  };
  assertEquals(evalLimit(getProfile("quick"), depthEngine), { depth: 9 });
  throws(
    () => evalLimit(getProfile("quick", { evalNodes: 5000 }), depthEngine),
    /honours only depth limits \(no go nodes\): give --depth/,
  );
  throws(() => evalLimit(getProfile("ci"), depthEngine), /no depth budget for profile ci/);
  assertEquals(evalLimit(getProfile("ci", { evalDepth: 4 }), depthEngine), { depth: 4 });
  throws(
    () => evalLimit(getProfile("quick", { evalDepth: 4 }), { ...base, start: { path: "/bin/true" } }),
    /takes node budgets/,
  );
  assertEquals(evalLimit(getProfile("quick"), { ...base, start: { path: "/bin/true" } }), { nodes: 125_000 });
});

Deno.test("other engines' results go to results/<profile>@<id>; the reference engine's stay in results/<profile>", () => {
  assertEquals(profileAndEngine("quick", {}, "sf17.1-wasm").profile.name, "quick");
  assertEquals(profileAndEngine("quick", {}, "sf17.1-native", { requireBinary: false }).profile.name, "quick");
  assertEquals(profileAndEngine("quick", {}, "sf18-wasm").profile.name, "quick@sf18-wasm");
  assertEquals(profileAndEngine("quick@sf18-wasm").engine.entry.id, "sf18-wasm");
  assertEquals(profileAndEngine("ci", {}, "ethereal-12", { requireBinary: false }).profile.name, "ci@ethereal-12");
  throws(() => profileAndEngine("quick@sf18-wasm", {}, "sf17.1-wasm"), /holds results of engine sf18-wasm/);
});
