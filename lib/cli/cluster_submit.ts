/**
 * `deno task cluster-submit --stage eval|selfplay --shards n [--profile P]
 * [--engine ID|PATH] [--partition NAME] [--time HH:MM:SS] [--dry-run]`: writes
 * the sbatch array script under `results/<profile>/slurm/` and submits it
 * (`--dry-run` prints it instead).
 *
 * @module
 */

import { type ClusterStage, sbatchScript, submitSbatch, writeSbatchScript } from "../stages/cluster.ts";
import { type CliSpec, parseCli, positiveInt, runCli, UsageError } from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";

const USAGE: CliSpec = {
  usage:
    "deno task cluster-submit --stage eval|selfplay --shards N [--profile P] [--engine ID|PATH] [--partition NAME] [--time HH:MM:SS] [--dry-run]\n  writes and submits a Slurm array job",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      stage: { type: "string" },
      shards: { type: "string" },
      profile: { type: "string" },
      engine: { type: "string" },
      partition: { type: "string" },
      time: { type: "string" },
      "dry-run": { type: "boolean" },
    }, USAGE);
    if (values.stage !== "eval" && values.stage !== "selfplay") {
      throw new UsageError(`--stage ${values.stage ?? "(missing)"}: expected eval or selfplay`);
    }
    const shards = positiveInt("shards", values.shards);
    if (shards === undefined) throw new UsageError("--shards missing: the number of array tasks (>= 1)");
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
