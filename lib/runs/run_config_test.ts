import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { evalLimit, memoryMb, profileAndEngine, sbatchScript } from "./run_config.ts";
import { resolveEngine } from "../engine/mod.ts";
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

const job = { stage: "eval" as const, shards: 4, profile: getProfile("ci"), engine: resolveEngine("sf17.1-wasm") };

Deno.test("sbatch script: an array of N shards, one CPU, memory for the hash, logs per task, the shard count fixed", () => {
  const s = sbatchScript({ ...job, partition: "short", time: "24:00:00" });
  ok(s.includes("#SBATCH --array=0-3"));
  ok(s.includes("#SBATCH --cpus-per-task=1"));
  ok(s.includes(`#SBATCH --mem=${memoryMb(job)}M`));
  ok(s.includes("#SBATCH --partition=short") && s.includes("#SBATCH --time=24:00:00"));
  ok(/--shard "\$\{SLURM_ARRAY_TASK_ID\}\/\$\{SHARDS\}"/.test(s));
  assertEquals(memoryMb(job), 256 + 320 + 256);
});

Deno.test("values written into the script cannot carry a newline or shell syntax", () => {
  throws(() => sbatchScript({ ...job, partition: "p\necho X" }), /--partition "p\\necho X": letters, digits/);
  throws(() => sbatchScript({ ...job, partition: "a;rm -rf ~" }), /--partition/);
  throws(() => sbatchScript({ ...job, time: "1:00\n#SBATCH --x" }), /--time .*: a Slurm time/);
  throws(() => sbatchScript({ ...job, shards: 0 }), /--shards 0: expected a whole number >= 1/);
  ok(sbatchScript({ ...job, time: "1-12:00:00" }).includes("--time=1-12:00:00"));
});
