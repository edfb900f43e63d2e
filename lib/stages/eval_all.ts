/**
 * Stage 1: evaluate many start positions with W long-lived engine processes,
 * appending one record per position to a resumable JSONL file.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { startPosition } from "../method/chess960.ts";
import { type Shard, shardOf } from "../store/shards.ts";
import { type ResolvedEngine } from "../engine/registry.ts";
import {
  configDifference,
  DatasetError,
  EVAL_SCHEMA,
  type EvalConfig,
  evalFilePath,
  type EvalHeader,
  readEvalDataset,
} from "../store/eval_dataset.ts";
import { EvaluationSession } from "./evaluation_session.ts";
import { engineIdentity } from "../engine/identity.ts";
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
}

/**
 * Runs or resumes the evaluation. A file that exists must hold the same
 * configuration (engine fingerprint, limit, options), else it is left
 * untouched and {@link DatasetError} explains the difference.
 */
export async function evalAll(opts: EvalAllOptions): Promise<EvalAllSummary> {
  const t0 = performance.now();
  const { profile, engine } = opts;
  const chosen = opts.positions ?? profile.positions;
  const planned = shardOf(chosen, opts.shard);
  const path = opts.out ?? evalFilePath(profileDir(profile), opts.shard);
  const limit = evalLimit(profile, engine.entry);
  const settings = {
    limit,
    options: engine.entry.options,
  };

  const sessions = [new EvaluationSession(engine, settings)];
  try {
    const first = await sessions[0].start();
    const identity = await engineIdentity(engine, first);
    const config: EvalConfig = {
      engine_fingerprint: identity.fingerprint,
      limit,
      options: Object.fromEntries(first.optionsSet),
    };
    const existing = await readEvalDataset(path);
    if (existing) {
      const diff = configDifference(existing.header.config, config);
      if (diff) {
        throw new DatasetError(
          `${path} was computed with another configuration (${diff}); not appending. Use another --profile/--out`,
        );
      }
    }
    const done = new Set(existing?.records.map((r) => r.sp) ?? []);
    const todo = planned.filter((sp) => !done.has(sp));
    const resumed = planned.length - todo.length;

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
    while (sessions.length < count) {
      sessions.push(new EvaluationSession(engine, settings));
    }
    if (todo.length) await Promise.all(sessions.map((s) => s.start()));
    const tracker = new ProgressTracker("eval", planned.length, resumed);
    opts.onProgress?.(tracker.snapshot());
    const manifestPath = join(
      dirname(path),
      path.split("/").pop()!.replace(/\.jsonl$/, "") + ".manifest.json",
    );
    const run = {
      started: new Date().toISOString(),
      workers: opts.workers,
      to_evaluate: todo.length,
      code: await codeVersion(),
    };
    const previous = await readManifest(manifestPath);
    const writeManifest = async (
      status: string,
      runInfo: Record<string, unknown>,
    ) => {
      await writeFileAtomic(
        manifestPath,
        JSON.stringify(
          {
            kind: "mbi-evaluations-manifest",
            schema: EVAL_SCHEMA,
            file: displayPath(path),
            profile: profile.name,
            engine: identity,
            config,
            planned: planned.length,
            status,
            runs: [...(previous?.runs ?? []), runInfo],
          },
          null,
          2,
        ) + "\n",
      );
    };
    // A run with nothing to do leaves every file as it is.
    if (todo.length > 0 || !previous) await writeManifest("running", run);

    let next = 0;
    let nodes = 0;
    let failure: unknown;
    const worker = async (session: EvaluationSession) => {
      while (failure === undefined && next < todo.length) {
        const sp = todo[next++];
        try {
          const record = await session.evaluate(startPosition(sp));
          await appender.append(record);
          nodes += record.nodes ?? 0;
          tracker.add(record.nodes ?? 0);
          opts.onProgress?.(tracker.snapshot());
        } catch (e) {
          failure ??= e;
        }
      }
    };
    await Promise.all(sessions.map(worker));
    await appender.close();
    const restarts = sessions.reduce((s, x) => s + x.restarts, 0);
    const wallS = (performance.now() - t0) / 1000;
    if (todo.length > 0 || !previous) {
      await writeManifest(failure === undefined ? "complete" : "failed", {
        ...run,
        ended: new Date().toISOString(),
        evaluated: tracker.snapshot().done - resumed,
        restarts,
        ...(failure === undefined ? {} : { error: String((failure as Error).message ?? failure) }),
      });
    }
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
    };
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
}

async function readManifest(
  path: string,
): Promise<{ runs?: unknown[] } | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch {
    return undefined;
  }
}
