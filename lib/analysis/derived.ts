/**
 * One rule for derived files: every file a stage derives records (or is by construction) a function of its input, and
 * every reader checks that it still is, refusing with the command that fixes it. A view (`mbi.csv`, `mbi.md`,
 * `evals.csv`) is derived again and compared, which also catches a set mixed by a kill between its writes; a summary
 * (`mbi.json`, `distribution.json`, `selfplay.json`, `summary.json`) by the content hash of the input it records.
 *
 * @module
 */

import { basename, join } from "node:path";
import { isMbiError, MbiError, sha256File } from "../core/mod.ts";
import { type Profile } from "../method/mod.ts";
import {
  displayPath,
  type EvalDataset,
  mbiCsv,
  mbiMarkdown,
  mbiPaths,
  profileDir,
  readMbiTable,
  readTextIfExists,
  selfplayDir,
  staleInputs,
  summaryPath,
  valuesHash,
} from "../store/mod.ts";
import { evalsCsv, loadEvaluations } from "../evaluation/mod.ts";
import { loadSelfplay, type SelfplayResults } from "../selfplay/mod.ts";
import { readSummary, type Summary } from "./summary.ts";

/** A derived file that does not follow from its input as it is now: the file, why, and the command that fixes it. */
export type StaleFile = { path: string; why: string; fix: string };

/** The derived files of a profile's stages 1–3 that exist and do not follow from the stage-1 dataset `d` now. */
export async function staleIndexFiles(profile: Profile, d: EvalDataset): Promise<StaleFile[]> {
  const dir = profileDir(profile);
  const fix = `run deno task derive-mbi --profile ${profile.name}`;
  const stale: StaleFile[] = [];
  const paths = mbiPaths(dir);
  const table = await readMbiTable(paths.json).catch((e) => {
    if (e instanceof Deno.errors.NotFound) return undefined;
    stale.push({ path: paths.json, why: (e as Error).message, fix });
    return undefined;
  });
  if (table && table.input.values_sha256 !== valuesHash(d.records)) {
    stale.push({ path: paths.json, why: `was not derived from the values now in ${displayPath(d.path)}`, fix });
  } else if (table) {
    for (const [path, text] of [[paths.csv, mbiCsv(table)], [paths.md, mbiMarkdown(table)]]) {
      const now = await readTextIfExists(path);
      if (now !== undefined && now !== text) {
        stale.push({ path, why: `is not the view of ${basename(paths.json)}`, fix });
      }
    }
  }
  const csv = join(dir, "evals.csv");
  const csvNow = await readTextIfExists(csv);
  if (csvNow !== undefined && csvNow !== evalsCsv(d.records)) {
    stale.push({ path: csv, why: `does not hold the records now in ${displayPath(d.path)}`, fix });
  }
  const distPath = join(dir, "distribution.json");
  const dist = await readTextIfExists(distPath);
  if (dist !== undefined) {
    let recorded: string | undefined;
    try {
      recorded = JSON.parse(dist)?.input?.sha256;
    } catch {
      // damaged: stale below
    }
    const current = recorded === await sha256File(d.path);
    if (!current) stale.push({ path: distPath, why: `was not derived from ${displayPath(d.path)} as it is now`, fix });
  }
  return stale;
}

/** The derived files of stages 4 and 5 that exist and do not follow from their inputs (see loadSelfplay). */
export const staleStatisticsFiles = async (profile: Profile): Promise<StaleFile[]> =>
  (await checkStatistics(profile)).stale;

/**
 * A profile's stage-4 results and stage-5 summary (undefined when absent), checked to follow from their inputs (a
 * `stage-input` MbiError naming the stale file otherwise). Stages 1–3 are not checked (see requireCurrent).
 */
export async function currentStatistics(profile: Profile) {
  const { stale, selfplay, summary } = await checkStatistics(profile);
  if (stale.length) throw new MbiError("stage-input", staleLine(stale[0]));
  return { selfplay, summary };
}

/** Stages 4 and 5 of a profile read once: what is there, and what of it is stale. */
async function checkStatistics(
  profile: Profile,
): Promise<{ stale: StaleFile[]; selfplay?: SelfplayResults; summary?: Summary }> {
  const selfplayPath = join(selfplayDir(profile), "selfplay.json");
  let selfplay: SelfplayResults | undefined;
  if (await readTextIfExists(selfplayPath) !== undefined) {
    try {
      selfplay = await loadSelfplay(profile);
    } catch (e) {
      return { stale: [staleOf(e, selfplayPath)] };
    }
  }
  const path = summaryPath(profile);
  let summary: Summary | undefined;
  try {
    summary = await readSummary(profile);
  } catch (e) {
    return { stale: [staleOf(e, path)], selfplay };
  }
  if (summary === undefined) return { stale: [], selfplay };
  const why = await staleInputs(summary.inputs, [selfplayPath, mbiPaths(profileDir(profile)).json]);
  const fix = `run deno task stats --profile ${profile.name}`;
  return why ? { stale: [{ path, why, fix }], selfplay } : { stale: [], selfplay, summary };
}

/** A stage's error about `path` as a stale file: its message "<path> what: run X" split into why and the fix. */
function staleOf(e: unknown, path: string): StaleFile {
  if (!isMbiError(e)) throw e;
  const message = (e as Error).message;
  const i = message.lastIndexOf(": run ");
  const [what, fix] = i < 0 ? [message, "see the message"] : [message.slice(0, i), message.slice(i + 2)];
  const name = displayPath(path) + " ";
  return { path, why: what.startsWith(name) ? what.slice(name.length) : what, fix };
}

/** One line for a stale file: what, why, and the command that fixes it. */
export const staleLine = (s: StaleFile): string => `${displayPath(s.path)} ${s.why}: ${s.fix}`;

/**
 * Checks that every derived file of the profile follows from its inputs; a `stage-input` MbiError names the first
 * stale file, the command that fixes it and how many others are stale. Returns the stage-1 dataset.
 */
export async function requireCurrent(profile: Profile, opts: { later?: boolean } = {}): Promise<EvalDataset> {
  const d = await loadEvaluations(profile);
  const index = await staleIndexFiles(profile, d);
  const stale = [...index, ...(opts.later === false ? [] : await staleStatisticsFiles(profile))];
  const more = stale.length > 1 ? ` (and ${stale.length - 1} more derived file(s) out of date)` : "";
  if (stale.length) throw new MbiError("stage-input", staleLine(stale[0]) + more);
  return d;
}
