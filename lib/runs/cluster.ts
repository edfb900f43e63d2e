/**
 * Slurm array jobs for the two costly stages: one array task per shard, one
 * CPU per engine, memory for the engines' hash plus overhead, per-task log
 * files, the same engine and options everywhere. The shard count is fixed in
 * the script, so `sbatch --array=i script` reruns (and resumes) only shard i.
 *
 * @module
 */

import { execa } from "execa";
import { join } from "node:path";
import { displayPath, profileDir, writeFileAtomic } from "../store/mod.ts";
import { type ResolvedEngine } from "../engine/mod.ts";
import { MbiError, REPO_ROOT } from "../core/mod.ts";
import { type Profile } from "../method/mod.ts";

/** A stage that runs as an array job. */
export type ClusterStage = "eval" | "selfplay";

/** What to submit. */
export interface ClusterJob {
  /** Stage 1 (eval) or stage 4 (selfplay). */
  stage: ClusterStage;
  /** Number of shards = array tasks. */
  shards: number;
  /** Budgets. */
  profile: Profile;
  /** The engine, the same for every task. */
  engine: ResolvedEngine;
  /** Slurm partition, when the cluster needs one. */
  partition?: string;
  /** Slurm time limit per task (e.g. `24:00:00`), when wanted. */
  time?: string;
  /** Deno executable the tasks run (default: this one; must exist on every node). */
  deno?: string;
}

/** Memory per task in MB: engines x (Hash + 320 MB engine/runtime overhead) + 256 MB for the Deno driver. */
export function memoryMb(job: ClusterJob): number {
  const hash = Number(job.engine.entry.options.Hash ?? 256);
  const engines = job.stage === "eval" ? 1 : 2;
  return engines * (hash + 320) + 256;
}

/** Where a job's script and logs go: `results/<profile>/slurm/`. */
export function slurmDir(profile: Profile): string {
  return join(profileDir(profile), "slurm");
}

const shellQuote = (s: string) => /^[\w@%+=:,./~-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;

/** The sbatch script of a job. */
export function sbatchScript(job: ClusterJob): string {
  // Values written into the script: one word each, so no newline or shell syntax reaches it.
  if (job.partition !== undefined && !/^[\w.,-]+$/.test(job.partition)) {
    throw new MbiError(
      "bad-argument",
      `--partition ${JSON.stringify(job.partition)}: letters, digits and . , _ - only`,
    );
  }
  if (job.time !== undefined && !/^(\d+-)?\d+(:\d\d){0,2}$/.test(job.time)) {
    throw new MbiError(
      "bad-argument",
      `--time ${JSON.stringify(job.time)}: a Slurm time such as 24:00:00 or 1-12:00:00`,
    );
  }
  if (!Number.isInteger(job.shards) || job.shards < 1) {
    throw new MbiError("bad-argument", `--shards ${job.shards}: expected a whole number >= 1`);
  }
  const dir = slurmDir(job.profile);
  const deno = job.deno ?? Deno.execPath();
  const engineArg = job.engine.entry.id.startsWith("path:") ? job.engine.entry.id.slice(5) : job.engine.entry.id;
  const task = job.stage === "eval" ? "eval-all" : "selfplay";
  const merge = job.stage === "eval" ? "eval-merge" : "selfplay-merge";
  const lines = [
    "#!/bin/bash",
    `#SBATCH --job-name=mbi-${job.stage}-${job.profile.name}`,
    `#SBATCH --array=0-${job.shards - 1}`,
    "#SBATCH --ntasks=1",
    "#SBATCH --cpus-per-task=1",
    `#SBATCH --mem=${memoryMb(job)}M`,
    `#SBATCH --output=${dir}/${job.stage}-%A_%a.out`,
    `#SBATCH --error=${dir}/${job.stage}-%A_%a.err`,
    ...(job.partition ? [`#SBATCH --partition=${job.partition}`] : []),
    ...(job.time ? [`#SBATCH --time=${job.time}`] : []),
    `# MBI ${job.stage === "eval" ? "stage 1 (evaluation)" : "stage 4 (self-play)"}, profile ${job.profile.name}, ` +
    `${job.shards} shards, engine ${engineArg}. Written by deno task cluster-submit.`,
    `# One failed task: rerun only it with  sbatch --array=<i> ${displayPath(join(dir, `${job.stage}.sbatch`))}`,
    `# When all tasks are done:  deno task ${merge} --profile ${job.profile.name}`,
    "set -euo pipefail",
    `cd ${shellQuote(REPO_ROOT)}`,
    `SHARDS=${job.shards}`,
    `export MBI_ENGINE=${shellQuote(engineArg)}`,
    "export DENO_NO_UPDATE_CHECK=1",
    `exec ${shellQuote(deno)} task ${task} --profile ${shellQuote(job.profile.name)} --workers 1 ` +
    `--shard "\${SLURM_ARRAY_TASK_ID}/\${SHARDS}"`,
  ];
  return lines.join("\n") + "\n";
}

/** Writes the script to `results/<profile>/slurm/<stage>.sbatch` and returns its path. */
export async function writeSbatchScript(job: ClusterJob): Promise<string> {
  const path = join(slurmDir(job.profile), `${job.stage}.sbatch`);
  await writeFileAtomic(path, sbatchScript(job));
  await Deno.chmod(path, 0o755);
  return path;
}

/** Submits a script with `sbatch --parsable`; returns the job id. */
export async function submitSbatch(script: string, extraArgs: string[] = []): Promise<string> {
  const r = await execa("sbatch", ["--parsable", ...extraArgs, script], { reject: false });
  if (r.exitCode !== 0) {
    const why = r.code === "ENOENT"
      ? "sbatch not found: is this a Slurm login node?"
      : (r.stderr || r.stdout).trim().split("\n")[0];
    throw new MbiError("cluster", `sbatch failed: ${why}`);
  }
  return r.stdout.trim().split(";")[0];
}
