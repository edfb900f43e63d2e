/**
 * One rule for derived files: every file a stage derives from another records
 * (or is by construction) a function of what it was derived from, and every
 * reader checks that it still is before it answers, refusing with the
 * command that fixes it. A view (`mbi.csv`, `mbi.md`, `evals.csv`) is checked
 * by deriving it again from its source and comparing the text, which also
 * catches a mixed set left by a kill between the writes of one set; a summary
 * (`mbi.json`, `distribution.json`, `selfplay.json`, `summary.json`) by the
 * content hash of its input that it records.
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
import type { Summary } from "./statistics.ts";
import { readSummary } from "./summary_file.ts";

/** A derived file that does not follow from its input as it is now. */
export interface StaleFile {
  /** The derived file. */
  path: string;
  /** Why it is stale. */
  why: string;
  /** The command that writes it again. */
  fix: string;
}

/**
 * The derived files of a profile's stages 1–3 that exist and do not follow from
 * the stage-1 dataset `d` now: the MBI table (by its values hash), its CSV and
 * Markdown views and `evals.csv` (derived again and compared), and
 * `distribution.json` (by the hash of the dataset file it records).
 */
export async function staleIndexFiles(profile: Profile, d: EvalDataset): Promise<StaleFile[]> {
  const dir = profileDir(profile);
  const fix = `run deno task derive-mbi --profile ${profile.name}`;
  const stale: StaleFile[] = [];
  const paths = mbiPaths(dir);
  const values = valuesHash(d.records);
  const table = await readMbiTable(paths.json).catch((e) => {
    if (e instanceof Deno.errors.NotFound) return undefined;
    stale.push({ path: paths.json, why: (e as Error).message, fix });
    return undefined;
  });
  if (table && table.input.values_sha256 !== values) {
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

/**
 * The derived files of stages 4 and 5 that exist and do not follow from their
 * inputs: `selfplay.json` (from the games, the games from the current MBI
 * table; see loadSelfplay) and the summary (from its recorded inputs as they
 * are now, `selfplay.json` and `mbi.json` among them).
 */
export async function staleStatisticsFiles(profile: Profile): Promise<StaleFile[]> {
  return (await checkStatistics(profile)).stale;
}

/**
 * A profile's stage-4 results and stage-5 summary (undefined when absent),
 * checked to follow from their inputs; throws a `stage-input` MbiError naming
 * the stale file and the command that fixes it. Stages 1–3 are not checked
 * (see requireCurrent): for a self-play design of a dataset already checked.
 */
export async function currentStatistics(
  profile: Profile,
): Promise<{ selfplay: SelfplayResults | undefined; summary: Summary | undefined }> {
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
      if (!isMbiError(e)) throw e;
      const [why, fix] = splitFix((e as Error).message, selfplayPath);
      return { stale: [{ path: selfplayPath, why, fix }] };
    }
  }
  const path = summaryPath(profile);
  let summary: Summary | undefined;
  try {
    summary = await readSummary(profile);
  } catch (e) {
    if (!isMbiError(e)) throw e;
    const [why, fix] = splitFix((e as Error).message, path);
    return { stale: [{ path, why, fix }], selfplay };
  }
  if (summary === undefined) return { stale: [], selfplay };
  const why = await staleInputs(summary.inputs, [selfplayPath, mbiPaths(profileDir(profile)).json]);
  const fix = `run deno task stats --profile ${profile.name}`;
  return why ? { stale: [{ path, why, fix }], selfplay } : { stale: [], selfplay, summary };
}

/**
 * Splits "<path> what: run X" into what is wrong (without the file's name,
 * which the stale line puts first) and the command (the stage messages end
 * with the fixing command).
 */
function splitFix(message: string, path: string): [string, string] {
  const i = message.lastIndexOf(": run ");
  const [what, fix] = i < 0 ? [message, "see the message"] : [message.slice(0, i), message.slice(i + 2)];
  const name = displayPath(path) + " ";
  return [what.startsWith(name) ? what.slice(name.length) : what, fix];
}

/** One line for a stale file: what, why, and the command that fixes it. */
export function staleLine(s: StaleFile): string {
  return `${displayPath(s.path)} ${s.why}: ${s.fix}`;
}

/**
 * Checks that every derived file of the profile follows from its inputs;
 * throws a `stage-input` MbiError naming the first stale file and the command
 * that fixes it (and how many others are stale). Returns the stage-1 dataset.
 */
export async function requireCurrent(profile: Profile, opts: { later?: boolean } = {}): Promise<EvalDataset> {
  const d = await loadEvaluations(profile);
  const stale = [
    ...await staleIndexFiles(profile, d),
    ...(opts.later === false ? [] : await staleStatisticsFiles(profile)),
  ];
  if (stale.length) {
    throw new MbiError(
      "stage-input",
      staleLine(stale[0]) + (stale.length > 1 ? ` (and ${stale.length - 1} more derived file(s) out of date)` : ""),
    );
  }
  return d;
}
