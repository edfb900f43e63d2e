/**
 * Stage 1: evaluate many start positions with W long-lived engine processes,
 * appending one record per position to a resumable JSONL file.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { startPosition } from "../method/chess960.ts";
import { type Shard, shardOf } from "../store/shards.ts";
import { type ResolvedEngine } from "../engine/registry.ts";
import {
  configDifference,
  EVAL_SCHEMA,
  EvalConfig,
  evalFilePath,
  type EvalHeader,
  readEvalDataset,
  repairDuplicates,
} from "../store/eval_dataset.ts";
import { acquireLock } from "../store/lock.ts";
import { runPool } from "./worker_pool.ts";
import { launchEngine } from "../engine/launch.ts";
import { checkExecutable, timeoutsForSpeed } from "../engine/uci.ts";
import { EvaluationSession } from "./evaluation_session.ts";
import { benchNodesPerSecond, engineIdentity } from "../engine/identity.ts";
import { JsonlAppender } from "../store/jsonl.ts";
import { writeFileAtomic } from "../store/atomic.ts";
import { type Profile } from "../method/profiles.ts";
import { codeVersion, displayPath, inputFiles } from "../store/provenance.ts";
import { type Progress, ProgressTracker } from "./progress.ts";
import { repoPath } from "../core/paths.ts";
import { POSITIONS_CSV_PATH } from "../method/positions_csv.ts";
import { BENCH_SCRIPT_PATH } from "../engine/identity.ts";
import { evalLimit } from "./run_config.ts";
import { profileDir } from "../store/results_key.ts";
import { MbiError } from "../core/errors.ts";
import { same } from "../core/compare.ts";
import * as v from "valibot";
import { checkRecord, count, fileKind, opaque, schemaVersion, text } from "../core/records.ts";
import type { EngineIdentity } from "../engine/identity.ts";

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
  const chosen = opts.positions ?? profile.positions;
  const planned = shardOf(chosen, opts.shard);
  const path = opts.out ?? evalFilePath(profileDir(profile), opts.shard);
  const limit = evalLimit(profile, engine.entry);

  // Nothing to do needs neither the lock nor a running engine: a finished dataset may be read-only.
  await checkExecutable(engine.command);
  const before = await readEvalDataset(path, { duplicates: "report" });
  if (before && before.duplicates.length === 0 && planned.every((sp) => before.records.some((r) => r.sp === sp))) {
    checkSameLimit(path, before.header.config.limit, limit);
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

  await Deno.mkdir(dirname(path), { recursive: true });
  const lock = await acquireLock(path, log);
  const sessions: EvaluationSession[] = [];
  try {
    // The manifest beside the file is this run's too: a file of that name that is not one is never replaced.
    const manifestPath = join(dirname(path), basename(path).replace(/\.jsonl$/, "") + ".manifest.json");
    const previous = await readManifest(manifestPath);
    const removed = await repairDuplicates(path);
    if (removed) log(`repaired ${displayPath(path)}: removed ${removed} repeated record(s) identical to the first`);
    const existing = await readEvalDataset(path);
    if (existing) checkSameLimit(path, existing.header.config.limit, limit);

    const probe = await launchEngine(engine, engine.entry.options);
    let identity, options;
    try {
      identity = await engineIdentity(engine, probe);
      options = Object.fromEntries(probe.optionsSet);
    } finally {
      await probe.quit();
    }
    const config: EvalConfig = { engine_fingerprint: identity.fingerprint, limit, options };
    if (existing) {
      const diff = configDifference(existing.header.config, config);
      if (diff) {
        throw new MbiError(
          "dataset",
          `${
            displayPath(path)
          } was computed with another configuration (${diff}); not appending. Use another --profile/--out`,
        );
      }
    }
    const done = new Set(existing?.records.map((r) => r.sp) ?? []);
    const todo = planned.filter((sp) => !done.has(sp));
    const resumed = planned.length - todo.length;
    const nps = await benchNodesPerSecond(identity);
    const settings = {
      limit,
      options: engine.entry.options,
      timeouts: timeoutsForSpeed(nps),
      onEvent: log,
    };

    const appender = await JsonlAppender.resume(
      path,
      existing,
      async (): Promise<EvalHeader> => ({
        kind: "mbi-evaluations",
        schema: EVAL_SCHEMA,
        profile: profile.name,
        config,
        engine: identity,
        shard: opts.shard ?? null,
        positions: planned,
        created: new Date().toISOString(),
        code: await codeVersion(),
        inputs: await inputFiles([
          repoPath(POSITIONS_CSV_PATH),
          repoPath(BENCH_SCRIPT_PATH),
        ]),
      }),
    );

    // Start all engines before the clock of the progress display starts.
    const count = Math.max(1, Math.min(opts.workers, todo.length));
    while (sessions.length < count) sessions.push(new EvaluationSession(engine, settings));
    if (todo.length) await Promise.all(sessions.map((s) => s.start()));
    const tracker = new ProgressTracker("eval", planned.length, resumed);
    opts.onProgress?.(tracker.snapshot());
    const run = {
      started: new Date().toISOString(),
      engine: identity.id,
      workers: count,
      to_evaluate: todo.length,
      code: await codeVersion(),
    };
    const writeManifest = async (status: string, runInfo: Record<string, unknown>) => {
      await writeFileAtomic(
        manifestPath,
        JSON.stringify(
          {
            kind: "mbi-evaluations-manifest" as const,
            schema: EVAL_SCHEMA,
            file: displayPath(path),
            profile: profile.name,
            engine: identity,
            config,
            planned: planned.length,
            status,
            runs: [...(previous?.runs ?? []), runInfo],
          } satisfies v.InferOutput<typeof EvalManifest>,
          null,
          2,
        ) + "\n",
      );
    };
    await writeManifest("running", run);

    let nodes = 0;
    let failure: unknown;
    try {
      await runPool("evaluations", todo, sessions, async (session, sp) => {
        const record = await session.evaluate(startPosition(sp));
        await appender.append(record);
        nodes += record.nodes ?? 0;
        tracker.add(record.nodes ?? 0);
        opts.onProgress?.(tracker.snapshot());
      });
    } catch (e) {
      failure = e;
    }
    await appender.close();
    const restarts = sessions.reduce((s, x) => s + x.restarts, 0);
    const wallS = (performance.now() - t0) / 1000;
    await writeManifest(failure === undefined ? "complete" : "failed", {
      ...run,
      ended: new Date().toISOString(),
      evaluated: tracker.snapshot().done - resumed,
      restarts,
      nodes_per_second: wallS > 0 ? Math.round(nodes / wallS) : null,
      ...(failure === undefined ? {} : { error: String((failure as Error).message ?? failure) }),
    });
    if (failure !== undefined) throw failure;
    return {
      path,
      planned: planned.length,
      evaluated: todo.length,
      resumed,
      repairedTornLine: existing?.torn ?? false,
      restarts,
      wallS,
      nodes,
      engine: identity.id,
    };
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
    await lock.release();
  }
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

/**
 * `evals.manifest.json` beside an evaluation file: kind, schema, the file, its
 * profile, engine identity and configuration, positions planned, the status of
 * the last run (`running`, `complete`, …) and every run with its facts.
 */
export const EvalManifest = v.object({
  kind: fileKind("mbi-evaluations-manifest"),
  schema: schemaVersion(EVAL_SCHEMA),
  file: text(),
  profile: text(),
  engine: opaque<EngineIdentity>(),
  config: EvalConfig,
  planned: count(),
  status: text(),
  runs: v.array(opaque<Record<string, unknown>>("is not a run (an object)"), "is not a list of runs"),
});

async function readManifest(path: string): Promise<v.InferOutput<typeof EvalManifest> | undefined> {
  let text;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
  let m;
  try {
    m = JSON.parse(text);
  } catch {
    // not JSON: reported below
  }
  if (m?.kind !== "mbi-evaluations-manifest") {
    throw new MbiError(
      "dataset",
      `${
        displayPath(path)
      } exists and is not the manifest of an evaluation file of this workspace; not writing over it`,
    );
  }
  return checkRecord(EvalManifest, m, displayPath(path), "dataset");
}
