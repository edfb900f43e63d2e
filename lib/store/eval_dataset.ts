/**
 * The stage-1 dataset: an append-only JSONL file, a header with the configuration (engine fingerprint, search limit,
 * UCI options), then evaluation records, one per position, in completion order (readers sort by SP); and the merge of
 * shard files (from `eval-all --shard i/n` on several machines) into one dataset.
 *
 * @module
 */

import * as v from "valibot";
import { type EngineIdentity, SearchLimit } from "../engine/mod.ts";
import { dropRepeats, readCheckedJsonl } from "./jsonl.ts";
import { CodeVersion, displayPath, InputFile } from "./provenance.ts";
import { EvaluationRecord, EvaluationRecordFields, oneValue, recordImpossibility } from "../method/mod.ts";
import { differingKeys, fileKind, integer, MbiError, opaque, same, schemaVersion, text } from "../core/mod.ts";
import { type MergeResult, mergeShardFiles, Shard, stageFile } from "./shards.ts";
import { withLock } from "./lock.ts";

/** Schema version of evaluation files. */
export const EVAL_SCHEMA = 1;

const EVAL_FILE = "an MBI evaluation file";

/** What must be equal for two evaluation files to be one dataset: the engine's bench fingerprint (search identity), the search limit per position, the UCI options as sent. */
export const EvalConfig = v.object({
  engine_fingerprint: v.nullable(integer("is not a fingerprint (a whole number or null)")),
  limit: SearchLimit,
  options: v.record(v.string(), v.string("is not a UCI option value (a text)"), "is not a map of UCI options"),
}, "is not a configuration (engine_fingerprint, limit, options)");

/** What must be equal for two evaluation files to be one dataset. */
export type EvalConfig = v.InferOutput<typeof EvalConfig>;

/** First line of an evaluation file: the configuration of every record, the engine, the shard and SPs it covers. */
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

/** An evaluation file read back: records by SP, the planned positions without one, and its torn tail (ignored). */
export interface EvalDataset {
  path: string;
  header: EvalHeader;
  records: EvaluationRecord[];
  missing: number[];
  torn: boolean;
  intactBytes: number;
}

/** Default file of a profile folder: `evals.jsonl`, or `shards/evals.shard-i-of-n.jsonl`. */
export const evalFilePath = (dir: string, shard?: Shard | null): string => stageFile(dir, "evals", shard);

/** Describes how two configurations differ ("" when equal). */
export function configDifference(a: EvalConfig, b: EvalConfig): string {
  const diffs: string[] = [];
  if (a.engine_fingerprint !== b.engine_fingerprint) {
    diffs.push(`engine fingerprint ${a.engine_fingerprint} vs ${b.engine_fingerprint}`);
  }
  if (!same(a.limit, b.limit)) diffs.push(`search limit ${JSON.stringify(a.limit)} vs ${JSON.stringify(b.limit)}`);
  for (const n of differingKeys(a.options, b.options).sort()) {
    diffs.push(`option ${n} ${a.options[n] ?? "unset"} vs ${b.options[n] ?? "unset"}`);
  }
  return diffs.join("; ");
}

/** Two records of one position in a file: their lines. */
export interface DuplicateRecord {
  sp: number;
  firstLine: number;
  line: number;
}

/**
 * What a reader requires of a file: all of it, or only what the index is derived from (`values`: a stage-1 file made
 * by hand for derive-mbi; the header's config and positions, each record's SP, value, depth, PV, limit and raw lines).
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

/** A record of a file with this header: its SP among the header's, its limit the header's, and possible there. */
function recordOf(header: Pick<EvalHeader, "positions" | "config">, fields: EvalFields) {
  const planned = new Set(header.positions);
  const limit = header.config.limit, want = JSON.stringify(limit);
  const r = (i: { input: unknown }) => i.input as EvaluationRecord;
  return v.pipe(
    fields === "all" ? EvaluationRecord : VALUES_RECORD,
    v.check((x) => planned.has(x.sp), (i) => `SP ${r(i).sp} is not one of the positions in the file's header`),
    v.check((x) => same(x.limit, limit), (i) => `its limit ${JSON.stringify(r(i).limit)} is not the header's ${want}`),
    v.check((x) => recordImpossibility(x) === null, (i) => recordImpossibility(r(i))!),
  );
}

/**
 * Reads an evaluation file, checking every record against its header; errors name the file and line. A position held
 * twice is a `dataset` error, unless `duplicates: "report"`, which returns them (see {@link repairDuplicates}). The
 * records come by SP; `lineOf` gives the line each stands on (the header is line 1).
 */
export async function readEvalDataset(
  path: string,
  opts: { duplicates?: "throw" | "report"; fields?: EvalFields } = {},
): Promise<(EvalDataset & { duplicates: DuplicateRecord[]; lineOf: ReadonlyMap<number, number> }) | undefined> {
  const fields = opts.fields ?? "all";
  // With `values`, the fields not required are not checked (a hand-made file may lack them).
  const schema = (fields === "all" ? EvalHeader : VALUES_HEADER) as typeof EvalHeader;
  const content = await readCheckedJsonl(path, schema, (h) => recordOf(h, fields), EVAL_FILE, "dataset");
  if (!content) return undefined;
  const { header, records, torn, intactBytes } = content;
  const firstLine = new Map<number, number>();
  const duplicates: DuplicateRecord[] = [];
  const unique: EvaluationRecord[] = [];
  records.forEach((r, i) => {
    const first = firstLine.get(r.sp);
    if (first) return void duplicates.push({ sp: r.sp, firstLine: first, line: i + 2 });
    firstLine.set(r.sp, i + 2);
    unique.push(r);
  });
  if (duplicates.length && opts.duplicates !== "report") {
    const d = duplicates[0];
    const all = duplicates.length > 1 ? `; ${duplicates.length} duplicates in all` : "";
    const fix = "run deno task eval-all with the same arguments to repair it";
    throw new MbiError("dataset", `${path} holds SP ${d.sp} twice (lines ${d.firstLine} and ${d.line}${all}): ${fix}`);
  }
  unique.sort((a, b) => a.sp - b.sp);
  const missing = header.positions.filter((sp) => !firstLine.has(sp));
  return { path, header, records: unique, missing, torn, intactBytes, duplicates, lineOf: firstLine };
}

/** Repairs a file holding positions twice whose copies agree, timing aside ({@link dropRepeats}); how many went. */
export async function repairDuplicates(path: string): Promise<number> {
  const content = await readCheckedJsonl(path, EvalHeader, (h) => recordOf(h, "all"), EVAL_FILE, "dataset");
  const agree = (a: EvaluationRecord, b: EvaluationRecord) => same(withoutTiming(a), withoutTiming(b));
  return await dropRepeats(path, content, (r) => String(r.sp), agree, (r, lines) => {
    const fix = "not repairing it: keep the right line by hand";
    return new MbiError("dataset", `${path} holds two different results for SP ${r.sp} (${lines}); ${fix}`);
  });
}

/** A record without the fields that vary from run to run (wall time, where it was computed; nps and time in raw lines). */
export function withoutTiming(r: EvaluationRecord): Omit<EvaluationRecord, "wall_ms" | "computed"> {
  const { wall_ms: _, computed: _c, ...rest } = r;
  return { ...rest, raw: r.raw.map((l) => l.replace(/ (nps|time) \d+/g, "")) };
}

/** The dataset a merge is for: its results key (its folder name), and its limit when known without the engine. */
export interface MergeTarget {
  profile: string;
  limit?: SearchLimit;
}

/** Merges evaluation shard files (one configuration) into `out` under its lock; with a `target`, others' are refused. */
export function mergeEvalFiles(paths: string[], out: string, target?: MergeTarget): Promise<MergeResult> {
  return withLock(out, () =>
    mergeShardFiles<EvalHeader, EvaluationRecord>(paths, out, {
      shard: (h) => h.shard,
      planned: (h) => h.positions.map(String),
      key: (r) => String(r.sp),
      difference: (a, b) => {
        if (a?.kind !== "mbi-evaluations" || b?.kind !== "mbi-evaluations") return "not an MBI evaluation file";
        return configDifference(a.config, b.config);
      },
      mergedHeader: (first, records, sources) =>
        ({ ...first, shard: null, positions: records.map((r) => r.sp), merged_from: sources }) as EvalHeader,
      compare: (a, b) => a.sp - b.sp,
      stable: withoutTiming,
      describe: (r) => (r.eval_cp === null ? `mate ${r.mate}` : `eval_cp ${r.eval_cp}`) + `, depth ${r.depth}`,
      // each shard read as stage 1 reads a dataset: every record of its schema, its value possible, its SP planned
      read: async (path) => {
        const d = await readEvalDataset(path, { duplicates: "throw" });
        const otherLimit = target?.limit !== undefined && d && !same(d.header.config.limit, target.limit);
        if (d && target && (d.header.profile !== target.profile || otherLimit)) {
          const theirs = `${d.header.profile} at ${JSON.stringify(d.header.config.limit)}`;
          const ours = target.profile + (target.limit ? ` at ${JSON.stringify(target.limit)}` : "");
          throw new MbiError("shard", `${displayPath(path)} is a shard of ${theirs}, not of ${ours}`);
        }
        return d && { header: d.header, records: d.records };
      },
    }));
}
