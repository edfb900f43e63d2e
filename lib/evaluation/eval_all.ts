/**
 * Stage 1: evaluate many start positions with W long-lived engine processes,
 * appending one record per position to a resumable JSONL file.
 *
 * @module
 */

import {
  type EvaluationRecord,
  fingerprintValue,
  POSITIONS_CSV_PATH,
  type Profile,
  startPosition,
} from "../method/mod.ts";
import {
  codeVersion,
  configDifference,
  displayPath,
  EVAL_SCHEMA,
  EvalConfig,
  evalFilePath,
  evalFolderName,
  type EvalHeader,
  inputFiles,
  orderedPositions,
  profileDir,
  readEvalDataset,
  readRunOrder,
  recordedPath,
  repairDuplicates,
  runOrderPath,
  type Shard,
  shardOf,
} from "../store/mod.ts";
import {
  BENCH_SCRIPT_PATH,
  benchNodesPerSecond,
  checkExecutable,
  ensureFingerprint,
  requireDeclaredFingerprint,
  type ResolvedEngine,
  timeoutsForSpeed,
} from "../engine/mod.ts";
import { EvaluationSession, type EvaluationSettings } from "./evaluation_session.ts";
import { evalLimit, manifestPath, type Progress, resumableRun, RunManifest } from "../runs/mod.ts";
import { fileKind, MbiError, removeDeadTemps, repoPath, same, schemaVersion } from "../core/mod.ts";
import * as v from "valibot";

/** What to evaluate and how. */
export interface EvalAllOptions {
  /** Budgets and positions. */
  profile: Profile;
  /** The engine. */
  engine: ResolvedEngine;
  /** Number of engine processes in parallel (>= 1). */
  workers: number;
  /** Subset of the profile's positions (default: all of them). */
  positions?: number[];
  /** Shard of the positions. */
  shard?: Shard;
  /** Output file (default: `results/<profile>/evals.jsonl`, or the shard file). */
  out?: string;
  /** Called after every position (and once at the start). */
  onProgress?: (p: Progress) => void;
  /** Messages (lock takeovers, repairs, engine restarts, slow searches); default stderr. */
  log?: (line: string) => void;
}

/** What a run did. */
export interface EvalAllSummary {
  /** The results file. */
  path: string;
  /** Positions planned for this file. */
  planned: number;
  /** Positions evaluated in this run. */
  evaluated: number;
  /** Positions found already done. */
  resumed: number;
  /** True when a torn last line was cut off before resuming. */
  repairedTornLine: boolean;
  /** Engine restarts after crashes or hangs. */
  restarts: number;
  /** Wall time in seconds. */
  wallS: number;
  /** Nodes searched in this run. */
  nodes: number;
  /** Registry id of the engine that ran (null when there was nothing to do). */
  engine: string | null;
}

/**
 * Runs or resumes the evaluation, holding the output file's lock for the whole
 * run (a second writer is refused, naming the holder). A file that exists must
 * be an evaluation file of the same configuration (engine fingerprint, limit,
 * options) whose records agree with its header, else it is left untouched and
 * a `dataset` MbiError explains why; positions stored twice by an earlier
 * double run are repaired first when they agree. With nothing to do no file is
 * opened for writing (a read-only complete dataset is fine).
 */
export async function evalAll(opts: EvalAllOptions): Promise<EvalAllSummary> {
  const t0 = performance.now();
  const { profile, engine } = opts;
  const log = opts.log ?? console.error;
  // A dataset folder with an order file (a long run: see store/run_order.ts) takes its positions in that order.
  const order = opts.positions || opts.out ? undefined : await readRunOrder(profileDir(profile), profile.positions);
  const chosen = opts.positions ?? (order ? orderedPositions(order) : profile.positions);
  const planned = shardOf(chosen, opts.shard);
  const path = opts.out ?? evalFilePath(profileDir(profile), opts.shard);
  const limit = evalLimit(profile, engine.entry);

  // Nothing to do needs neither the lock nor a running engine: a finished dataset may be read-only. What dead runs
  // left beside it goes all the same (their process is gone: no writer needs them).
  for (const f of [path, manifestPath(path)]) await removeDeadTemps(f).catch(() => []);
  await checkExecutable(engine.command);
  const before = await readEvalDataset(path, { duplicates: "report" });
  if (before && before.duplicates.length === 0 && planned.every((sp) => before.records.some((r) => r.sp === sp))) {
    checkSameLimit(path, before.header.config.limit, limit);
    // the engine asked for must be the dataset's (its fingerprint measured, from the cache once known)
    const measured = await ensureFingerprint(engine);
    requireDeclaredFingerprint(engine.entry, measured);
    if (measured !== before.header.config.engine_fingerprint) {
      throw new MbiError(
        "engine-fingerprint",
        `${displayPath(path)} was computed by ${before.header.engine.uci_name} (fingerprint ${
          fingerprintValue(before.header.config.engine_fingerprint)
        }), not by ${engine.entry.id} (fingerprint ${fingerprintValue(measured)}): use another --profile or --engine`,
      );
    }
    return {
      path,
      planned: planned.length,
      evaluated: 0,
      resumed: planned.length,
      repairedTornLine: false,
      restarts: 0,
      wallS: 0,
      nodes: 0,
      engine: null,
    };
  }

  let existing: Awaited<ReturnType<typeof readEvalDataset>>;
  let settings: EvaluationSettings | undefined;
  const outcome = await resumableRun<EvalHeader, EvaluationRecord, number, EvaluationSession>({
    pool: "evaluations",
    label: "eval",
    profile: evalFolderName(profile), // the dataset's key: a self-play design's tags are not the dataset's
    path,
    manifest: {
      kind: "mbi-evaluations-manifest",
      schema: EVAL_SCHEMA,
      of: "an evaluation file",
      todoKey: "to_evaluate",
      doneKey: "evaluated",
    },
    engine,
    options: engine.entry.options,
    workers: opts.workers,
    log,
    onProgress: opts.onProgress,
    check: async () => {
      const removed = await repairDuplicates(path);
      if (removed) log(`repaired ${displayPath(path)}: removed ${removed} repeated record(s) identical to the first`);
      existing = await readEvalDataset(path);
      if (existing) checkSameLimit(path, existing.header.config.limit, limit);
    },
    plan: async ({ identity, options }) => {
      const want: EvalConfig = { engine_fingerprint: identity.fingerprint, limit, options };
      const diff = existing && configDifference(existing.header.config, want);
      if (diff) {
        throw new MbiError(
          "dataset",
          `${
            displayPath(path)
          } was computed with another configuration (${diff}); not appending. Use another --profile/--out`,
        );
      }
      const done = new Set(existing?.records.map((r) => r.sp) ?? []);
      const nps = await benchNodesPerSecond(identity);
      settings = { limit, options: engine.entry.options, timeouts: timeoutsForSpeed(nps), onEvent: log };
      return {
        existing,
        tasks: planned.filter((sp) => !done.has(sp)),
        planned: planned.length,
        config: want,
        header: async (): Promise<EvalHeader> => ({
          kind: "mbi-evaluations",
          schema: EVAL_SCHEMA,
          profile: evalFolderName(profile),
          config: want,
          engine: identity,
          shard: opts.shard ?? null,
          positions: planned,
          created: new Date().toISOString(),
          code: await codeVersion(),
          inputs: await inputFiles([
            repoPath(POSITIONS_CSV_PATH),
            repoPath(BENCH_SCRIPT_PATH),
            ...(order ? [runOrderPath(profileDir(profile))] : []),
          ]),
        }),
      };
    },
    worker: () => new EvaluationSession(engine, settings!),
    run: async (session, sp, append, run) => {
      const record = await session.evaluate(startPosition(sp));
      await append({ ...record, computed: { file: recordedPath(path), ...run } });
      return record.nodes ?? 0;
    },
  });
  return {
    path,
    planned: outcome.planned,
    evaluated: outcome.done,
    resumed: outcome.resumed,
    repairedTornLine: existing?.torn ?? false,
    restarts: outcome.restarts,
    wallS: (performance.now() - t0) / 1000,
    nodes: outcome.nodes,
    engine: outcome.identity.id,
  };
}

/** Refuses a file whose header limit is not the one asked for (before the engine is even started). */
function checkSameLimit(path: string, have: unknown, want: unknown): void {
  if (!same(have, want)) {
    throw new MbiError(
      "dataset",
      `${displayPath(path)} was computed with another configuration (search limit ${JSON.stringify(have)} vs ${
        JSON.stringify(want)
      }); not appending. Use another --profile/--out`,
    );
  }
}

/** `evals.manifest.json` beside an evaluation file: a run manifest whose configuration is stage 1's. */
export const EvalManifest = v.object({
  ...RunManifest.entries,
  kind: fileKind("mbi-evaluations-manifest"),
  schema: schemaVersion(EVAL_SCHEMA),
  config: EvalConfig,
});
