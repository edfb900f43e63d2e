/**
 * The record of `deno task verify-reproduce --record` (`verify-reproduce.json` beside the dataset's `evals.jsonl`,
 * shown on the dataset card): which positions were recomputed from scratch, when, on which machine and engine build,
 * and whether they matched bit for bit. One entry per SP and engine build; a later check of the same replaces it.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { readJsonIfExists, recordedPath, writeFileAtomic } from "../store/mod.ts";
import { machineInfo, type ReproduceRecord } from "./reproduce.ts";
import { type Verification } from "../evaluation/mod.ts";
import * as v from "valibot";
import { checkRecord, fileKind, integer, opaque, same, schemaVersion, text, texts } from "../core/mod.ts";

/** Schema version of `verify-reproduce.json`. */
export const VERIFY_RECORD_SCHEMA = 1;

/**
 * One recorded check of one position: when it finished (ISO 8601), the machine, the engine build, whether it was bit
 * for bit identical (value, mate, depth, seldepth, PV, nodes), the fields that differed, and the command.
 */
export const VerifyCheck = v.object({
  sp: integer(),
  date: text(),
  machine: opaque<ReproduceRecord["machine"]>(),
  engine: v.object({ id: text(), uci_name: text(), fingerprint: v.nullable(integer()), sha256: text() }),
  match: v.boolean("is not true or false"),
  differences: texts("is not a list of fields"),
  command: text(),
});

/** One recorded check of one position. */
export type VerifyCheck = v.InferOutput<typeof VerifyCheck>;

/** A seeded draw of the positions to check: when, among which positions, seed, stream, rule, and the SPs drawn. */
export const VerifyDraw = v.object({
  date: text(),
  among: v.array(integer(), "is not a list of positions"),
  seed: integer(),
  stream: integer(),
  rule: text(),
  sps: v.array(integer(), "is not a list of positions"),
});

/** A seeded draw of the positions to check. */
export type VerifyDraw = v.InferOutput<typeof VerifyDraw>;

/** `verify-reproduce.json`: the dataset checked (its evals.jsonl), the checks by SP then engine, the seeded draws. */
export const VerifyRecord = v.object({
  kind: fileKind("mbi-verify-reproduce"),
  schema: schemaVersion(VERIFY_RECORD_SCHEMA),
  dataset: text(),
  checks: v.array(VerifyCheck, "is not a list of checks"),
  draws: v.optional(v.array(VerifyDraw, "is not a list of draws")),
});

/** `verify-reproduce.json`. */
export type VerifyRecord = v.InferOutput<typeof VerifyRecord>;

/** Path of the record beside a dataset's `evals.jsonl`. */
export const verifyRecordPath = (evalsPath: string): string => join(dirname(evalsPath), "verify-reproduce.json");

/** Reads the record beside a dataset (or at `path`), if there is one (a damaged one is a `dataset` error). */
export async function readVerifyRecord(evalsPath: string, path = verifyRecordPath(evalsPath)) {
  const r = await readJsonIfExists<{ kind?: unknown }>(path);
  return r?.kind === "mbi-verify-reproduce" ? checkRecord(VerifyRecord, r, path, "dataset") : undefined;
}

/** Adds (or replaces) the check of one position by one engine build, and its draw (once); returns the file's path. */
export async function recordVerification(
  evalsPath: string,
  v: Verification,
  command: string,
  opts: { path?: string; draw?: VerifyDraw } = {},
): Promise<string> {
  const path = opts.path ?? verifyRecordPath(evalsPath);
  const old = await readVerifyRecord(evalsPath, path);
  const { id, uci_name, fingerprint, sha256 } = v.engine;
  const check: VerifyCheck = {
    sp: v.recorded.sp,
    date: new Date().toISOString(),
    machine: machineInfo(),
    engine: { id, uci_name, fingerprint, sha256 },
    match: v.match,
    differences: v.differences,
    command,
  };
  const others = (old?.checks ?? []).filter((c) => !(c.sp === check.sp && c.engine.sha256 === check.engine.sha256));
  const checks = [...others, check].sort((a, b) => a.sp - b.sp || a.engine.id.localeCompare(b.engine.id));
  const dataset = recordedPath(evalsPath);
  const record: VerifyRecord = { kind: "mbi-verify-reproduce", schema: VERIFY_RECORD_SCHEMA, dataset, checks };
  const draws = [...(old?.draws ?? [])], draw = opts.draw;
  if (draw && !draws.some((d) => same(d.sps, draw.sps) && d.stream === draw.stream)) draws.push(draw);
  if (draws.length) record.draws = draws;
  await writeFileAtomic(path, JSON.stringify(record, null, 1) + "\n");
  return path;
}
