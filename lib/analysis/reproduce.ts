/**
 * Reproducing a published profile: compare the committed result files with a recomputation from scratch, file by
 * file and record by record, and record the result (`reproduce.json`; in the profile folder, for the site and the
 * dataset card, only when asked).
 *
 * Set aside: wall and search times (they vary run to run); recorded times — creation times and the PGN `Date` tag —
 * and code versions (a reproduction on another day or checkout must not differ by them); and the SHA-256 recorded of
 * an *input* file whose bytes hold such times (evals.jsonl and mbi.json: every hash of them differs while the
 * content agrees). Paths are compared relative to the results root. Everything else must be equal.
 *
 * @module
 */

import { join, relative } from "node:path";
import { cpus } from "node:os";
import {
  displayPath,
  profileDir,
  publishedPaths,
  selfplayDir,
  summaryPath,
  withoutTiming,
  writeFileAtomic,
} from "../store/mod.ts";
import { type EvaluationRecord, type Profile } from "../method/mod.ts";
import { type GameRecord, SELFPLAY_MERGE } from "../selfplay/mod.ts";
import {
  fileKind,
  firstDifference,
  type Ignore,
  integer,
  schemaVersion,
  sha256Text,
  shortJson,
  text,
} from "../core/mod.ts";
import * as v from "valibot";

/** The committed files a report compared whose bytes have changed since (or are gone). */
export async function changedSince(profile: Profile, report: ReproduceRecord): Promise<string[]> {
  const dir = profileDir(profile);
  const out: string[] = [];
  for (const f of report.files) {
    if (f.sha256 === undefined) continue;
    const now = await Deno.readTextFile(join(dir, f.file)).then(sha256Text, () => undefined);
    if (now !== f.sha256) out.push(f.file);
  }
  return out;
}

/** Schema version of `reproduce.json`. */
export const REPRODUCE_SCHEMA = 1;

/** The fields set aside in the comparison, in words (printed and recorded). */
export const SET_ASIDE =
  "set aside: wall/search times and nps/time in raw engine lines, recorded times (creation times, the PGN Date tag), code versions, and the SHA-256 of input files that hold such times; paths compared relative to the results root";

/**
 * How one file compared: the file (relative to the profile folder), its verdict, how it was compared, the first
 * difference (committed vs recomputed), and the SHA-256 of the committed file (a report holds only for these bytes).
 */
export const FileVerdict = v.object({
  file: text(),
  verdict: v.picklist(["identical", "different", "missing"], "is not identical, different or missing"),
  compared: v.picklist(["records", "json", "text"], "is not records, json or text"),
  difference: v.optional(text()),
  sha256: v.optional(text()),
});

/** How one file compared. */
export type FileVerdict = v.InferOutput<typeof FileVerdict>;

/**
 * `reproduce.json`, the last reproduction of a profile: when it finished (ISO 8601), the machine, the wall time in
 * s, the engine (from the committed evals header), the command a reviewer runs, what is set aside, the verdicts.
 */
export const ReproduceRecord = v.object({
  kind: fileKind("mbi-reproduce"),
  schema: schemaVersion(REPRODUCE_SCHEMA),
  profile: text(),
  date: text(),
  machine: v.object({ hostname: text(), os: text(), arch: text(), cores: integer(), cpu: text() }),
  duration_s: v.number("is not a number"),
  engine: v.object({ id: text(), uci_name: text(), fingerprint: v.nullable(integer()) }),
  command: text(),
  set_aside: text(),
  files: v.array(FileVerdict, "is not a list of file verdicts"),
  identical: v.boolean("is not true or false"),
});

/** `reproduce.json`: the last reproduction of a profile. */
export type ReproduceRecord = v.InferOutput<typeof ReproduceRecord>;

/** A path matcher from patterns such as `inputs.*.sha256`. */
function ignoring(...patterns: string[]): Ignore {
  const ps = patterns.map((p) => p.split("."));
  return (path) =>
    ps.some((p) => p.length <= path.length && p.every((seg, i) => seg === "*" || seg === String(path[i])));
}

/** How one kind of result file (path relative to the profile folder) is compared. */
interface FileRule {
  file: string;
  compared: FileVerdict["compared"];
  /** Header (JSONL) or whole-file (JSON) fields set aside. */
  ignore?: Ignore;
  /** Text: lines set aside (they hold a recorded time), matched on both sides. */
  ignoreLines?: RegExp;
  /** JSONL: the key naming a record. */
  key?: (r: never) => string;
  /** JSONL: the record without fields that vary from run to run. */
  stable?: (r: never) => unknown;
}

/** The result files of a profile and how each is compared. */
export function reproduceRules(profile: Profile): FileRule[] {
  const dir = profileDir(profile);
  const sp = relative(dir, selfplayDir(profile));
  return [
    {
      file: "evals.jsonl",
      compared: "records",
      ignore: ignoring("created", "code"),
      key: (r: EvaluationRecord) => `SP ${r.sp}`,
      stable: (r: EvaluationRecord) => withoutTiming(r),
    },
    { file: "evals.csv", compared: "text" },
    { file: "distribution.json", compared: "json", ignore: ignoring("input.sha256") },
    { file: "mbi.json", compared: "json", ignore: ignoring("created", "code", "input.sha256") },
    { file: "mbi.csv", compared: "text" },
    { file: "mbi.md", compared: "text" },
    {
      file: join(sp, "games.jsonl"),
      compared: "records",
      ignore: ignoring("created", "code", "input.sha256"),
      key: (g: GameRecord) => `SP ${g.sp} game ${g.game}`,
      stable: (g: GameRecord) => SELFPLAY_MERGE.stable(g),
    },
    // the Date tag is the day the games were played (the games header's creation time): a recorded time
    { file: join(sp, "games.pgn"), compared: "text", ignoreLines: /^\[Date "[^"]*"\]$/ },
    { file: join(sp, "selfplay.json"), compared: "json", ignore: ignoring("code", "inputs.*.sha256") },
    { file: relative(dir, summaryPath(profile)), compared: "json", ignore: ignoring("code", "inputs.*.sha256") },
  ];
}

/** The first differing line of two texts (lines matching `ignoreLines` on both sides set aside); null when equal. */
export function compareText(a: string, b: string, ignoreLines?: RegExp): string | null {
  if (a === b) return null;
  const la = a.split("\n"), lb = b.split("\n");
  const aside = (x: string | undefined, y: string | undefined) =>
    ignoreLines !== undefined && x !== undefined && y !== undefined && ignoreLines.test(x) && ignoreLines.test(y);
  const n = Math.max(la.length, lb.length);
  let line = -1;
  for (let k = 0; k < n && line < 0; k++) if (la[k] !== lb[k] && !aside(la[k], lb[k])) line = k;
  if (line < 0) return null;
  const cut = (s: string | undefined) => s === undefined ? "end of file" : shortJson(s);
  return `line ${line + 1}: ${cut(la[line])} vs ${cut(lb[line])}`;
}

function compareRecords(rule: FileRule, a: string, b: string): string | null {
  const parse = (t: string) => t.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
  const [ha, ...ra] = parse(a), [hb, ...rb] = parse(b);
  const header = firstDifference(ha, hb, rule.ignore);
  if (header) return `header: ${header}`;
  const key = rule.key as (r: unknown) => string, stable = rule.stable as (r: unknown) => unknown;
  const byKey = (rs: unknown[]) => new Map(rs.map((r) => [key(r), r]));
  const ma = byKey(ra), mb = byKey(rb);
  for (const [k, r] of ma) {
    if (!mb.has(k)) return `${k}: present vs absent`;
    const d = firstDifference(stable(r), stable(mb.get(k)));
    if (d) return `${k}: ${d}`;
  }
  for (const k of mb.keys()) if (!ma.has(k)) return `${k}: absent vs present`;
  return null;
}

/** Compares a profile's files under two results roots (committed, recomputed), record by record where it has records. */
export async function compareProfiles(profile: Profile, committedRoot: string, recomputedRoot: string) {
  const rel = relative(committedRoot, profileDir(profile));
  const normalise = (t: string) => t.replaceAll(`${displayPath(recomputedRoot)}/`, `${displayPath(committedRoot)}/`);
  const out: FileVerdict[] = [];
  for (const rule of reproduceRules(profile)) {
    const read = (root: string) => Deno.readTextFile(join(root, rel, rule.file)).catch(() => undefined);
    const a = await read(committedRoot), b = await read(recomputedRoot);
    // paths inside the recomputed files are read relative to their root
    const recomputed = b === undefined ? undefined : normalise(b);
    if (a === undefined || recomputed === undefined) {
      const difference = a === undefined ? "not in the committed results" : "not recomputed";
      out.push({ file: rule.file, verdict: "missing", compared: rule.compared, difference });
      continue;
    }
    const difference = rule.compared === "text"
      ? compareText(a, recomputed, rule.ignoreLines)
      : rule.compared === "json"
      ? firstDifference(JSON.parse(a), JSON.parse(recomputed), rule.ignore)
      : compareRecords(rule, a, recomputed);
    out.push({
      file: rule.file,
      verdict: difference ? "different" : "identical",
      compared: rule.compared,
      ...(difference ? { difference } : {}),
      sha256: sha256Text(a),
    });
  }
  return out;
}

/** The machine a reproduction ran on. */
export function machineInfo(): ReproduceRecord["machine"] {
  return {
    hostname: Deno.hostname(),
    os: Deno.build.os,
    arch: Deno.build.arch,
    cores: navigator.hardwareConcurrency,
    cpu: cpus()[0]?.model ?? "unknown",
  };
}

/** Writes `reproduce.json` to `path` (default: the profile folder's, which the site and card show). */
export async function writeReproduceRecord(
  profile: Profile,
  record: ReproduceRecord,
  path = publishedPaths(profile).reproduce,
): Promise<string> {
  await writeFileAtomic(path, JSON.stringify(record, null, 1) + "\n");
  return path;
}

/** Reads a profile's last reproduction, if there is one. */
export async function readReproduceRecord(profile: Profile): Promise<ReproduceRecord | undefined> {
  try {
    const r = JSON.parse(await Deno.readTextFile(publishedPaths(profile).reproduce));
    // Not ours, unreadable or not of this schema: no reproduction recorded (it is made again).
    return v.is(ReproduceRecord, r) ? r : undefined;
  } catch {
    return undefined;
  }
}
