/**
 * Dataset discovery: the one scanner of the results root (which folders hold which results, the complete stage-1
 * datasets, and — never silently dropped — the files that could not be read), a profile's dataset resolved once (its
 * key, folder and every file path), and the datasets beside it (the same positions; the same engine at another budget).
 *
 * @module
 */

import { basename, join, relative } from "node:path";
import { MbiError } from "../core/mod.ts";
import { loadRegistry, sameLimit } from "../engine/mod.ts";
import { fingerprintValue, isMethodSelfplay, type Profile } from "../method/mod.ts";
import { configDifference, type EvalDataset, evalFilePath, readEvalDataset } from "./eval_dataset.ts";
import { mbiPaths } from "./mbi_table.ts";
import { readDirIfExists } from "./write_guard.ts";
import {
  designKey,
  getProfile,
  parseKey,
  profileDir,
  publishedPaths,
  type ResultsKey,
  resultsRoot,
  selfplayDir,
  summaryPath,
} from "./results_key.ts";

/** A folder under the results root named by a results key (e.g. `quick~eval2000000`), with its path and parsed key. */
export interface ResultFolder {
  name: string;
  path: string;
  key: ResultsKey;
}

/** A file that was there but could not be read (relative to the results root), and why. */
export interface ScanProblem {
  file: string;
  reason: string;
}

/** Folders under the results root named by a results key (others, e.g. `outcomes/`, are not result folders), sorted by name. */
export function listResultFolders(root = resultsRoot()): ResultFolder[] {
  return readDirIfExists(root).filter((e) => e.isDirectory).flatMap((e) => {
    try {
      return [{ name: e.name, path: join(root, e.name), key: parseKey(e.name) }];
    } catch {
      return []; // not a results key: another kind of folder
    }
  }).sort((a, b) => a.name.localeCompare(b.name));
}

/** True when every position of a dataset has a value (a centipawn evaluation, not a mate). */
export const isComplete = (d: EvalDataset): boolean =>
  d.missing.length === 0 && d.records.every((r) => r.eval_cp !== null);

/** The stage-1 datasets of the results root: complete ones (every position with a value), partial ones, problems. */
export interface DatasetScan {
  complete: EvalDataset[];
  partial: EvalDataset[];
  problems: ScanProblem[];
}

/** Reads the `evals.jsonl` of every result folder; the `ci` profile's (a test fixture) only with `includeCi`. */
export async function scanDatasets(opts: { root?: string; includeCi?: boolean } = {}): Promise<DatasetScan> {
  const root = opts.root ?? resultsRoot();
  const scan: DatasetScan = { complete: [], partial: [], problems: [] };
  for (const f of listResultFolders(root)) {
    if (f.key.profile === "ci" && !opts.includeCi) continue;
    const path = evalFilePath(f.path);
    try {
      const d = await readEvalDataset(path);
      if (!d) continue;
      const wrong = folderContradiction(f, d);
      if (wrong) {
        scan.problems.push({ file: relative(root, path), reason: wrong });
        continue;
      }
      if (isComplete(d)) scan.complete.push(d);
      else scan.partial.push(d);
    } catch (e) {
      scan.problems.push({ file: relative(root, path), reason: (e as Error).message });
    }
  }
  return scan;
}

/** Why a dataset may not be in its folder (untagged: the reference engine's; `…@<tag>`: that engine's), or null. */
export function folderContradiction(folder: ResultFolder, d: EvalDataset): string | null {
  const reference = loadRegistry().reference_fingerprint;
  const e = d.header.engine, tag = folder.key.engine;
  const holds = `${e.uci_name} (${e.id}, fingerprint ${fingerprintValue(d.header.config.engine_fingerprint)})`;
  if (tag === null) {
    if (d.header.config.engine_fingerprint === reference) return null;
    const untagged = `a folder without an @engine tag holds the reference engine's results`;
    const belongs = `its values belong in ${folder.name}@${e.id}`;
    return `holds ${holds}, but ${untagged} (fingerprint ${fingerprintValue(reference)}): ${belongs}`;
  }
  const ok = e.id === tag || (tag.startsWith("path-") && e.id.startsWith("path:"));
  return ok ? null : `holds ${holds}, but the folder's tag @${tag} names another engine`;
}

/** The result folder a dataset lives in (a dataset outside the results root, e.g. the shipped peer: its header's name). */
export function datasetFolder(d: EvalDataset): string {
  const rel = relative(resultsRoot(), d.path);
  return rel.startsWith("..") ? d.header.profile : rel.split("/")[0];
}

/** A profile's dataset resolved once at a command's entry: its key, its folder, and the paths of its files. */
export type ResolvedDataset = ReturnType<typeof resolveDataset>;

/** Resolves a profile's dataset: its key and every path, from the results key's one grammar. */
export function resolveDataset(profile: Profile) {
  const dir = profileDir(profile);
  return {
    profile,
    key: parseKey(profile.name),
    folder: basename(dir),
    dir,
    evals: evalFilePath(dir),
    distribution: join(dir, "distribution.json"),
    mbi: mbiPaths(dir),
    selfplay: selfplayDir(profile),
    summary: summaryPath(profile),
    published: publishedPaths(profile),
  };
}

/**
 * Other self-play designs stage 5 summarised in the profile's folder: per self-play folder, the most resamples; the
 * design at the method's own size and budget per move first (the check a reader came for), the others in the order of
 * their folders.
 */
export function summarisedDesigns(profile: Profile): Profile[] {
  const dir = profileDir(profile);
  let names: string[];
  try {
    names = [...Deno.readDirSync(dir)].filter((e) => e.isFile).map((e) => e.name);
  } catch {
    return [];
  }
  const own = selfplayDir(profile);
  const best = new Map<string, Profile>();
  for (const name of names) {
    const m = /^summary((?:~[a-z]+\d+)+)\.json$/.exec(name);
    if (!m) continue;
    const design = getProfile(designKey(profile.name, m[1]));
    const folder = selfplayDir(design);
    if (folder === own || summaryPath(design) !== join(dir, name)) continue;
    const held = best.get(folder);
    if (!held || design.resamples > held.resamples) best.set(folder, design);
  }
  return [...best.entries()]
    .sort(([a, p], [b, q]) =>
      Number(isMethodSelfplay(q.selfplay)) - Number(isMethodSelfplay(p.selfplay)) || a.localeCompare(b)
    )
    .map(([, p]) => p);
}

/**
 * The other complete datasets under the results root over exactly the positions of `d` (any engine, any budget): a
 * comparison over another set says nothing about this one. An unreadable file is an error, not a silent gap. `scan`
 * (with the ci datasets) is read when not given.
 */
export async function sameSetDatasets(d: EvalDataset, scan?: DatasetScan): Promise<EvalDataset[]> {
  const s = scan ?? await scanDatasets({ includeCi: true });
  if (s.problems.length) throw new MbiError("dataset", `cannot read ${s.problems[0].file}: ${s.problems[0].reason}`);
  const positions = (xs: { sp: number }[]) => xs.map((r) => r.sp).join(",");
  return s.complete.filter((o) => o.path !== d.path && positions(o.records) === positions(d.records));
}

/** True when `o` is the same engine (fingerprint and options) as `d` at another budget. */
export function isOtherBudget(d: EvalDataset, o: EvalDataset): boolean {
  const c = o.header.config, mine = d.header.config;
  return c.engine_fingerprint === mine.engine_fingerprint &&
    configDifference({ ...c, limit: mine.limit }, mine) === "" && !sameLimit(c.limit, mine.limit);
}

/** Other complete datasets of the same engine (fingerprint and options) and the same positions, at another budget. */
export const siblingDatasets = async (d: EvalDataset, scan?: DatasetScan): Promise<EvalDataset[]> =>
  (await sameSetDatasets(d, scan)).filter((o) => isOtherBudget(d, o));
