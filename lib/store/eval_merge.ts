/**
 * Merging stage-1 shard files (from `eval-all --shard i/n` on several
 * machines or array tasks) into one dataset.
 *
 * @module
 */

import { configDifference, type EvalHeader, withoutTiming } from "./eval_dataset.ts";
import { type MergeResult, mergeShardFiles, type MergeSpec } from "./shards.ts";
import { type EvaluationRecord } from "../method/mod.ts";

/** How evaluation shard files merge: by SP, same engine fingerprint, limit and options. */
export const EVAL_MERGE: MergeSpec<EvalHeader, EvaluationRecord> = {
  shard: (h) => h.shard,
  planned: (h) => h.positions.map(String),
  key: (r) => String(r.sp),
  difference: (a, b) => {
    if (a?.kind !== "mbi-evaluations" || b?.kind !== "mbi-evaluations") return "not an MBI evaluation file";
    return configDifference(a.config, b.config);
  },
  mergedHeader: (first, records, sources) =>
    ({
      ...first,
      shard: null,
      positions: records.map((r) => r.sp),
      merged_from: sources,
    }) as EvalHeader,
  compare: (a, b) => a.sp - b.sp,
  stable: withoutTiming,
};

/** Merges evaluation shard files into `out` (see {@link mergeShardFiles}). */
export function mergeEvalFiles(paths: string[], out: string): Promise<MergeResult> {
  return mergeShardFiles(paths, out, EVAL_MERGE);
}
