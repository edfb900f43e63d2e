/**
 * The stage-1 dataset: an append-only JSONL file whose first line is a header
 * with the configuration (engine fingerprint, search limit, UCI options) and
 * whose other lines are evaluation records, one per position, in completion
 * order. Readers sort by SP.
 *
 * @module
 */

import { join } from "node:path";
import * as v from "valibot";
import { type EngineIdentity, SearchLimit } from "../engine/mod.ts";
import { readCheckedJsonl } from "./jsonl.ts";
import { writeFileAtomic } from "./atomic.ts";
import { CodeVersion, InputFile } from "./provenance.ts";
import { EvaluationRecord, EvaluationRecordFields, oneValue, recordImpossibility } from "../method/mod.ts";
import { differingKeys, fileKind, integer, MbiError, opaque, same, schemaVersion, text } from "../core/mod.ts";
import { Shard } from "./shards.ts";

/** Schema version of evaluation files. */
export const EVAL_SCHEMA = 1;

/** What must be equal for two evaluation files to be one dataset: the engine's bench fingerprint (search identity), the search limit per position, the UCI options as sent. */
export const EvalConfig = v.object({
  engine_fingerprint: v.nullable(integer("is not a fingerprint (a whole number or null)")),
  limit: SearchLimit,
  options: v.record(v.string(), v.string("is not a UCI option value (a text)"), "is not a map of UCI options"),
}, "is not a configuration (engine_fingerprint, limit, options)");

/** What must be equal for two evaluation files to be one dataset. */
export type EvalConfig = v.InferOutput<typeof EvalConfig>;

/**
 * First line of an evaluation file: its kind and schema version, profile, the
 * configuration every record was computed with, the identity of the engine
 * that started the file, the shard of the positions it covers (null for all),
 * the SPs it is meant to cover, when it was created, the code and the input
 * files (positions, bench script) with their hashes; a merged file also names
 * the shard files it was merged from.
 */
export const EvalHeader = v.object({
  kind: fileKind("mbi-evaluations"),
  schema: schemaVersion(EVAL_SCHEMA),
  profile: text(),
  config: EvalConfig,
  engine: opaque<EngineIdentity>(),
  shard: v.nullable(Shard),
  positions: v.array(integer("is not an SP number"), "is not a list of positions"),
  created: text(),
  code: CodeVersion,
  inputs: v.array(InputFile, "is not a list of input files"),
  merged_from: v.optional(v.array(InputFile, "is not a list of shard files")),
});

/** First line of an evaluation file. */
export type EvalHeader = v.InferOutput<typeof EvalHeader>;

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

/**
 * What a reader requires of a file: all of the header and records (`all`), or
 * only what the index is derived from (`values`: a stage-1 file made by hand
 * for derive-mbi; the header's kind, schema, config and positions; each
 * record's SP, value, depth, PV and limit, its raw output when there).
 */
export type EvalFields = "all" | "values";

const VALUES_HEADER = v.pick(EvalHeader, ["kind", "schema", "config", "positions"]);
const VALUES_FIELDS = v.object({
  ...v.pick(EvaluationRecordFields, ["sp", "eval_cp", "mate", "depth", "pv", "limit"]).entries,
  raw: v.optional(EvaluationRecordFields.entries.raw),
}, EvaluationRecordFields.message);
// Typed as a full record for the checks below, which read only its SP and limit.
const VALUES_RECORD = v.pipe(
  VALUES_FIELDS,
  oneValue<v.InferOutput<typeof VALUES_FIELDS>>(),
) as unknown as typeof EvaluationRecord;

/**
 * An evaluation record of a file with this header: its SP among the header's
 * positions, its limit the header's, and possible (its back rank and FEN its
 * SP's, its PV and best move legal there: see recordImpossibility).
 */
function recordOf(header: Pick<EvalHeader, "positions" | "config">, fields: EvalFields) {
  const planned = new Set(header.positions);
  const limit = header.config.limit;
  const r = (i: { input: unknown }) => i.input as EvaluationRecord;
  return v.pipe(
    fields === "all" ? EvaluationRecord : VALUES_RECORD,
    v.check((x) => planned.has(x.sp), (i) => `SP ${r(i).sp} is not one of the positions in the file's header`),
    v.check(
      (x) => same(x.limit, limit),
      (i) => `its limit ${JSON.stringify(r(i).limit)} is not the header's ${JSON.stringify(limit)}`,
    ),
    v.check((x) => recordImpossibility(x) === null, (i) => recordImpossibility(r(i))!),
  );
}

/**
 * Reads an evaluation file, checking the header and every record against it
 * (record types, SPs among the header's positions, the header's limit, back
 * rank, FEN, PV and best move possible for the SP); errors
 * name the file and line. Throws a `dataset` MbiError when a position is held
 * twice, unless `duplicates: "report"`, which returns them (see
 * {@link repairDuplicates}); `fields: "values"` requires only what the index
 * is derived from.
 */
export async function readEvalDataset(
  path: string,
  opts: { duplicates?: "throw" | "report"; fields?: EvalFields } = {},
): Promise<(EvalDataset & { duplicates: DuplicateRecord[] }) | undefined> {
  const fields = opts.fields ?? "all";
  // With `values`, the fields not required are not checked (a hand-made file may lack them).
  const content = await readCheckedJsonl(
    path,
    (fields === "all" ? EvalHeader : VALUES_HEADER) as typeof EvalHeader,
    (h) => recordOf(h, fields),
    "an MBI evaluation file",
    "dataset",
  );
  if (!content) return undefined;
  const { header, records } = content;
  const firstLine = new Map<number, { line: number; record: EvaluationRecord }>();
  const duplicates: DuplicateRecord[] = [];
  const unique: EvaluationRecord[] = [];
  records.forEach((r, i) => {
    const line = i + 2;
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
  const intact = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    (await Deno.readFile(path)).subarray(0, d.intactBytes),
  );
  const kept = intact.split("\n").filter((l, i) => l !== "" && !drop.has(i + 1));
  await writeFileAtomic(path, kept.join("\n") + "\n");
  return drop.size;
}

/** A record without the fields that vary from run to run (wall time, where it was computed; nps and time in raw lines). */
export function withoutTiming(
  r: EvaluationRecord,
): Omit<EvaluationRecord, "wall_ms" | "computed"> {
  const { wall_ms: _, computed: _c, ...rest } = r;
  return { ...rest, raw: r.raw.map((l) => l.replace(/ (nps|time) \d+/g, "")) };
}
