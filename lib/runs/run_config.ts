/**
 * What a command runs: the profile (with its budget overrides) and the engine, and the stage-1 search limit of that
 * engine under that profile. Another engine's results go to `results/<profile>@<engine>/`, never mixed with the
 * reference engine's (Stockfish 17.1, WASM or native: one fingerprint).
 *
 * And Slurm array jobs for the two costly stages: one array task per shard, one CPU per engine, memory for the engines'
 * hash plus overhead, per-task log files, the same engine and options everywhere. The shard count is fixed in the
 * script, so `sbatch --array=i script` reruns (and resumes) only shard i.
 *
 * @module
 */

import { execa } from "execa";
import { join } from "node:path";
import {
  defaultEngineId,
  type EngineEntry,
  isReferenceEngine,
  loadRegistry,
  type ResolvedEngine,
  resolveEngine,
  type SearchLimit,
} from "../engine/mod.ts";
import { isMbiError, MbiError, REPO_ROOT } from "../core/mod.ts";
import { type Profile, type ProfileOverrides } from "../method/mod.ts";
import { baseProfileName, displayPath, getProfile, parseKey, profileDir, writeFileAtomic } from "../store/mod.ts";

/** Results-folder tag of an engine: none for the reference engine, else its id (or `path-<name>`). */
export function engineTag(entry: EngineEntry): string | null {
  if (isReferenceEngine(entry)) return null;
  if (entry.id.startsWith("path:")) return `path-${entry.id.split("/").pop()!.replace(/[^\w.-]/g, "_")}`;
  return entry.id;
}

/** The profile and engine of a command: `--engine` (or the engine a profile name like `quick@sf18-wasm` names, or `$MBI_ENGINE`, or the default). */
export function profileAndEngine(
  profileName: string | undefined,
  overrides: ProfileOverrides = {},
  engineArg?: string,
  opts: { requireBinary?: boolean } = {},
): { profile: Profile; engine: ResolvedEngine } {
  const named = getProfile(profileName, overrides);
  const arg = engineArg ?? named.engine ?? undefined;
  const engine = resolveEngine(arg, opts);
  const tag = engineTag(engine.entry);
  if (named.engine && tag !== named.engine) {
    const which = `engine ${named.engine}, not of ${engine.entry.id}`;
    throw new MbiError("engine-config", `profile ${named.name} holds results of ${which}`);
  }
  // named.name is canonical (overrides included), so only the engine tag is put in place.
  return { profile: getProfile(named.name.split("@")[0], {}, tag), engine };
}

/**
 * The stage-1 search limit of an engine under a profile: the profile's node budget, or the engine's own budget for the
 * profile from the registry (a depth for engines without `go nodes`). An override that the engine cannot honour is a
 * clear error.
 */
export function evalLimit(profile: Profile, entry: EngineEntry): SearchLimit {
  const overrides = parseKey(profile.name).overrides;
  if (profile.evalDepth !== null) {
    if (entry.limit !== "depth" && !entry.id.startsWith("path:")) {
      throw new MbiError("engine-config", `engine ${entry.id} takes node budgets (go nodes), not --depth`);
    }
    return { depth: profile.evalDepth };
  }
  const base = baseProfileName(profile);
  const own = entry.budgets?.[base];
  if (entry.limit === "depth") {
    if (overrides.evalNodes !== undefined) {
      const message = `engine ${entry.id} honours only depth limits (no go nodes): give --depth, not --nodes`;
      throw new MbiError("engine-config", message);
    }
    if (!own || !("depth" in own)) {
      const none = `data/engines.json gives it no depth budget for profile ${base} (give --depth)`;
      throw new MbiError("engine-config", `engine ${entry.id} honours only depth limits; ${none}`);
    }
    return own;
  }
  return own && "nodes" in own && overrides.evalNodes === undefined ? own : { nodes: profile.evalNodes };
}

/**
 * The engine to recompute a dataset with, and a note saying which was chosen: `--engine` when given, else the engine
 * recorded in its header; when that is a reference build that is not on this machine (e.g. the native build, not built
 * here), the default reference engine, which searches node for node alike (same fingerprint).
 */
export function engineForDataset(
  header: { engine: { id: string }; config: { engine_fingerprint: number | null } },
  engineArg?: string,
): { engine: ResolvedEngine; note: string } {
  if (engineArg) return { engine: resolveEngine(engineArg), note: `engine ${engineArg} (--engine)` };
  const recorded = header.engine.id.replace(/^path:/, "");
  try {
    return { engine: resolveEngine(recorded), note: `engine ${recorded}, as recorded` };
  } catch (e) {
    const reference = loadRegistry().reference_fingerprint;
    if (!isMbiError(e, "engine-config", "engine-missing") || header.config.engine_fingerprint !== reference) throw e;
    const fallback = resolveEngine(defaultEngineId());
    const using = `using ${fallback.entry.id}, which has the same fingerprint ${reference}`;
    return { engine: fallback, note: `the dataset's engine ${recorded} is not on this machine; ${using}` };
  }
}

/**
 * What a profile's stage-1 dataset must say of itself: its search limit and the engine fingerprint (the reference
 * fingerprint for the reference folder, the registry's for another engine's). Null where it cannot be known without the
 * engine (an engine given by path).
 */
export function expectedDataset(profile: Profile): { limit: SearchLimit | null; fingerprint: number | null } {
  const registry = loadRegistry();
  if (!profile.engine) {
    const entry = registry.engines.find((e) => e.id === defaultEngineId()) ?? registry.engines[0];
    return { limit: evalLimit(profile, entry), fingerprint: registry.reference_fingerprint };
  }
  const entry = registry.engines.find((e) => e.id === profile.engine);
  if (!entry) return { limit: null, fingerprint: null };
  return { limit: evalLimit(profile, entry), fingerprint: entry.fingerprint ?? null };
}

/** A stage that runs as an array job. */
export type ClusterStage = "eval" | "selfplay";

/**
 * What to submit: the stage, the number of shards (= array tasks), the profile, the engine (the same for every task),
 * the Slurm partition and time limit per task (e.g. `24:00:00`) when wanted, and the Deno executable the tasks run
 * (default: this one; it must exist on every node).
 */
export interface ClusterJob {
  stage: ClusterStage;
  shards: number;
  profile: Profile;
  engine: ResolvedEngine;
  partition?: string;
  time?: string;
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
  const bad = (message: string) => new MbiError("bad-argument", message);
  if (job.partition !== undefined && !/^[\w.,-]+$/.test(job.partition)) {
    throw bad(`--partition ${JSON.stringify(job.partition)}: letters, digits and . , _ - only`);
  }
  if (job.time !== undefined && !/^(\d+-)?\d+(:\d\d){0,2}$/.test(job.time)) {
    throw bad(`--time ${JSON.stringify(job.time)}: a Slurm time such as 24:00:00 or 1-12:00:00`);
  }
  if (!Number.isInteger(job.shards) || job.shards < 1) {
    throw bad(`--shards ${job.shards}: expected a whole number >= 1`);
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
export async function submitSbatch(script: string): Promise<string> {
  const r = await execa("sbatch", ["--parsable", script], { reject: false });
  if (r.exitCode !== 0) {
    const why = r.code === "ENOENT"
      ? "sbatch not found: is this a Slurm login node?"
      : (r.stderr || r.stdout).trim().split("\n")[0];
    throw new MbiError("cluster", `sbatch failed: ${why}`);
  }
  return r.stdout.trim().split(";")[0];
}
