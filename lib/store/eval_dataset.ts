/**
 * The stage-1 dataset: an append-only JSONL file whose first line is a header
 * with the configuration (engine fingerprint, search limit, UCI options) and
 * whose other lines are evaluation records, one per position, in completion
 * order. Readers sort by SP.
 *
 * @module
 */

import { join } from "node:path";
import type { EngineIdentity } from "../engine/identity.ts";
import { readJsonl } from "./jsonl.ts";
import type { CodeVersion, InputFile } from "./provenance.ts";
import type { SearchLimit } from "../engine/limit.ts";
import { type EvaluationRecord } from "../method/evaluation_record.ts";
import { MbiError } from "../core/errors.ts";

/** Schema version of evaluation files. */
export const EVAL_SCHEMA = 1;

/** What must be equal for two evaluation files to be one dataset. */
export interface EvalConfig {
  /** Bench fingerprint of the engine (search identity). */
  engine_fingerprint: number | null;
  /** The search limit per position. */
  limit: SearchLimit;
  /** UCI options as sent to the engine. */
  options: Record<string, string>;
}

/** First line of an evaluation file. */
export interface EvalHeader {
  /** File kind marker. */
  kind: "mbi-evaluations";
  /** Schema version. */
  schema: number;
  /** Profile the file belongs to. */
  profile: string;
  /** The configuration every record was computed with. */
  config: EvalConfig;
  /** Identity of the engine that started the file. */
  engine: EngineIdentity;
  /** Shard of the positions this file covers, or null for all. */
  shard: { index: number; count: number } | null;
  /** SP numbers this file is meant to cover. */
  positions: number[];
  /** When the file was created (ISO 8601). */
  created: string;
  /** Code that created the file. */
  code: CodeVersion;
  /** Input files (positions, bench script) with their hashes. */
  inputs: InputFile[];
}

/** An evaluation file read back. */
export interface EvalDataset {
  /** Path of the file. */
  path: string;
  /** Its header. */
  header: EvalHeader;
  /** Records sorted by SP. */
  records: EvaluationRecord[];
  /** Planned positions without a record. */
  missing: number[];
  /** True when the file ended in a torn line (a killed writer); the torn line is ignored. */
  torn: boolean;
  /** Byte length of the intact part. */
  intactBytes: number;
}

/** Raised for an evaluation file that cannot be used as asked. */
export class DatasetError extends MbiError {
  /** Creates the error with a one-line message. */
  constructor(message: string) {
    super("dataset", message);
    this.name = "DatasetError";
  }
}

/** Default file of a profile folder: `evals.jsonl`, or `shards/evals.shard-i-of-n.jsonl`. */
export function evalFilePath(
  dir: string,
  shard?: { index: number; count: number } | null,
): string {
  return shard ? join(dir, "shards", `evals.shard-${shard.index}-of-${shard.count}.jsonl`) : join(dir, "evals.jsonl");
}

/** Describes how two configurations differ ("" when equal). */
export function configDifference(a: EvalConfig, b: EvalConfig): string {
  const diffs: string[] = [];
  if (a.engine_fingerprint !== b.engine_fingerprint) {
    diffs.push(
      `engine fingerprint ${a.engine_fingerprint} vs ${b.engine_fingerprint}`,
    );
  }
  if (JSON.stringify(a.limit) !== JSON.stringify(b.limit)) {
    diffs.push(
      `search limit ${JSON.stringify(a.limit)} vs ${JSON.stringify(b.limit)}`,
    );
  }
  const names = new Set([...Object.keys(a.options), ...Object.keys(b.options)]);
  for (const n of [...names].sort()) {
    if (a.options[n] !== b.options[n]) {
      diffs.push(
        `option ${n} ${a.options[n] ?? "unset"} vs ${b.options[n] ?? "unset"}`,
      );
    }
  }
  return diffs.join("; ");
}

/**
 * Reads an evaluation file. Throws {@link DatasetError} when it is not one,
 * has a newer schema, or holds a position twice.
 */
export async function readEvalDataset(
  path: string,
): Promise<EvalDataset | undefined> {
  const content = await readJsonl<EvalHeader, EvaluationRecord>(path);
  if (!content) return undefined;
  const { header, records } = content;
  if (header?.kind !== "mbi-evaluations") {
    throw new DatasetError(
      `${path} is not an MBI evaluation file (its first line has no kind "mbi-evaluations")`,
    );
  }
  if (header.schema > EVAL_SCHEMA) {
    throw new DatasetError(
      `${path} has schema ${header.schema}; this code reads up to ${EVAL_SCHEMA}`,
    );
  }
  const seen = new Set<number>();
  for (const r of records) {
    if (seen.has(r.sp)) {
      throw new DatasetError(`${path} holds SP ${r.sp} twice`);
    }
    seen.add(r.sp);
  }
  const sorted = [...records].sort((a, b) => a.sp - b.sp);
  return {
    path,
    header,
    records: sorted,
    missing: header.positions.filter((sp) => !seen.has(sp)),
    torn: content.torn,
    intactBytes: content.intactBytes,
  };
}

/** A record without the fields that vary from run to run (wall time; nps and time in raw lines). */
export function withoutTiming(
  r: EvaluationRecord,
): Omit<EvaluationRecord, "wall_ms"> {
  const { wall_ms: _, ...rest } = r;
  return { ...rest, raw: r.raw.map((l) => l.replace(/ (nps|time) \d+/g, "")) };
}
