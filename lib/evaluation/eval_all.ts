/**
 * Stage 1: W long-lived engine processes append one record per position to a resumable JSONL file; stage 1 as one call
 * (run or resume, then the CSV view); and a profile's complete dataset loaded for the later stages.
 *
 * @module
 */

import { join } from "node:path";

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
  type EvalDataset,
  evalFilePath,
  evalFolderName,
  type EvalHeader,
  inputFiles,
  orderedPositions,
  orderParts,
  profileDir,
  readEvalDataset,
  readRunOrder,
  recordedPath,
  repairDuplicates,
  type RunOrder,
  runOrderPath,
  type Shard,
  shardOf,
  writeTextIfChanged,
} from "../store/mod.ts";
import {
  BENCH_SCRIPT_PATH,
  benchNodesPerSecond,
  checkExecutable,
  ensureFingerprint,
  requireDeclaredFingerprint,
  type ResolvedEngine,
  resolveEngine,
  timeoutsForSpeed,
} from "../engine/mod.ts";
import { EvaluationSession, type EvaluationSettings } from "./evaluation_session.ts";
import { evalLimit, expectedDataset, manifestPath, type Progress, resumableRun } from "../runs/mod.ts";
import { MbiError, removeDeadTemps, repoPath, same, toCsv } from "../core/mod.ts";

/**
 * What to evaluate and how: the engine processes in parallel (>= 1), a subset of the profile's positions (default: all),
 * the output file (default: `results/<profile>/evals.jsonl`, or the shard file), progress after every position (and
 * once at the start), and messages (lock takeovers, repairs, engine restarts, slow searches; default stderr).
 */
export interface EvalAllOptions {
  profile: Profile;
  engine: ResolvedEngine;
  workers: number;
  positions?: number[];
  shard?: Shard;
  out?: string;
  onProgress?: (p: Progress) => void;
  log?: (line: string) => void;
}

/**
 * What a run did: positions planned for the file, evaluated now and found done; whether a torn last line was cut off
 * before resuming; engine restarts after crashes or hangs; wall time in seconds and nodes searched in this run.
 */
export interface EvalAllSummary {
  path: string;
  planned: number;
  evaluated: number;
  resumed: number;
  repairedTornLine: boolean;
  restarts: number;
  wallS: number;
  nodes: number;
  /** Registry id of the engine that ran (null when there was nothing to do). */
  engine: string | null;
}

/**
 * Runs or resumes the evaluation, holding the output file's lock for the whole run (a second writer is refused, naming
 * the holder). A file that exists must be an evaluation file of the same configuration (engine fingerprint, limit,
 * options) whose records agree with its header, else it is left untouched and a `dataset` MbiError explains why;
 * positions stored twice by an earlier double run are repaired first when they agree. With nothing to do no file is
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
    const recorded = before.header.config.engine_fingerprint;
    if (measured !== recorded) {
      const by = `${before.header.engine.uci_name} (fingerprint ${fingerprintValue(recorded)})`;
      const not = `${engine.entry.id} (fingerprint ${fingerprintValue(measured)})`;
      const why = `was computed by ${by}, not by ${not}: use another --profile or --engine`;
      throw new MbiError("engine-fingerprint", `${displayPath(path)} ${why}`);
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
    onProgress: order && opts.onProgress
      ? withParts(
        opts.onProgress,
        order,
        order.joined.positions.filter((sp) => before?.records.some((r) => r.sp === sp)).length,
      )
      : opts.onProgress,
    check: async () => {
      const removed = await repairDuplicates(path);
      if (removed) log(`repaired ${displayPath(path)}: removed ${removed} repeated record(s) identical to the first`);
      existing = await readEvalDataset(path);
      if (existing) checkSameLimit(path, existing.header.config.limit, limit);
    },
    plan: async ({ identity, options }) => {
      const want: EvalConfig = { engine_fingerprint: identity.fingerprint, limit, options };
      const diff = existing && configDifference(existing.header.config, want);
      if (diff) throw otherConfiguration(path, diff);
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
    throw otherConfiguration(path, `search limit ${JSON.stringify(have)} vs ${JSON.stringify(want)}`);
  }
}

function otherConfiguration(path: string, diff: string): MbiError {
  const why = `another configuration (${diff}); not appending. Use another --profile/--out`;
  return new MbiError("dataset", `${displayPath(path)} was computed with ${why}`);
}

/** Options of {@link runEvaluation}; the engine defaults to the profile's (or `$MBI_ENGINE`), the workers to the cores. */
export type EvaluationOptions =
  & Pick<EvalAllOptions, "profile" | "onProgress">
  & Partial<Pick<EvalAllOptions, "engine" | "workers">>;

/** Runs or resumes stage 1 for a profile and writes `evals.csv` when complete. */
export async function runEvaluation(opts: EvaluationOptions): Promise<EvalAllSummary> {
  const summary = await evalAll({
    ...opts,
    engine: opts.engine ?? resolveEngine(opts.profile.engine ?? undefined),
    workers: opts.workers ?? navigator.hardwareConcurrency,
  });
  await writeEvalsCsv(opts.profile, await loadEvaluations(opts.profile));
  return summary;
}

/** Writes the profile's `evals.csv` from its complete dataset (unless it already holds exactly that); true if written. */
export async function writeEvalsCsv(profile: Profile, dataset: EvalDataset): Promise<boolean> {
  return await writeTextIfChanged(join(profileDir(profile), "evals.csv"), evalsCsv(dataset.records));
}

/** The error for a profile without a stage-1 dataset: where it would be and the command that computes it. */
export function noDataset(profile: Profile): MbiError {
  const path = evalFilePath(profileDir(profile));
  return new MbiError("dataset", `no stage-1 dataset at ${path}: run deno task eval-all --profile ${profile.name}`);
}

/** Loads a profile's stage-1 dataset, checked to cover its positions (else naming the command that completes it). */
export async function loadEvaluations(profile: Profile): Promise<EvalDataset> {
  const path = evalFilePath(profileDir(profile));
  const d = await readEvalDataset(path);
  const run = `run deno task eval-all --profile ${profile.name}`;
  if (!d) throw noDataset(profile);
  checkAgainstProfile(d, profile);
  const have = new Set(d.records.map((r) => r.sp));
  const missing = profile.positions.filter((sp) => !have.has(sp));
  if (missing.length) {
    const lacks = `lacks ${missing.length} of the profile's ${profile.positions.length} positions`;
    throw new MbiError("dataset", `${path} ${lacks} (e.g. SP ${missing.slice(0, 3).join(", ")}): ${run} to resume it`);
  }
  return d;
}

/**
 * Checks a dataset's header against its profile, as `eval-all` does before it appends: the search limit, the engine
 * fingerprint and the positions. A file that says another budget is not this profile's dataset, whatever its folder.
 */
export function checkAgainstProfile(d: EvalDataset, profile: Profile): void {
  const want = expectedDataset(profile);
  const fix =
    `it is not profile ${profile.name}'s dataset: move it aside and run deno task eval-all --profile ${profile.name}`;
  const have = d.header.config;
  if (want.limit && !same(have.limit, want.limit)) {
    const limits = `search limit ${JSON.stringify(have.limit)}, not the profile's ${JSON.stringify(want.limit)}`;
    throw new MbiError("dataset", `${d.path} was computed with ${limits}: ${fix}`);
  }
  if (want.fingerprint !== null && have.engine_fingerprint !== want.fingerprint) {
    const fingerprints = `fingerprint ${have.engine_fingerprint}, not ${want.fingerprint}`;
    throw new MbiError("engine-fingerprint", `${d.path} was computed by an engine with ${fingerprints}: ${fix}`);
  }
  const planned = new Set(profile.positions);
  const extra = d.header.positions.filter((sp) => !planned.has(sp));
  if (extra.length) {
    const outside = `plans positions outside profile ${profile.name} (e.g. SP ${extra.slice(0, 3).join(", ")})`;
    throw new MbiError("dataset", `${d.path} ${outside}: ${fix}`);
  }
}

/**
 * Progress of an ordered run with the part under way (store/run_order.ts): the run takes the order first and its
 * joined positions last, so the order's positions done are those done less the joined ones already in the file.
 */
function withParts(f: (p: Progress) => void, order: RunOrder, joinedDone: number): (p: Progress) => void {
  return (p) => {
    const parts = orderParts(order.order.length, Math.max(0, p.done - joinedDone));
    const now = parts.find((x) => x.done < x.positions) ?? parts.at(-1);
    if (!now) return f(p);
    const ran = p.done > p.resumed && p.perHour > 0;
    const etaS = ran ? ((now.positions - now.done) / p.perHour) * 3600 : null;
    f({ ...p, part: { part: now.part, parts: parts.length, done: now.done, positions: now.positions, etaS } });
  };
}

/** The columns of `evals.csv`, in order (the dataset card describes each). */
export const EVALS_CSV_COLUMNS = ["sp", "setup", "fen", "eval_cp", "mate", "depth", "nodes", "bestmove", "pv"] as const;

/** CSV view of evaluation records: {@link EVALS_CSV_COLUMNS} (the PV's moves separated by spaces). */
export function evalsCsv(records: readonly EvaluationRecord[]): string {
  return toCsv(records.map((r) => ({ ...r, pv: r.pv.join(" ") })), [...EVALS_CSV_COLUMNS]);
}
