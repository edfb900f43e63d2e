/**
 * Joining positions computed elsewhere into a long run's file (the method's 60 self-play positions at 400,000,000
 * nodes into the method's index): two of them, drawn by seed, are searched again with the build that runs the rest
 * and must match bit for bit (the check in `join-check.json`); then every joined record is appended, each saying
 * where it was computed (its file, the run of that file's manifest that appended it, the engine binary, the commit).
 *
 * @module
 */

import { join } from "node:path";
import {
  acquireLock,
  configDifference,
  displayPath,
  type EvalDataset,
  JsonlAppender,
  readEvalDataset,
  recordedInputPath,
  restoreRemedy,
  type RunOrder,
} from "../store/mod.ts";
import { type EvaluationRecord, JOIN_STREAM, orderRule, seededDraw } from "../method/mod.ts";
import { manifestPath, RunManifest } from "../runs/mod.ts";
import { checkRecord, MbiError, parseJsonText, sha256File } from "../core/mod.ts";
import type { VerifyDraw, VerifyRecord } from "./verification_record.ts";

/** How many joined positions are searched again before they join. */
export const JOIN_CHECKS = 2;

/** File name of the join's check beside the run's file. */
export const JOIN_CHECK_FILE = "join-check.json";

/** Path of the join's check in a dataset folder. */
export const joinCheckPath = (dir: string): string => join(dir, JOIN_CHECK_FILE);

/** The seeded draw of the joined positions to search again (pure). */
export function joinDraw(order: RunOrder, date: string): VerifyDraw {
  const among = order.joined.positions, seed = order.seed;
  const sps = seededDraw(among, JOIN_CHECKS, seed, JOIN_STREAM);
  return { date, among, seed, stream: JOIN_STREAM, rule: orderRule(JOIN_STREAM), sps };
}

/**
 * Whether the drawn positions all matched with the run's engine build (its SHA-256): `ready` when every one has a
 * matching check by that build; `failed` names a position that did not match; `todo` lists those unchecked.
 */
export function joinState(draw: readonly number[], record: VerifyRecord | undefined, runSha256: string) {
  const byBuild = (record?.checks ?? []).filter((c) => c.engine.sha256 === runSha256);
  const failed = byBuild.find((c) => draw.includes(c.sp) && !c.match)?.sp ?? null;
  const todo = draw.filter((sp) => !byBuild.some((c) => c.sp === sp));
  return { ready: failed === null && todo.length === 0, failed, todo };
}

/**
 * The joined file's records in the order written, each with where it was computed: the run of the file's manifest
 * that appended it (a run appended as many as the next run found fewer left to do), the engine binary its header
 * and manifest name (refused when they name two), the run's commit. Refuses a file no longer the order's SHA-256.
 */
export async function joinedRecords(order: RunOrder): Promise<{ dataset: EvalDataset; records: EvaluationRecord[] }> {
  const path = recordedInputPath(order.joined.file);
  const sha = await sha256File(path);
  if (sha !== order.joined.sha256) {
    throw new MbiError("dataset", `${order.joined.file} has changed since the order was written (SHA-256 ${sha})`);
  }
  const dataset = (await readEvalDataset(path))!;
  const mPath = manifestPath(path);
  const where = displayPath(mPath);
  const json = parseJsonText(
    await Deno.readTextFile(mPath),
    where,
    "dataset",
    restoreRemedy(mPath),
  );
  const manifest = checkRecord(RunManifest, json, where, "dataset");
  const binary = dataset.header.engine.sha256;
  if (manifest.engine.sha256 !== binary) {
    throw new MbiError("dataset", `${order.joined.file}: its header and manifest name two engine binaries`);
  }
  const todo = manifest.runs.map((r) => Number(r.to_evaluate));
  const last = manifest.runs.at(-1)!;
  const done = todo.map((n, k) => k + 1 < todo.length ? n - todo[k + 1] : Number(last.evaluated ?? n));
  const inFileOrder = (await Deno.readTextFile(path)).split("\n").slice(1).filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { sp: number }).sp);
  if (done.reduce((a, b) => a + b, 0) !== inFileOrder.length || done.some((n) => n < 0)) {
    throw new MbiError("dataset", `${where}: its runs do not account for the file's ${inFileOrder.length} records`);
  }
  const runOf: number[] = done.flatMap((n, k) => Array(n).fill(k));
  const bySp = new Map(dataset.records.map((r) => [r.sp, r]));
  const records = inFileOrder.map((sp, i) => {
    const run = manifest.runs[runOf[i]] as { started: string; code: { commit: string; dirty: boolean } };
    return {
      ...bySp.get(sp)!,
      computed: {
        file: order.joined.file,
        run: run.started,
        engine_sha256: binary,
        commit: run.code.commit + (run.code.dirty ? "+dirty" : ""),
      },
    };
  });
  return { dataset, records };
}

/**
 * Appends the joined records the run's file lacks, under the file's lock (held by a running `eval-all`: a `locked`
 * error); refuses a file of another configuration. Returns how many were appended.
 */
export async function appendJoined(
  path: string,
  joined: { dataset: EvalDataset; records: EvaluationRecord[] },
  log: (line: string) => void = console.error,
): Promise<number> {
  const lock = await acquireLock(path, log);
  try {
    const existing = await readEvalDataset(path);
    if (!existing) throw new MbiError("dataset", `no run file at ${displayPath(path)}: start deno task eval-all first`);
    const diff = configDifference(existing.header.config, joined.dataset.header.config);
    if (diff) throw new MbiError("dataset", `${displayPath(path)} and the joined file differ (${diff}); not joining`);
    const have = new Set(existing.records.map((r) => r.sp));
    const missing = joined.records.filter((r) => !have.has(r.sp));
    const appender = await JsonlAppender.open(path, existing.torn ? existing.intactBytes : undefined);
    try {
      for (const r of missing) await appender.append(r);
    } finally {
      await appender.close();
    }
    return missing.length;
  } finally {
    await lock.release();
  }
}
