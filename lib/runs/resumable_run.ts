/**
 * The one resumable-run mechanism of the long stages (stage 1's evaluations, stage 4's games): take the output file's
 * lock, probe the engine for its identity, let the stage check the file against the configuration and say what is left,
 * resume the append-only JSONL, start W workers, track progress, run the pool, and record every run in a manifest
 * beside the file — start, end, status, what was done and the rate — whether it completes or fails. What differs
 * between the stages (the configuration, how a file of another one is treated, what one task is) is the stage's {@link
 * ResumableRun}.
 *
 * The worker pool: W workers (each holding its engines) take tasks in order; the first failure stops new tasks and is
 * rethrown once every worker has finished its current task, so what was done stays done. Test-only switch: with
 * `MBI_TEST_KILL_AFTER=<pool>:N` the process kills itself (SIGKILL) right after the N-th task of the pool of that name
 * (`evaluations`, `opening sets`, `games`), so interruption tests are deterministic instead of racing a polling loop.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import * as v from "valibot";
import { checkRecord, count, MbiError, opaque, parseJsonText, removeDeadTemps, text } from "../core/mod.ts";
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
  readTextIfExists,
  recordedPath,
  restoreRemedy,
  writeFileAtomic,
} from "../store/mod.ts";
import { type Progress, ProgressTracker } from "./progress.ts";

/** Environment variable of the test-only kill switch. */
export const TEST_KILL_ENV = "MBI_TEST_KILL_AFTER";

/** Runs `tasks` on `workers` with `run(worker, task)`; returns the number of tasks completed. */
export async function runPool<T, W>(
  name: string,
  tasks: readonly T[],
  workers: readonly W[],
  run: (worker: W, task: T) => Promise<void>,
): Promise<number> {
  const [pool, count] = (Deno.env.get(TEST_KILL_ENV) ?? "").split(":");
  const killAfter = pool === name ? Number(count) : NaN;
  let next = 0;
  let completed = 0;
  let failure: { error: unknown } | undefined;
  const loop = async (worker: W) => {
    while (!failure && next < tasks.length) {
      const task = tasks[next++];
      try {
        await run(worker, task);
        completed++;
        if (completed === killAfter) Deno.kill(Deno.pid, "SIGKILL");
      } catch (e) {
        failure ??= { error: e };
      }
    }
  };
  await Promise.all(workers.map(loop));
  if (failure) throw failure.error;
  return completed;
}

/** A worker of a run: holds its engine process(es), started before the clock starts and closed at the end; it may count its engine restarts. */
export interface RunWorker {
  start(): Promise<unknown>;
  close(): Promise<void>;
  readonly restarts?: number;
}

/** The engine as the run found it: its identity, and the UCI options set on the probe as the engine took them. */
export interface EngineProbe {
  identity: EngineIdentity;
  options: Record<string, string>;
}

/**
 * What the stage found in the file, given the engine: its content when it exists (already checked against the
 * configuration), the header of a new file, the tasks left in order and of the whole file (done and left), and the
 * configuration the file's records share (the manifest records it with the profile and the engine).
 */
export interface RunPlan<H, R, T> {
  existing: JsonlContent<H, R> | undefined;
  header: () => Promise<H>;
  /** True when the file was set aside and starts anew (its manifest's earlier runs went with it). */
  fresh?: boolean;
  tasks: readonly T[];
  planned: number;
  config: unknown;
}

/**
 * How one stage runs: the name of its worker pool (the test kill switch names it), the profile's name, the label of the
 * progress line, the append-only JSONL file, the engine and the UCI options of the probe, the workers asked for (at
 * most one per task is started), and its messages (lock takeovers, repairs, restarts).
 */
export interface ResumableRun<H, R, T, W extends RunWorker> {
  pool: string;
  profile: string;
  label: string;
  path: string;
  /** The manifest beside the file: its `kind` and schema, what it is the manifest of, and its run counts' keys. */
  manifest: { kind: string; schema: number; of: string; todoKey: string; doneKey: string };
  engine: ResolvedEngine;
  options: Record<string, string | number | boolean>;
  workers: number;
  log: (line: string) => void;
  /** Called after every task, and once before the first. */
  onProgress?: (p: Progress) => void;
  /** Checks that need no engine, under the lock (repairs, a file of another limit): runs before the probe. */
  check?: () => Promise<void>;
  /** Other files of the run (beside `path` and its manifest) whose dead runs' temporary files are removed at the start. */
  companions?: string[];
  /** Given the engine's identity: the checked file and what is left (may do preparatory work, e.g. opening sets). */
  plan: (probe: EngineProbe) => Promise<RunPlan<H, R, T>>;
  worker: () => W;
  /**
   * Does one task on a worker and appends its record(s); returns the engine nodes it took (0 when unknown). `run` names
   * this run as the manifest lists it, for records that say where they were computed.
   */
  run: (worker: W, task: T, append: (record: R) => Promise<void>, run: RunStamp) => Promise<number>;
}

/**
 * Where a record was computed: the run (its start, ISO time, its key in the manifest's `runs`), the SHA-256 of the
 * engine's file (of its files' list when it has several, as its identity says) and the code's git commit (with `+dirty`
 * when tracked files differed from it).
 */
export interface RunStamp {
  run: string;
  engine_sha256: string;
  commit: string;
}

/**
 * What a run did (`resumed`: tasks found already done; `poolMs`: wall time of the task pool, first task to last;
 * `existing`: whether the file existed before this run; the workers closed).
 */
export interface RunOutcome<W> {
  planned: number;
  done: number;
  resumed: number;
  nodes: number;
  restarts: number;
  poolMs: number;
  identity: EngineIdentity;
  existing: boolean;
  workers: readonly W[];
}

/**
 * The manifest beside a run's file: the status of its last run (`running`, `complete`, `failed`) and every run with its
 * facts (start, end, workers, tasks to do and done, restarts, nodes per second).
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
    const writeManifest = (status: string, runInfo: Record<string, unknown>) => {
      const manifest = {
        kind: spec.manifest.kind,
        schema: spec.manifest.schema,
        file: recordedPath(path),
        profile: spec.profile,
        engine: found.identity,
        config: plan.config,
        planned: plan.planned,
        status,
        runs: [...(plan.fresh ? [] : previous?.runs ?? []), runInfo],
      };
      return writeFileAtomic(mPath, JSON.stringify(manifest, null, 2) + "\n");
    };
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
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  let m;
  try {
    m = JSON.parse(text);
  } catch {
    // not JSON: reported below
  }
  if (m?.kind !== kind) {
    const not = `is not the manifest of ${of} of this workspace`;
    throw new MbiError("dataset", `${displayPath(path)} exists and ${not}; not writing over it`);
  }
  return checkRecord(RunManifest, m, displayPath(path), "dataset");
}

/** How long after the file was begun its first recorded run may start and still be the run that began it. */
const BEGUN_WITHIN_MS = 60_000;

/**
 * A manifest's account of its file's runs: runs recorded, of those the runs that recorded their end (the others were
 * stopped, or are running), when the first recorded run started (ISO 8601), when the file was begun (its header's
 * `created`) if it says, and whether the first recorded run is the one that began the file.
 */
export interface ManifestRuns {
  runs: number;
  ended: number;
  firstStarted: string | null;
  fileCreated: string | null;
  fromTheStart: boolean;
}

/** Reads the manifest beside a JSONL file and the file's header; undefined when there is no manifest. */
export async function manifestRuns(jsonlPath: string): Promise<ManifestRuns | undefined> {
  const path = manifestPath(jsonlPath);
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  const where = displayPath(path);
  const raw = parseJsonText(text, where, "dataset", restoreRemedy(path));
  const m = checkRecord(RunManifest, raw, where, "dataset");
  const started = m.runs.map((r) => r.started).filter((s): s is string => typeof s === "string").sort();
  const fileCreated = await headerCreated(jsonlPath);
  const firstStarted = started[0] ?? null;
  const fromTheStart = firstStarted !== null && fileCreated !== null &&
    Date.parse(firstStarted) - Date.parse(fileCreated) <= BEGUN_WITHIN_MS;
  return {
    runs: m.runs.length,
    ended: m.runs.filter((r) => typeof r.ended === "string").length,
    firstStarted,
    fileCreated,
    fromTheStart,
  };
}

/** The `created` time of a JSONL file's header line (null when it has none or the file is missing). */
async function headerCreated(jsonlPath: string): Promise<string | null> {
  const file = await Deno.open(jsonlPath).catch(() => undefined);
  if (!file) return null;
  try {
    // only the first line: a games file is tens of MB
    const dec = new TextDecoder();
    const buf = new Uint8Array(65_536);
    let line = "";
    for (let n = await file.read(buf); n !== null; n = await file.read(buf)) {
      line += dec.decode(buf.subarray(0, n), { stream: true });
      if (line.includes("\n")) break;
    }
    line = line.split("\n", 1)[0];
    const created = (JSON.parse(line) as { created?: unknown }).created;
    return typeof created === "string" ? created : null;
  } catch {
    return null;
  } finally {
    file.close();
  }
}

/** `2026-12-01T15:30:21.655Z` → `2026-12-01 15:30 UTC`. */
function minuteUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * The card's words for a manifest: "start and end of every run: 6 runs; 1 ended, the others were stopped or still
 * running", or "… of the runs from 2026-12-01 15:30 UTC on: 1 run; the file was begun 2026-12-01 09:20 UTC and its
 * earlier runs are not recorded" (or "… of the runs it records" when the file or its runs do not say when they began);
 * `of` follows "runs" (" of those games"). For a file still being written (`growing`) the words hold no count ("… so
 * far, a run added at every resume"), so that they stay true as runs are added.
 */
export function manifestRunsText(m: ManifestRuns, of = "", growing = false): string {
  const runs = `${m.runs} run${m.runs === 1 ? "" : "s"}`;
  const stopped = m.runs - m.ended;
  const ended = stopped === 0
    ? ""
    : m.ended === 0
    ? `, ${m.runs === 1 ? "stopped or still running" : "each stopped or still running"}`
    : `; ${m.ended} ended, the other${stopped === 1 ? " was" : "s were"} stopped or still running`;
  const tally = growing ? " so far, a run added at every resume" : `: ${runs}${ended}`;
  if (m.fromTheStart) return `start and end of every run${of}${tally}`;
  if (m.firstStarted === null || m.fileCreated === null) return `start and end of the runs${of} it records${tally}`;
  const [from, begun] = [minuteUtc(m.firstStarted), minuteUtc(m.fileCreated)];
  return `start and end of the runs${of} from ${from} on${tally}; the file was begun ${begun} and its earlier runs are not recorded`;
}
