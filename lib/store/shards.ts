/**
 * Shards: splitting a job's units over n machines or array tasks (every n-th unit from i), and merging the shard files
 * back with the checks both stages need — one configuration, every shard present and complete, no unit twice.
 *
 * @module
 */

import { join } from "node:path";
import { readDirIfExists, writeFileAtomic } from "./write_guard.ts";
import { count, integer, MbiError, same } from "../core/mod.ts";
import { displayPath, inputFiles } from "./provenance.ts";
import { readJsonl } from "./jsonl.ts";
import * as v from "valibot";

/** A shard: units at list index k with k % count === index (0-based `index`, e.g. `$SLURM_ARRAY_TASK_ID`, of `count` shards). */
export const Shard = v.pipe(
  v.object({ index: count(), count: integer() }, "is not a shard ({index, count})"),
  v.check((s) => s.index < s.count, "is not a shard (index < count)"),
);

/** A shard of a job's units. */
export type Shard = v.InferOutput<typeof Shard>;

/** Parses `i/n` (0 <= i < n). */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const [index, count] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (m && count >= 1 && index < count) return { index, count };
  const usage = "expected i/n with 0 <= i < n, e.g. 0/4 (shard index is 0-based)";
  throw new MbiError("bad-argument", `--shard ${text}: ${usage}`);
}

/** The units of one shard. */
export const shardOf = <T>(units: readonly T[], shard?: Shard): T[] =>
  shard ? units.filter((_, k) => k % shard.count === shard.index) : [...units];

/** A stage's file `<stem>.jsonl` in folder `dir`, or its shard's `shards/<stem>.shard-i-of-n.jsonl`. */
export const stageFile = (dir: string, stem: string, shard?: Shard | null): string =>
  shard ? join(dir, "shards", `${stem}.shard-${shard.index}-of-${shard.count}.jsonl`) : join(dir, `${stem}.jsonl`);

/** The shard files `<stem>.shard-i-of-n.jsonl` in folder `dir`, in shard order (none when it is missing). */
export function shardFiles(dir: string, stem: string): string[] {
  return readDirIfExists(dir)
    .filter((e) => new RegExp(`^${stem}\\.shard-\\d+-of-\\d+\\.jsonl$`).test(e.name))
    .map((e) => join(dir, e.name))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}

/** How to merge one kind of shard file. */
export interface MergeSpec<H, R> {
  shard(header: H): Shard | null;
  /** Keys of the units a file is meant to hold, from its header. */
  planned(header: H): string[];
  key(record: R): string;
  /** How two headers' configurations differ ("" when they agree). */
  difference(a: H, b: H): string;
  mergedHeader(first: H, records: R[], sources: { path: string; sha256: string }[]): H;
  compare(a: R, b: R): number;
  /** A record without fields that vary from run to run (to recognise an identical merge). */
  stable(record: R): unknown;
  /** Reads a shard file with the stage's own checks (records of the stage's schema, possible values); default unchecked JSONL. */
  read?(path: string): Promise<{ header: H; records: R[] } | undefined>;
  /** A record in a few words for messages (e.g. `eval_cp 12`). */
  describe?(record: R): string;
}

/** What a merge produced: the merged file, shard files merged, its records, and whether it already held them. */
export interface MergeResult {
  out: string;
  files: number;
  records: number;
  unchanged: boolean;
}

/** Merges shard files into `out`, refusing incomplete, inconsistent or overlapping sets, and a different `out`. */
export async function mergeShardFiles<H, R>(paths: string[], out: string, spec: MergeSpec<H, R>): Promise<MergeResult> {
  const fail = (message: string) => new MbiError("shard", message);
  if (paths.length === 0) throw fail("no shard files to merge");
  const files: { path: string; header: H; records: R[] }[] = [];
  for (const p of paths) {
    const c = await (spec.read ? spec.read(p) : readJsonl<H, R>(p)).catch((e) => {
      throw fail(`shard ${displayPath(p)}: ${(e as Error).message}`);
    });
    if (!c) throw fail(`${p} does not exist or is empty`);
    files.push({ path: p, header: c.header, records: c.records });
  }
  for (const f of files.slice(1)) {
    const diff = spec.difference(files[0].header, f.header);
    if (diff) throw fail(`${f.path} has another configuration than ${files[0].path}: ${diff}`);
  }
  const counts = new Set(files.map((f) => spec.shard(f.header)?.count ?? 1));
  if (counts.size > 1) throw fail(`shard files of different splits (counts ${[...counts].join(", ")})`);
  const count = [...counts][0];
  const byIndex = new Map<number, (typeof files)[number]>();
  for (const f of files) {
    const i = spec.shard(f.header)?.index ?? 0;
    if (byIndex.has(i)) throw fail(`shard ${i}/${count} given twice: ${byIndex.get(i)!.path} and ${f.path}`);
    byIndex.set(i, f);
  }
  const absent = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (absent.length) {
    const names = absent.map((i) => `${i}/${count}`).join(", ");
    throw fail(`missing shard(s) ${names}: run the same command with --shard for each`);
  }
  const incomplete = [...byIndex].sort((a, b) => a[0] - b[0]).flatMap(([i, f]) => {
    const have = new Set(f.records.map(spec.key));
    const planned = spec.planned(f.header);
    const missing = planned.filter((k) => !have.has(k)).length;
    return missing ? [`${i}/${count} (${missing} of ${planned.length} missing)`] : [];
  });
  if (incomplete.length) {
    throw fail(`incomplete shard(s): ${incomplete.join(", ")}: rerun the same command for each to resume it`);
  }
  const records: R[] = [];
  const seen = new Map<string, { path: string; record: R }>();
  for (const f of files) {
    for (const r of f.records) {
      const k = spec.key(r);
      const first = seen.get(k);
      if (first) {
        const where = (path: string, x: R) => displayPath(path) + (spec.describe ? ` (${spec.describe(x)})` : "");
        throw fail(`${k} appears in two shards: ${where(first.path, first.record)} and ${where(f.path, r)}`);
      }
      seen.set(k, { path: f.path, record: r });
      records.push(r);
    }
  }
  records.sort(spec.compare);
  const sources = await inputFiles(files.map((f) => f.path));
  const header = spec.mergedHeader(files[0].header, records, sources);
  // An existing output is compared, never overwritten; one that cannot be read is not ours to replace.
  const existing = await readJsonl<H, R>(out).catch((e) => {
    const fix = "not overwriting it (move it away or give --out)";
    throw fail(`${displayPath(out)} exists and cannot be read (${(e as Error).message}); ${fix}`);
  });
  if (existing) {
    const identical = spec.difference(existing.header, header) === "" &&
      same(existing.records.map(spec.stable), records.map(spec.stable));
    if (identical) return { out, files: files.length, records: records.length, unchanged: true };
    throw fail(`${out} exists and differs from this merge; not overwriting (give --out)`);
  }
  await writeFileAtomic(out, [header, ...records].map((x) => JSON.stringify(x)).join("\n") + "\n");
  return { out, files: files.length, records: records.length, unchanged: false };
}
