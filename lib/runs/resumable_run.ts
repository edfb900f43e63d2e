/**
 * The one resumable-run mechanism of the long stages (stage 1's evaluations,
 * stage 4's games): take the output file's lock, probe the engine for its
 * identity, let the stage check the file against the configuration and say
 * what is left, resume the append-only JSONL, start W workers, track progress,
 * run the pool, and record every run in a manifest beside the file — start,
 * end, status, what was done and the rate — whether it completes or fails.
 *
 * What differs between the stages (the configuration, how a file of another
 * one is treated, what one task is) is the stage's {@link ResumableRun}.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import * as v from "valibot";
import { checkRecord, count, MbiError, opaque, removeDeadTemps, text } from "../core/mod.ts";
import {
  type EngineIdentity,
  engineIdentity,
  launchEngine,
  requireDeclaredFingerprint,
  type ResolvedEngine,
} from "../engine/mod.ts";
import {
  acquireLock,
  codeVersion,
  displayPath,
  JsonlAppender,
  type JsonlContent,
  makeFolder,
  recordedPath,
  writeFileAtomic,
} from "../store/mod.ts";
import { type Progress, ProgressTracker } from "./progress.ts";
import { runPool } from "./worker_pool.ts";

/** A worker of a run: holds its engine process(es); started before the clock starts, closed at the end. */
export interface RunWorker {
  /** Starts (or restarts) the worker's engines. */
  start(): Promise<unknown>;
  /** Stops them. */
  close(): Promise<void>;
  /** Engine restarts after crashes or hangs so far (when the worker counts them). */
  readonly restarts?: number;
}

/** The engine as the run found it: its identity and the UCI options it accepted. */
export interface EngineProbe {
  /** Identity: name, fingerprint, build hash. */
  identity: EngineIdentity;
  /** The options set on the probe, as the engine took them. */
  options: Record<string, string>;
}

/** What the stage found in the file, given the engine: what it holds, how its header reads, what is left. */
export interface RunPlan<H, R, T> {
  /** The file's content when it exists (already checked against the configuration). */
  existing: JsonlContent<H, R> | undefined;
  /** The header of a new file. */
  header: () => Promise<H>;
  /** True when the file was set aside and starts anew (its manifest's earlier runs went with it). */
  fresh?: boolean;
  /** The tasks left, in order. */
  tasks: readonly T[];
  /** Tasks of the whole file (done and left). */
  planned: number;
  /** The configuration the file's records share (the manifest records it with the profile and the engine). */
  config: unknown;
}

/** How one stage runs: its file, its checks, its workers and its task. */
export interface ResumableRun<H, R, T, W extends RunWorker> {
  /** Name of the worker pool (the test kill switch names it). */
  pool: string;
  /** The profile's name (recorded in the manifest). */
  profile: string;
  /** Label of the progress line. */
  label: string;
  /** The append-only JSONL file. */
  path: string;
  /** The manifest beside the file: its `kind` and schema, what it is the manifest of, and its run counts' keys. */
  manifest: { kind: string; schema: number; of: string; todoKey: string; doneKey: string };
  /** The engine, and the options the probe is started with. */
  engine: ResolvedEngine;
  /** UCI options of the probe. */
  options: Record<string, string | number | boolean>;
  /** Workers asked for (at most one per task is started). */
  workers: number;
  /** Messages (lock takeovers, repairs, restarts). */
  log: (line: string) => void;
  /** Called after every task, and once before the first. */
  onProgress?: (p: Progress) => void;
  /** Checks that need no engine, under the lock (repairs, a file of another limit): runs before the probe. */
  check?: () => Promise<void>;
  /** Other files of the run (beside `path` and its manifest) whose dead runs' temporary files are removed at the start. */
  companions?: string[];
  /** Given the engine's identity: the checked file and what is left (may do preparatory work, e.g. opening sets). */
  plan: (probe: EngineProbe) => Promise<RunPlan<H, R, T>>;
  /** A new worker. */
  worker: () => W;
  /**
   * Does one task on a worker and appends its record(s); returns the engine nodes it took (0 when unknown).
   * `run` names this run as the manifest lists it, for records that say where they were computed.
   */
  run: (worker: W, task: T, append: (record: R) => Promise<void>, run: RunStamp) => Promise<number>;
}

/** Where a record was computed: the run (its start, as the manifest lists it), the engine binary's SHA-256 and the code's commit. */
export interface RunStamp {
  /** Start of the run (ISO time), its key in the manifest's `runs`. */
  run: string;
  /** SHA-256 of the engine's file (of its files' list when it has several, as its identity says). */
  engine_sha256: string;
  /** Git commit of the code (with `+dirty` when tracked files differed from it). */
  commit: string;
}

/** What a run did. */
export interface RunOutcome<W> {
  /** Tasks of the whole file. */
  planned: number;
  /** Tasks done in this run. */
  done: number;
  /** Tasks found already done. */
  resumed: number;
  /** Engine nodes of this run's tasks. */
  nodes: number;
  /** Engine restarts of all workers. */
  restarts: number;
  /** Wall time of the task pool in milliseconds (from the first task to the last). */
  poolMs: number;
  /** The engine's identity. */
  identity: EngineIdentity;
  /** The file's content before this run. */
  existing: boolean;
  /** The workers (closed). */
  workers: readonly W[];
}

/**
 * The manifest beside a run's file: its kind and schema, the file, its
 * profile, engine identity and configuration, the tasks planned, the status of
 * the last run (`running`, `complete`, `failed`) and every run with its facts
 * (start, end, workers, tasks to do and done, restarts, nodes per second).
 */
export const RunManifest = v.object({
  kind: text(),
  schema: count(),
  file: text(),
  profile: text(),
  engine: opaque<EngineIdentity>(),
  config: opaque<Record<string, unknown>>(),
  planned: count(),
  status: text(),
  runs: v.array(opaque<Record<string, unknown>>("is not a run (an object)"), "is not a list of runs"),
});

/** The manifest beside a JSONL file: `evals.jsonl` → `evals.manifest.json`. */
export function manifestPath(path: string): string {
  return join(dirname(path), basename(path).replace(/\.jsonl$/, "") + ".manifest.json");
}

/** Runs or resumes one stage's file by the steps above; the first failure is rethrown after the manifest says so. */
export async function resumableRun<H, R, T, W extends RunWorker>(
  spec: ResumableRun<H, R, T, W>,
): Promise<RunOutcome<W>> {
  const t0 = performance.now();
  const { path, log } = spec;
  await makeFolder(dirname(path));
  const lock = await acquireLock(path, log);
  const workers: W[] = [];
  try {
    // The manifest beside the file is the run's too: a file of that name that is not one is never replaced.
    const mPath = manifestPath(path);
    // what dead runs of this file left beside it (killed between writing and renaming) goes first
    for (const f of [path, mPath, ...(spec.companions ?? [])]) await removeDeadTemps(f);
    const previous = await readManifest(mPath, spec.manifest.kind, spec.manifest.of);
    await spec.check?.();

    const probe = await launchEngine(spec.engine, spec.options);
    let found: EngineProbe;
    try {
      found = { identity: await engineIdentity(spec.engine, probe), options: Object.fromEntries(probe.optionsSet) };
    } finally {
      await probe.quit();
    }
    requireDeclaredFingerprint(spec.engine.entry, found.identity.fingerprint);
    const plan = await spec.plan(found);
    const appender = await JsonlAppender.resume(path, plan.existing, plan.header);

    // Start all engines before the clock of the progress display starts.
    const count = Math.max(1, Math.min(spec.workers, plan.tasks.length));
    while (workers.length < count) workers.push(spec.worker());
    if (plan.tasks.length) await Promise.all(workers.map((w) => w.start()));
    const resumed = plan.planned - plan.tasks.length;
    const tracker = new ProgressTracker(spec.label, plan.planned, resumed);
    spec.onProgress?.(tracker.snapshot());
    const code = await codeVersion();
    const run = {
      started: new Date().toISOString(),
      engine: found.identity.id,
      workers: count,
      [spec.manifest.todoKey]: plan.tasks.length,
      code,
    };
    const stamp: RunStamp = {
      run: run.started,
      engine_sha256: found.identity.sha256,
      commit: code.commit + (code.dirty ? "+dirty" : ""),
    };
    const writeManifest = (status: string, runInfo: Record<string, unknown>) =>
      writeFileAtomic(
        mPath,
        JSON.stringify(
          {
            kind: spec.manifest.kind,
            schema: spec.manifest.schema,
            file: recordedPath(path),
            profile: spec.profile,
            engine: found.identity,
            config: plan.config,
            planned: plan.planned,
            status,
            runs: [...(plan.fresh ? [] : previous?.runs ?? []), runInfo],
          },
          null,
          2,
        ) + "\n",
      );
    // A run with nothing to do leaves the files as they are (no manifest entry: nothing ran).
    if (plan.tasks.length) await writeManifest("running", run);

    let nodes = 0;
    let failure: unknown;
    const poolStart = performance.now();
    try {
      await runPool(spec.pool, plan.tasks, workers, async (worker, task) => {
        const n = await spec.run(worker, task, (r) => appender.append(r), stamp);
        nodes += n;
        tracker.add(n);
        spec.onProgress?.(tracker.snapshot());
      });
    } catch (e) {
      failure = e;
    }
    const poolMs = performance.now() - poolStart;
    await appender.close();
    const restarts = workers.reduce((s, w) => s + (w.restarts ?? 0), 0);
    const wallS = (performance.now() - t0) / 1000;
    const done = tracker.snapshot().done - resumed;
    if (plan.tasks.length) {
      await writeManifest(failure === undefined ? "complete" : "failed", {
        ...run,
        ended: new Date().toISOString(),
        [spec.manifest.doneKey]: done,
        restarts,
        nodes_per_second: wallS > 0 ? Math.round(nodes / wallS) : null,
        ...(failure === undefined ? {} : { error: String((failure as Error).message ?? failure) }),
      });
    }
    if (failure !== undefined) throw failure;
    return {
      planned: plan.planned,
      done,
      resumed,
      nodes,
      restarts,
      poolMs,
      identity: found.identity,
      existing: plan.existing !== undefined,
      workers,
    };
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    await lock.release();
  }
}

/** The manifest of earlier runs, if any; a file of that name of another kind is refused, never replaced. */
async function readManifest(
  path: string,
  kind: string,
  of: string,
): Promise<v.InferOutput<typeof RunManifest> | undefined> {
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
  if (m?.kind !== kind) {
    throw new MbiError(
      "dataset",
      `${displayPath(path)} exists and is not the manifest of ${of} of this workspace; not writing over it`,
    );
  }
  return checkRecord(RunManifest, m, displayPath(path), "dataset");
}
