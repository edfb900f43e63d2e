/**
 * Stage 1 as one call for the CLI, the pipeline and notebook 01: run or
 * resume the evaluation of a profile, then write the CSV view; and load a
 * profile's complete dataset for the later stages.
 *
 * @module
 */

import { join } from "node:path";
import { writeTextIfChanged } from "../store/atomic.ts";
import { type ResolvedEngine, resolveEngine } from "../engine/registry.ts";
import { evalAll, type EvalAllSummary } from "./eval_all.ts";
import { DatasetError, type EvalDataset, evalFilePath, readEvalDataset } from "../store/eval_dataset.ts";
import { type Profile } from "../method/profiles.ts";
import type { Progress } from "./progress.ts";
import { profileDir } from "../store/results_key.ts";
import { type EvaluationRecord } from "../method/evaluation_record.ts";
import { toCsv } from "../core/csv.ts";

/** Options of {@link runStage1}. */
export interface Stage1Options {
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
export async function runStage1(opts: Stage1Options): Promise<EvalAllSummary> {
  const summary = await evalAll({
    profile: opts.profile,
    engine: opts.engine ?? resolveEngine(opts.profile.engine ?? undefined),
    workers: opts.workers ?? navigator.hardwareConcurrency,
    onProgress: opts.onProgress,
  });
  const dataset = await loadStage1(opts.profile);
  const csv = join(profileDir(opts.profile), "evals.csv");
  const text = evalsCsv(dataset.records);
  await writeTextIfChanged(csv, text);
  return summary;
}

/**
 * Loads a profile's stage-1 dataset and checks it covers the profile's
 * positions; otherwise says which command completes it.
 */
export async function loadStage1(profile: Profile): Promise<EvalDataset> {
  const path = evalFilePath(profileDir(profile));
  const d = await readEvalDataset(path);
  if (!d) {
    throw new DatasetError(
      `no stage-1 dataset at ${path}: run deno task eval-all --profile ${profile.name}`,
    );
  }
  const have = new Set(d.records.map((r) => r.sp));
  const missing = profile.positions.filter((sp) => !have.has(sp));
  if (missing.length) {
    throw new DatasetError(
      `${path} lacks ${missing.length} of the profile's ${profile.positions.length} positions (e.g. SP ${
        missing.slice(0, 3).join(", ")
      }): run deno task eval-all --profile ${profile.name} to resume it`,
    );
  }
  return d;
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
