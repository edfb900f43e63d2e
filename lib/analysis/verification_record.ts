/**
 * The record of `deno task verify-reproduce --record`: which positions of a
 * dataset were recomputed from scratch, when, on which machine and engine
 * build, and whether they matched bit for bit (`verify-reproduce.json` beside
 * the dataset's `evals.jsonl`, shown on the dataset card). One entry per SP
 * and engine build; a later check of the same replaces it.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { displayPath, readJsonIfExists, writeFileAtomic } from "../store/mod.ts";
import { machineInfo, type ReproduceRecord } from "./reproduce.ts";
import { type Verification } from "../evaluation/mod.ts";
import * as v from "valibot";
import { checkRecord, fileKind, int, opaque, schemaVersion, text, texts } from "../core/mod.ts";

/** Schema version of `verify-reproduce.json`. */
export const VERIFY_RECORD_SCHEMA = 1;

/**
 * One recorded check of one position: its SP, when it finished (ISO 8601), the
 * machine, the engine build that recomputed it, whether it was bit for bit
 * identical (value, mate, depth, seldepth, PV, nodes), the fields that
 * differed, and the command.
 */
export const VerifyCheck = v.object({
  sp: int(),
  date: text(),
  machine: opaque<ReproduceRecord["machine"]>(),
  engine: v.object({ id: text(), uci_name: text(), fingerprint: v.nullable(int()), sha256: text() }),
  match: v.boolean("is not true or false"),
  differences: texts("is not a list of fields"),
  command: text(),
});

/** One recorded check of one position. */
export type VerifyCheck = v.InferOutput<typeof VerifyCheck>;

/** `verify-reproduce.json`: kind, schema, the dataset checked (display path of its evals.jsonl), the checks by SP then engine. */
export const VerifyRecord = v.object({
  kind: fileKind("mbi-verify-reproduce"),
  schema: schemaVersion(VERIFY_RECORD_SCHEMA),
  dataset: text(),
  checks: v.array(VerifyCheck, "is not a list of checks"),
});

/** `verify-reproduce.json`. */
export type VerifyRecord = v.InferOutput<typeof VerifyRecord>;

/** Path of the record beside a dataset's `evals.jsonl`. */
export function verifyRecordPath(evalsPath: string): string {
  return join(dirname(evalsPath), "verify-reproduce.json");
}

/** Reads the record beside a dataset, if there is one (a file of another kind is not one; a damaged one is a `dataset` error). */
export async function readVerifyRecord(evalsPath: string): Promise<VerifyRecord | undefined> {
  const path = verifyRecordPath(evalsPath);
  const r = await readJsonIfExists<{ kind?: unknown }>(path);
  return r?.kind === "mbi-verify-reproduce" ? checkRecord(VerifyRecord, r, path, "dataset") : undefined;
}

/** Adds (or replaces) the check of one position by one engine build; returns the file's path. */
export async function recordVerification(evalsPath: string, v: Verification, command: string): Promise<string> {
  const path = verifyRecordPath(evalsPath);
  const old = await readVerifyRecord(evalsPath);
  const check: VerifyCheck = {
    sp: v.recorded.sp,
    date: new Date().toISOString(),
    machine: machineInfo(),
    engine: {
      id: v.engine.id,
      uci_name: v.engine.uci_name,
      fingerprint: v.engine.fingerprint,
      sha256: v.engine.sha256,
    },
    match: v.match,
    differences: v.differences,
    command,
  };
  const checks = [
    ...(old?.checks ?? []).filter((c) => !(c.sp === check.sp && c.engine.sha256 === check.engine.sha256)),
    check,
  ]
    .sort((a, b) => a.sp - b.sp || a.engine.id.localeCompare(b.engine.id));
  const record: VerifyRecord = {
    kind: "mbi-verify-reproduce",
    schema: VERIFY_RECORD_SCHEMA,
    dataset: displayPath(evalsPath),
    checks,
  };
  await writeFileAtomic(path, JSON.stringify(record, null, 1) + "\n");
  return path;
}
