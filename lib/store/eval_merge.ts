/**
 * Merging stage-1 shard files (from `eval-all --shard i/n` on several
 * machines or array tasks) into one dataset.
 *
 * @module
 */

import { configDifference, type EvalHeader, readEvalDataset, withoutTiming } from "./eval_dataset.ts";
import { type MergeResult, mergeShardFiles, type MergeSpec } from "./shards.ts";
import { type EvaluationRecord } from "../method/mod.ts";
import { withLock } from "./lock.ts";
import { displayPath } from "./provenance.ts";
import { MbiError, same } from "../core/mod.ts";
import type { SearchLimit } from "../engine/mod.ts";

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
  // each shard read as stage 1 reads a dataset: every record of its schema, its value possible, its SP planned
  read: async (path) => {
    const d = await readEvalDataset(path, { duplicates: "throw" });
    return d && { header: d.header, records: d.records };
  },
  describe: (r) => (r.eval_cp === null ? `mate ${r.mate}` : `eval_cp ${r.eval_cp}`) + `, depth ${r.depth}`,
};

/** The dataset a merge is for: its results key and search limit; shards of another are refused. */
export interface MergeTarget {
  /** The dataset's results key (its folder name, as shards record it). */
  profile: string;
  /** Its search limit per position, when known without the engine (the reference engine's node budgets). */
  limit?: SearchLimit;
}

/**
 * Merges evaluation shard files into `out` (see {@link mergeShardFiles}) under
 * `out`'s lock (a running `eval-all` of it holds that lock: the merge is refused,
 * nothing written); with a `target`, shards of another dataset or budget are
 * refused naming the file.
 */
export function mergeEvalFiles(paths: string[], out: string, target?: MergeTarget): Promise<MergeResult> {
  return withLock(out, () =>
    mergeShardFiles(paths, out, {
      ...EVAL_MERGE,
      read: async (path) => {
        const d = await EVAL_MERGE.read!(path);
        const otherLimit = target?.limit !== undefined && d && !same(d.header.config.limit, target.limit);
        if (d && target && (d.header.profile !== target.profile || otherLimit)) {
          throw new MbiError(
            "shard",
            `${displayPath(path)} is a shard of ${d.header.profile} at ${
              JSON.stringify(d.header.config.limit)
            }, not of ${target.profile}${target.limit ? ` at ${JSON.stringify(target.limit)}` : ""}`,
          );
        }
        return d;
      },
    }));
}
