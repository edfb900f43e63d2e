/**
 * The one scanner of the results root: which folders hold which results, the
 * complete stage-1 datasets among them, and — never silently dropped — the
 * files that could not be read, with the reason.
 *
 * @module
 */

import { join, relative } from "node:path";
import { type EvalDataset, evalFilePath, readEvalDataset } from "./eval_dataset.ts";
import { parseKey, type ResultsKey, resultsRoot } from "./results_key.ts";
import { loadRegistry } from "../engine/mod.ts";
import { fingerprintValue } from "../method/mod.ts";

/** A folder under the results root that is named by a results key. */
export interface ResultFolder {
  /** Folder name (the key's stage-1 part, e.g. `quick~eval2000000`). */
  name: string;
  /** Absolute path. */
  path: string;
  /** The parsed key. */
  key: ResultsKey;
}

/** A file that was there but could not be read, and why. */
export interface ScanProblem {
  /** The file, relative to the results root. */
  file: string;
  /** The error's message. */
  reason: string;
}

/** Folders under the results root named by a results key (others, e.g. `outcomes/`, are not result folders), sorted by name. */
export function listResultFolders(root = resultsRoot()): ResultFolder[] {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(root)];
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
  return entries.filter((e) => e.isDirectory).flatMap((e) => {
    try {
      return [{ name: e.name, path: join(root, e.name), key: parseKey(e.name) }];
    } catch {
      return []; // not a results key: another kind of folder
    }
  }).sort((a, b) => a.name.localeCompare(b.name));
}

/** The stage-1 datasets of the results root: complete ones, partial ones, and the problems met. */
export interface DatasetScan {
  /** Datasets holding every planned position with a centipawn value, by folder name. */
  complete: EvalDataset[];
  /** Datasets still missing positions (a run in progress or interrupted). */
  partial: EvalDataset[];
  /** Evaluation files that could not be read. */
  problems: ScanProblem[];
}

/**
 * Reads the `evals.jsonl` of every result folder. The `ci` profile's datasets
 * (a test fixture) are left out unless `includeCi`.
 */
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
      if (d.missing.length === 0 && d.records.every((r) => r.eval_cp !== null)) scan.complete.push(d);
      else scan.partial.push(d);
    } catch (e) {
      scan.problems.push({ file: relative(root, path), reason: (e as Error).message });
    }
  }
  return scan;
}

/**
 * Why a dataset may not be in its folder, or null: a folder without an engine
 * tag holds the reference engine's results (its fingerprint), a folder
 * `…@<tag>` those of the engine with that id (`path-<name>` for a `path:`
 * engine) — whatever an engine entry once declared.
 */
export function folderContradiction(folder: ResultFolder, d: EvalDataset): string | null {
  const reference = loadRegistry().reference_fingerprint;
  const e = d.header.engine, tag = folder.key.engine;
  const holds = `${e.uci_name} (${e.id}, fingerprint ${fingerprintValue(d.header.config.engine_fingerprint)})`;
  if (tag === null) {
    return d.header.config.engine_fingerprint === reference
      ? null
      : `holds ${holds}, but a folder without an @engine tag holds the reference engine's results (fingerprint ${
        fingerprintValue(reference)
      }): its values belong in ${folder.name}@${e.id}`;
  }
  const ok = e.id === tag || (tag.startsWith("path-") && e.id.startsWith("path:"));
  return ok ? null : `holds ${holds}, but the folder's tag @${tag} names another engine`;
}

/** The result folder a dataset lives in (its name under the results root; a dataset outside it, its header's name). */
export function datasetFolder(d: EvalDataset, root = resultsRoot()): string {
  const rel = relative(root, d.path);
  // a dataset kept outside the results root (the shipped peer) goes by its header's name
  return rel.startsWith("..") ? d.header.profile : rel.split("/")[0];
}
