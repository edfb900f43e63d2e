/**
 * `deno task cluster-submit --stage eval|selfplay --shards n [--profile P]
 * [--engine ID|PATH] [--partition NAME] [--time HH:MM:SS] [--dry-run]`: writes
 * the sbatch array script under `results/<profile>/slurm/` and submits it
 * (`--dry-run` prints it instead).
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

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const shards = values.shards;
    const job = {
      stage: values.stage as ClusterStage,
      shards,
      ...profileAndEngine(values.profile, {}, values.engine),
      partition: values.partition,
      time: values.time,
    };
    if (values["dry-run"]) {
      console.log(sbatchScript(job));
      return;
    }
    const script = await writeSbatchScript(job);
    const id = await submitSbatch(script);
    console.log(`submitted array job ${id} (${shards} tasks): ${script}`);
    console.log(
      `watch: squeue -j ${id}; then: deno task ${
        job.stage === "eval" ? "eval-merge" : "selfplay-merge"
      } --profile ${job.profile.name}`,
    );
  });
}
