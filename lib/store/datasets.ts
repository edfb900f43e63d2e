/**
 * Dataset discovery: a profile's dataset resolved once — its results key,
 * folder and every file path the layers above read or write — and the other
 * datasets beside it (the same positions; the same engine at another budget),
 * found from one scan of the results root that the caller may pass on.
 *
 * @module
 */

import { basename, join } from "node:path";
import { MbiError } from "../core/mod.ts";
import { sameLimit } from "../engine/mod.ts";
import type { Profile } from "../method/mod.ts";
import { configDifference, type EvalDataset, evalFilePath } from "./eval_dataset.ts";
import { mbiPaths } from "./mbi_table.ts";
import {
  designKey,
  getProfile,
  parseKey,
  profileDir,
  publishedPaths,
  type ResultsKey,
  selfplayDir,
  summaryPath,
} from "./results_key.ts";
import { type DatasetScan, scanDatasets } from "./scan.ts";

/** A profile's dataset with its key and the paths of its files, resolved once at a command's entry. */
export interface ResolvedDataset {
  /** The profile (budgets and positions). */
  profile: Profile;
  /** Its results key, parsed. */
  key: ResultsKey;
  /** The folder's name under the results root (the key's stage-1 part). */
  folder: string;
  /** The folder. */
  dir: string;
  /** Stage 1's `evals.jsonl`. */
  evals: string;
  /** Stage 2's `distribution.json`. */
  distribution: string;
  /** Stage 3's `mbi.json`, `mbi.csv`, `mbi.md`. */
  mbi: { json: string; csv: string; md: string };
  /** The self-play folder of the profile's design. */
  selfplay: string;
  /** Stage 5's summary file. */
  summary: string;
  /** The published site folder, dataset card, rendered notebooks and reproduction record. */
  published: ReturnType<typeof publishedPaths>;
}

/** Resolves a profile's dataset: its key and every path, from the results key's one grammar. */
export function resolveDataset(profile: Profile): ResolvedDataset {
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
 * The self-play designs of a profile's folder other than the profile's own
 * that stage 5 has summarised (`summary~pos60~games50~move30000~boot10000.json`):
 * one profile per self-play folder, the summary with the most bootstrap
 * resamples when there are several; ordered by self-play folder.
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
  return [...best.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, p]) => p);
}

/**
 * The other complete datasets under the results root over exactly the same
 * positions as `d` (any engine, any budget): a comparison over another set
 * (e.g. the ci fixture) says nothing about this one. An unreadable file is an
 * error, not a silent gap. `scan` (with the ci datasets) is read when not given.
 */
export async function sameSetDatasets(d: EvalDataset, scan?: DatasetScan): Promise<EvalDataset[]> {
  const s = scan ?? await scanDatasets({ includeCi: true });
  if (s.problems.length) {
    throw new MbiError("dataset", `cannot read ${s.problems[0].file}: ${s.problems[0].reason}`);
  }
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
export async function siblingDatasets(d: EvalDataset, scan?: DatasetScan): Promise<EvalDataset[]> {
  return (await sameSetDatasets(d, scan)).filter((o) => isOtherBudget(d, o));
}
