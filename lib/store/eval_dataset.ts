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
import { JsonlError, readJsonl } from "./jsonl.ts";
import { writeFileAtomic } from "./atomic.ts";
import type { CodeVersion, InputFile } from "./provenance.ts";
import type { SearchLimit } from "../engine/limit.ts";
import { type EvaluationRecord } from "../method/evaluation_record.ts";
import { MbiError } from "../core/errors.ts";
import { differingKeys, same } from "../core/compare.ts";

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
  if (!same(a.limit, b.limit)) {
    diffs.push(
      `search limit ${JSON.stringify(a.limit)} vs ${JSON.stringify(b.limit)}`,
    );
  }
  for (const n of differingKeys(a.options, b.options).sort()) {
    diffs.push(`option ${n} ${a.options[n] ?? "unset"} vs ${b.options[n] ?? "unset"}`);
  }
  return diffs.join("; ");
}

/** Two records of one position in a file: whether they agree (timing aside), and their lines. */
export interface DuplicateRecord {
  /** The position. */
  sp: number;
  /** Line of the first record. */
  firstLine: number;
  /** Line of the repeated record. */
  line: number;
  /** True when both hold the same result (wall time and nps aside). */
  agree: boolean;
}

const isInt = (v: unknown) => typeof v === "number" && Number.isInteger(v);

/** Checks a header's shape; returns what is wrong ("" when it is a valid evaluation header). */
function headerProblem(h: Partial<EvalHeader>): string {
  if (h?.kind !== "mbi-evaluations") return `its first line has no kind "mbi-evaluations"`;
  if (!isInt(h.schema)) return "its header has no schema number";
  if (h.schema! > EVAL_SCHEMA) return `it has schema ${h.schema}; this code reads up to ${EVAL_SCHEMA}`;
  const c = h.config;
  const limitOk = c && c.limit &&
    (isInt((c.limit as { nodes?: number }).nodes) || isInt((c.limit as { depth?: number }).depth));
  if (!c || !limitOk || typeof c.options !== "object" || c.options === null) return "its header has no valid config";
  if (!Array.isArray(h.positions) || !h.positions.every(isInt)) return "its header has no list of positions";
  return "";
}

/** Checks one record against the header; returns what is wrong ("" when valid). */
function recordProblem(r: Partial<EvaluationRecord>, header: EvalHeader, planned: Set<number>): string {
  if (r === null || typeof r !== "object" || Array.isArray(r)) return "not a record (an object)";
  if (!isInt(r.sp)) return `sp ${JSON.stringify(r.sp)} is not a whole number`;
  if (!planned.has(r.sp!)) return `SP ${r.sp} is not one of the positions in the file's header`;
  const cp = r.eval_cp, mate = r.mate;
  if (!(cp === null || isInt(cp))) return `eval_cp ${JSON.stringify(cp)} is not a whole number or null`;
  if (!(mate === null || mate === undefined || isInt(mate))) {
    return `mate ${JSON.stringify(mate)} is not a whole number`;
  }
  if ((cp === null) === (mate === null || mate === undefined)) return "exactly one of eval_cp and mate must be set";
  if (!isInt(r.depth) || r.depth! < 0) return `depth ${JSON.stringify(r.depth)} is not a whole number >= 0`;
  if (!Array.isArray(r.pv) || !r.pv.every((m) => typeof m === "string")) return "pv is not a list of moves";
  if (!same(r.limit, header.config.limit)) {
    return `its limit ${JSON.stringify(r.limit)} is not the header's ${JSON.stringify(header.config.limit)}`;
  }
  return "";
}

/**
 * Reads an evaluation file, checking the header and every record against it
 * (record types, SPs among the header's positions, the header's limit); errors
 * name the file and line. Throws a `dataset` MbiError when a position is held
 * twice, unless `duplicates: "report"`, which returns them (see
 * {@link repairDuplicates}).
 */
export async function readEvalDataset(
  path: string,
  opts: { duplicates?: "throw" | "report" } = {},
): Promise<(EvalDataset & { duplicates: DuplicateRecord[] }) | undefined> {
  const content = await readJsonl<EvalHeader, EvaluationRecord>(path).catch((e) => {
    throw e instanceof JsonlError ? new MbiError("dataset", e.message) : e;
  });
  if (!content) return undefined;
  const { header, records } = content;
  const problem = headerProblem(header);
  if (problem) throw new MbiError("dataset", `${path} is not an MBI evaluation file: ${problem}`);
  const planned = new Set(header.positions);
  const firstLine = new Map<number, { line: number; record: EvaluationRecord }>();
  const duplicates: DuplicateRecord[] = [];
  const unique: EvaluationRecord[] = [];
  records.forEach((r, i) => {
    const line = i + 2;
    const why = recordProblem(r, header, planned);
    if (why) throw new MbiError("dataset", `${path} line ${line}: ${why}`);
    const first = firstLine.get(r.sp);
    if (first) {
      const agree = same(withoutTiming(first.record), withoutTiming(r));
      duplicates.push({ sp: r.sp, firstLine: first.line, line, agree });
      return;
    }
    firstLine.set(r.sp, { line, record: r });
    unique.push(r);
  });
  if (duplicates.length && opts.duplicates !== "report") {
    const d = duplicates[0];
    throw new MbiError(
      "dataset",
      `${path} holds SP ${d.sp} twice (lines ${d.firstLine} and ${d.line}${
        duplicates.length > 1 ? `; ${duplicates.length} duplicates in all` : ""
      }): run deno task eval-all with the same arguments to repair it`,
    );
  }
  return {
    path,
    header,
    records: unique.sort((a, b) => a.sp - b.sp),
    missing: header.positions.filter((sp) => !firstLine.has(sp)),
    torn: content.torn,
    intactBytes: content.intactBytes,
    duplicates,
  };
}

/**
 * Repairs a file holding positions twice (two writers at once, before locks):
 * when every repeated record agrees with the first one, the file is rewritten
 * atomically with the first record of each position, in file order; when any
 * disagrees, nothing is written and a `dataset` MbiError names both lines.
 * Returns the number of records removed.
 */
export async function repairDuplicates(path: string): Promise<number> {
  const d = await readEvalDataset(path, { duplicates: "report" });
  if (!d || d.duplicates.length === 0) return 0;
  const bad = d.duplicates.find((x) => !x.agree);
  if (bad) {
    throw new MbiError(
      "dataset",
      `${path} holds two different results for SP ${bad.sp} (lines ${bad.firstLine} and ${bad.line}); not repairing it: keep the right line by hand`,
    );
  }
  const drop = new Set(d.duplicates.map((x) => x.line));
  const intact = new TextDecoder().decode((await Deno.readFile(path)).subarray(0, d.intactBytes));
  const kept = intact.split("\n").filter((l, i) => l !== "" && !drop.has(i + 1));
  await writeFileAtomic(path, kept.join("\n") + "\n");
  return drop.size;
}

/** A record without the fields that vary from run to run (wall time; nps and time in raw lines). */
export function withoutTiming(
  r: EvaluationRecord,
): Omit<EvaluationRecord, "wall_ms"> {
  const { wall_ms: _, ...rest } = r;
  return { ...rest, raw: r.raw.map((l) => l.replace(/ (nps|time) \d+/g, "")) };
}
