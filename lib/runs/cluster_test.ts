import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { memoryMb, sbatchScript } from "./run_config.ts";
import { resolveEngine } from "../engine/mod.ts";
import { getProfile } from "../store/mod.ts";

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
