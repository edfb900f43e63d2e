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
import { readJsonIfExists, writeFileAtomic } from "../store/atomic.ts";
import { displayPath } from "../store/provenance.ts";
import { machineInfo, type ReproduceRecord } from "./reproduce.ts";
import type { Verification } from "./verification.ts";

/** Schema version of `verify-reproduce.json`. */
export const VERIFY_RECORD_SCHEMA = 1;

/** One recorded check of one position. */
export interface VerifyCheck {
  /** Start position. */
  sp: number;
  /** When it finished (ISO 8601). */
  date: string;
  /** The machine. */
  machine: ReproduceRecord["machine"];
  /** The engine build that recomputed it. */
  engine: { id: string; uci_name: string; fingerprint: number | null; sha256: string };
  /** Bit for bit identical (value, mate, depth, seldepth, PV, nodes). */
  match: boolean;
  /** Fields that differed. */
  differences: string[];
  /** The command. */
  command: string;
}

/** `verify-reproduce.json`. */
export interface VerifyRecord {
  /** File kind. */
  kind: "mbi-verify-reproduce";
  /** Schema version. */
  schema: number;
  /** The dataset checked (display path of its evals.jsonl). */
  dataset: string;
  /** The checks, by SP then engine. */
  checks: VerifyCheck[];
}

/** Path of the record beside a dataset's `evals.jsonl`. */
export function verifyRecordPath(evalsPath: string): string {
  return join(dirname(evalsPath), "verify-reproduce.json");
}

/** Reads the record beside a dataset, if there is one. */
export async function readVerifyRecord(evalsPath: string): Promise<VerifyRecord | undefined> {
  const r = await readJsonIfExists<VerifyRecord>(verifyRecordPath(evalsPath));
  return r?.kind === "mbi-verify-reproduce" ? r : undefined;
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
