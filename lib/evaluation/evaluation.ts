/**
 * Stage 1 as one call for the CLI, the pipeline and notebook 01: run or
 * resume the evaluation of a profile, then write the CSV view; and load a
 * profile's complete dataset for the later stages.
 *
 * @module
 */

import { join } from "node:path";
import { type EvalDataset, evalFilePath, profileDir, readEvalDataset, writeTextIfChanged } from "../store/mod.ts";
import { type ResolvedEngine, resolveEngine } from "../engine/mod.ts";
import { evalAll, type EvalAllSummary } from "./eval_all.ts";
import { type EvaluationRecord, type Profile } from "../method/mod.ts";
import { expectedDataset, type Progress } from "../runs/mod.ts";
import { MbiError, same, toCsv } from "../core/mod.ts";

/** Options of {@link runEvaluation}. */
export interface EvaluationOptions {
  /** The profile. */
  profile: Profile;
  /** The engine (default: `--engine`/`$MBI_ENGINE`/the WASM default). */
  engine?: ResolvedEngine;
  /** Worker processes (default: number of cores). */
  workers?: number;
  /** Progress callback. */
  onProgress?: (p: Progress) => void;
}

/** Runs or resumes stage 1 for a profile and writes `evals.csv` when complete. */
export async function runEvaluation(opts: EvaluationOptions): Promise<EvalAllSummary> {
  const summary = await evalAll({
    profile: opts.profile,
    engine: opts.engine ?? resolveEngine(opts.profile.engine ?? undefined),
    workers: opts.workers ?? navigator.hardwareConcurrency,
    onProgress: opts.onProgress,
  });
  await writeEvalsCsv(opts.profile, await loadEvaluations(opts.profile));
  return summary;
}

/** Writes the profile's `evals.csv` from its complete dataset (unless it already holds exactly that); true if written. */
export async function writeEvalsCsv(profile: Profile, dataset: EvalDataset): Promise<boolean> {
  return await writeTextIfChanged(join(profileDir(profile), "evals.csv"), evalsCsv(dataset.records));
}

/**
 * Loads a profile's stage-1 dataset and checks it covers the profile's
 * positions; otherwise says which command completes it.
 */
export async function loadEvaluations(profile: Profile): Promise<EvalDataset> {
  const path = evalFilePath(profileDir(profile));
  const d = await readEvalDataset(path);
  if (!d) {
    throw new MbiError(
      "dataset",
      `no stage-1 dataset at ${path}: run deno task eval-all --profile ${profile.name}`,
    );
  }
  checkAgainstProfile(d, profile);
  const have = new Set(d.records.map((r) => r.sp));
  const missing = profile.positions.filter((sp) => !have.has(sp));
  if (missing.length) {
    throw new MbiError(
      "dataset",
      `${path} lacks ${missing.length} of the profile's ${profile.positions.length} positions (e.g. SP ${
        missing.slice(0, 3).join(", ")
      }): run deno task eval-all --profile ${profile.name} to resume it`,
    );
  }
  return d;
}

/**
 * Checks a dataset's header against its profile, as `eval-all` does before it
 * appends: the search limit, the engine fingerprint and the positions. A file
 * that says another budget is not this profile's dataset, whatever its folder.
 */
export function checkAgainstProfile(d: EvalDataset, profile: Profile): void {
  const want = expectedDataset(profile);
  const fix =
    `it is not profile ${profile.name}'s dataset: move it aside and run deno task eval-all --profile ${profile.name}`;
  const have = d.header.config;
  if (want.limit && !same(have.limit, want.limit)) {
    throw new MbiError(
      "dataset",
      `${d.path} was computed with search limit ${JSON.stringify(have.limit)}, not the profile's ${
        JSON.stringify(want.limit)
      }: ${fix}`,
    );
  }
  if (want.fingerprint !== null && have.engine_fingerprint !== want.fingerprint) {
    throw new MbiError(
      "engine-fingerprint",
      `${d.path} was computed by an engine with fingerprint ${have.engine_fingerprint}, not ${want.fingerprint}: ${fix}`,
    );
  }
  const planned = new Set(profile.positions);
  const extra = d.header.positions.filter((sp) => !planned.has(sp));
  if (extra.length) {
    throw new MbiError(
      "dataset",
      `${d.path} plans positions outside profile ${profile.name} (e.g. SP ${extra.slice(0, 3).join(", ")}): ${fix}`,
    );
  }
}

/** The columns of `evals.csv`, in order (the dataset card describes each). */
export const EVALS_CSV_COLUMNS = [
  "sp",
  "setup",
  "fen",
  "eval_cp",
  "mate",
  "depth",
  "nodes",
  "bestmove",
  "pv",
] as const satisfies readonly (keyof EvaluationRecord)[];

/** CSV view of evaluation records: {@link EVALS_CSV_COLUMNS} (the PV's moves separated by spaces). */
export function evalsCsv(records: readonly EvaluationRecord[]): string {
  return toCsv(records.map((r) => ({ ...r, pv: r.pv.join(" ") })), [...EVALS_CSV_COLUMNS]);
}
