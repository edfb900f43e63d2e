/**
 * Stage 3 as one call (the MBI table of a profile's complete stage-1 dataset, written to `mbi.{json,csv,md}`), and
 * reading an index: the best one here, its most and least balanced positions, the method's own run so far.
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

/** The profile's MBI table derived in memory from its complete stage-1 dataset. */
async function buildIndex(profile: Profile): Promise<MbiTable> {
  await loadEvaluations(profile); // complete for the profile, or a message naming the command
  const path = evalFilePath(profileDir(profile));
  // under the dataset's key: a self-play design's tags are not the dataset's
  return await buildMbiTable(path, await readPositionValues(path), evalFolderName(profile));
}

/** Derives and writes the profile's MBI table; returns it and whether files changed. */
export async function deriveIndex(profile: Profile): Promise<{ table: MbiTable; written: boolean }> {
  const table = await buildIndex(profile);
  const { written } = await writeMbiTable(profileDir(profile), table);
  return { table: written ? table : await readMbiTable(mbiPaths(profileDir(profile)).json), written };
}

/** Reads the profile's MBI table, deriving it in memory when stage 3 has not been written yet. */
export async function loadIndex(profile: Profile): Promise<MbiTable> {
  try {
    return await readMbiTable(mbiPaths(profileDir(profile)).json);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    return await buildIndex(profile);
  }
}

/** The best index here: the reference engine's complete 960-position dataset with the largest node budget. */
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
 * The most and the least balanced positions of an index: the first and last `n` of `positions` sorted most balanced
 * first, the least balanced listed largest edge first. A list never cuts a tie (the same edge as its last is listed).
 */
export function balanceExtremes<T extends { edge_cp: number }>(positions: readonly T[], n: number) {
  const p = positions;
  let end = Math.min(n, p.length);
  while (end < p.length && p[end].edge_cp === p[end - 1].edge_cp) end++;
  let start = Math.max(0, p.length - n);
  while (start > end && p[start - 1].edge_cp === p[start].edge_cp) start--;
  return { balanced: p.slice(0, end), unbalanced: p.slice(Math.max(start, end)).reverse() };
}

/** An MBI table's rows most balanced first: MBI descending, ties by the smaller edge, then SP (pure). */
export const mostBalancedFirst = <T extends { mbi: number; edge_cp: number; sp: number }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => b.mbi - a.mbi || a.edge_cp - b.edge_cp || a.sp - b.sp);

/** The method's own run as far as it has gone, for one position: its record (null when not done yet), done of all. */
export interface MethodRunValue {
  record: EvaluationRecord | null;
  done: number;
  of: number;
  /** The budget in words (`400,000,000 nodes per position`). */
  budget: string;
}

/**
 * Reads the method's run (the `full` profile's growing evals.jsonl) for one position; undefined without a run file.
 * No MBI: a rank over the positions done would not be the index.
 */
export async function methodRunValue(sp: number): Promise<MethodRunValue | undefined> {
  const full = getProfile("full");
  const d = await readEvalDataset(evalFilePath(profileDir(full)));
  if (!d) return undefined;
  const record = d.records.find((r) => r.sp === sp) ?? null;
  return { record, done: d.records.length, of: full.positions.length, budget: evalBudgetText(d.header.config.limit) };
}
