/**
 * Merging stage-1 shard files (from `eval-all --shard i/n` on several
 * machines or array tasks) into one dataset, with checks that they share the
 * configuration and cover every planned position exactly once.
 *
 * @module
 */

import { relative } from "node:path";
import { writeFileAtomic } from "./atomic.ts";
import {
  configDifference,
  DatasetError,
  type EvalDataset,
  type EvalHeader,
  readEvalDataset,
  withoutTiming,
} from "./eval_dataset.ts";
import type { EvaluationRecord } from "./evaluate.ts";
import { sha256File } from "./hash.ts";
import { REPO_ROOT } from "./paths.ts";

/** What a merge produced. */
export interface MergeSummary {
  /** The merged file. */
  out: string;
  /** Number of shard files merged. */
  files: number;
  /** Number of positions in the merged dataset. */
  positions: number;
  /** True when `out` already held exactly this merge (nothing written). */
  unchanged: boolean;
}

/**
 * Merges shard files into `out`. Refuses (with {@link DatasetError} naming the
 * shards) a set that is incomplete, inconsistent or overlapping, and never
 * overwrites a different existing `out`.
 */
export async function mergeEvalFiles(
  paths: string[],
  out: string,
): Promise<MergeSummary> {
  if (paths.length === 0) throw new DatasetError("no shard files to merge");
  const shards: EvalDataset[] = [];
  for (const p of paths) {
    const d = await readEvalDataset(p);
    if (!d) throw new DatasetError(`${p} does not exist or is empty`);
    shards.push(d);
  }
  const first = shards[0].header;
  for (const s of shards.slice(1)) {
    const diff = configDifference(first.config, s.header.config);
    if (diff) {
      throw new DatasetError(
        `${s.path} has another configuration than ${shards[0].path}: ${diff}`,
      );
    }
  }
  const counts = new Set(shards.map((s) => s.header.shard?.count ?? 1));
  if (counts.size > 1) {
    throw new DatasetError(
      `shard files of different splits (counts ${[...counts].join(", ")})`,
    );
  }
  const count = [...counts][0];
  const byIndex = new Map<number, EvalDataset>();
  for (const s of shards) {
    const i = s.header.shard?.index ?? 0;
    if (byIndex.has(i)) {
      throw new DatasetError(
        `shard ${i}/${count} given twice: ${byIndex.get(i)!.path} and ${s.path}`,
      );
    }
    byIndex.set(i, s);
  }
  const absent = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (absent.length) {
    throw new DatasetError(
      `missing shard(s) ${absent.map((i) => `${i}/${count}`).join(", ")}: run eval-all --shard for them`,
    );
  }
  const incomplete = shards.filter((s) => s.missing.length > 0);
  if (incomplete.length) {
    throw new DatasetError(
      `incomplete shard(s): ${
        incomplete.map((s) =>
          `${
            s.header.shard?.index ?? 0
          }/${count} (${s.missing.length} of ${s.header.positions.length} positions missing)`
        )
          .join(", ")
      }: rerun the same eval-all command for each to resume it`,
    );
  }
  const records: EvaluationRecord[] = [];
  const seen = new Set<number>();
  for (const s of shards) {
    for (const r of s.records) {
      if (seen.has(r.sp)) {
        throw new DatasetError(`SP ${r.sp} appears in more than one shard`);
      }
      seen.add(r.sp);
      records.push(r);
    }
  }
  records.sort((a, b) => a.sp - b.sp);
  const header: EvalHeader & {
    merged_from: { path: string; sha256: string }[];
  } = {
    ...first,
    shard: null,
    positions: records.map((r) => r.sp),
    merged_from: await Promise.all(
      shards.map(async (s) => ({
        path: relative(REPO_ROOT, s.path),
        sha256: await sha256File(s.path),
      })),
    ),
  };
  const existing = await readEvalDataset(out).catch(() => undefined);
  if (existing) {
    const same = configDifference(existing.header.config, header.config) === "" &&
      JSON.stringify(existing.records.map(withoutTiming)) ===
        JSON.stringify(records.map(withoutTiming));
    if (same) {
      return {
        out,
        files: shards.length,
        positions: records.length,
        unchanged: true,
      };
    }
    throw new DatasetError(
      `${out} exists and differs from this merge; not overwriting (give --out)`,
    );
  }
  const text = [header, ...records].map((x) => JSON.stringify(x)).join("\n") +
    "\n";
  await writeFileAtomic(out, text);
  return {
    out,
    files: shards.length,
    positions: records.length,
    unchanged: false,
  };
}
