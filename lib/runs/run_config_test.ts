import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { evalLimit, profileAndEngine } from "./run_config.ts";
import { getProfile } from "../store/mod.ts";

Deno.test("stage-1 limits: the profile's nodes, an engine's own depth budget, and budgets it cannot honour", () => {
  const base = { id: "x", name: "x", limit: "nodes" as const, options: {} };
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
