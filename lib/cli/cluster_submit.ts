/**
 * `deno task cluster-submit`: writes the sbatch array script of a stage's shards under `results/<profile>/slurm/` and
 * submits it (`--dry-run` prints it).
 *
 * @module
 */

import { type ClusterStage, profileAndEngine, sbatchScript, submitSbatch, writeSbatchScript } from "../runs/mod.ts";
import { command, flag, runCommand, text, whole } from "./command.ts";
import { ENGINE, PROFILE } from "./options.ts";

/** The declaration of `deno task cluster-submit`. */
export const COMMAND = command({
  name: "cluster-submit",
  description: "writes a Slurm array job of shards of stage 1 or stage 4 and submits it",
  details: ["the sbatch script goes to results/<profile>/slurm/"],
  options: {
    stage: text("STAGE", "the stage the array runs", { choices: ["eval", "selfplay"], required: true }),
    shards: whole("N", "the number of array tasks (one shard each)", { required: true }),
    profile: PROFILE,
    engine: ENGINE,
    partition: text("NAME", "the Slurm partition", { defaultText: "the cluster's default" }),
    time: text("HH:MM:SS", "the time limit of each task", { defaultText: "the cluster's default" }),
    "dry-run": flag("print the sbatch script instead of writing and submitting it"),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { shards, partition, time } = values;
  const stage = values.stage as ClusterStage;
  const job = { stage, shards, ...profileAndEngine(values.profile, {}, values.engine), partition, time };
  if (values["dry-run"]) {
    console.log(sbatchScript(job));
    return;
  }
  const script = await writeSbatchScript(job);
  const id = await submitSbatch(script);
  console.log(`submitted array job ${id} (${shards} tasks): ${script}`);
  const merge = stage === "eval" ? "eval-merge" : "selfplay-merge";
  console.log(`watch: squeue -j ${id}; then: deno task ${merge} --profile ${job.profile.name}`);
});
