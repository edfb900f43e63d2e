/**
 * Stage 3 as one call: derive the MBI table from a profile's complete stage-1
 * dataset and write it to `results/<profile>/mbi.{json,csv,md}`.
 *
 * @module
 */

import {
  buildMbiTable,
  datasetFolder,
  evalFilePath,
  evalFolderName,
  getProfile,
  mbiPaths,
  type MbiTable,
  parseKey,
  profileDir,
  readEvalDataset,
  readMbiTable,
  readPositionValues,
  scanDatasets,
  writeMbiTable,
} from "../store/mod.ts";
import { evalBudgetText, type EvaluationRecord, POSITION_COUNT, type Profile } from "../method/mod.ts";
import { loadEvaluations } from "../evaluation/mod.ts";
import { loadRegistry } from "../engine/mod.ts";

/** Derives and writes the profile's MBI table; returns it and whether files changed. */
export async function deriveIndex(
  profile: Profile,
): Promise<{ table: MbiTable; written: boolean }> {
  await loadEvaluations(profile); // complete for the profile, or a message naming the command
  const path = evalFilePath(profileDir(profile));
  const table = await buildMbiTable(
    path,
    await readPositionValues(path),
    evalFolderName(profile), // the dataset's key: a self-play design's tags are not the dataset's
  );
  const { written } = await writeMbiTable(profileDir(profile), table);
  return {
    table: written ? table : await readMbiTable(mbiPaths(profileDir(profile)).json),
    written,
  };
}

/** Reads the profile's MBI table, deriving it in memory when stage 3 has not been written yet. */
export async function loadIndex(profile: Profile): Promise<MbiTable> {
  try {
    return await readMbiTable(mbiPaths(profileDir(profile)).json);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    await loadEvaluations(profile);
    const path = evalFilePath(profileDir(profile));
    return await buildMbiTable(
      path,
      await readPositionValues(path),
      evalFolderName(profile),
    );
  }
}

/**
 * The best index this workspace has: the complete dataset of the MBI reference
 * engine (Stockfish 17.1 fingerprint) over all 960 positions with the largest
 * node budget. Returns its profile (results key) and budget, or undefined when
 * there is none.
 */
export async function bestReferenceProfile(): Promise<{ profile: Profile; nodes: number } | undefined> {
  const reference = loadRegistry().reference_fingerprint;
  const scan = await scanDatasets();
  const candidates = scan.complete.filter((d) =>
    d.header.config.engine_fingerprint === reference && "nodes" in d.header.config.limit &&
    d.records.length === POSITION_COUNT && parseKey(datasetFolder(d)).engine === null
  ).map((d) => ({ d, nodes: (d.header.config.limit as { nodes: number }).nodes }))
    .sort((a, b) => b.nodes - a.nodes || datasetFolder(a.d).localeCompare(datasetFolder(b.d)));
  const best = candidates[0];
  return best ? { profile: getProfile(datasetFolder(best.d)), nodes: best.nodes } : undefined;
}

/**
 * The most balanced and the least balanced positions of an index (the lists a
 * chess player looks for): the first and last `n` of `positions` sorted most
 * balanced first (MBI descending, ties by the smaller edge, then SP), the
 * least balanced listed largest edge first. A list never cuts a tie: the
 * positions with the same edge as its last one are listed too.
 */
export function balanceExtremes<T extends { edge_cp: number }>(positions: readonly T[], n: number): {
  balanced: T[];
  unbalanced: T[];
} {
  const p = positions;
  let end = Math.min(n, p.length);
  while (end < p.length && p[end].edge_cp === p[end - 1].edge_cp) end++;
  let start = Math.max(0, p.length - n);
  while (start > end && p[start - 1].edge_cp === p[start].edge_cp) start--;
  return { balanced: p.slice(0, end), unbalanced: p.slice(Math.max(start, end)).reverse() };
}

/** An MBI table's rows most balanced first: MBI descending, ties by the smaller edge, then SP (pure). */
export function mostBalancedFirst<T extends { mbi: number; edge_cp: number; sp: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.mbi - a.mbi || a.edge_cp - b.edge_cp || a.sp - b.sp);
}

/** The method's own run as far as it has gone, for one position: its record there (null when not done yet) and how many are done. */
export interface MethodRunValue {
  /** The position's record at the method's budget, or null. */
  record: EvaluationRecord | null;
  /** Positions done at the method's budget. */
  done: number;
  /** Positions the run will hold. */
  of: number;
  /** The budget in words (`400,000,000 nodes per position`). */
  budget: string;
}

/**
 * Reads the method's run (the `full` profile's evals.jsonl, growing) for one
 * position; undefined when there is no run file. No MBI: a rank over the
 * positions done would not be the index.
 */
export async function methodRunValue(sp: number): Promise<MethodRunValue | undefined> {
  const full = getProfile("full");
  const d = await readEvalDataset(evalFilePath(profileDir(full)));
  if (!d) return undefined;
  return {
    record: d.records.find((r) => r.sp === sp) ?? null,
    done: d.records.length,
    of: full.positions.length,
    budget: evalBudgetText(d.header.config.limit),
  };
}
