/**
 * What `derive-mbi --profile P` does: writes again every file derived from the
 * profile's stage-1 dataset — the MBI table and its views, `evals.csv`,
 * `distribution.json` with its plots, and the site when one was built — and
 * says for each the path it really wrote (under `$MBI_RESULTS_DIR` too).
 * Files of later stages that no longer follow (self-play, summary) are named
 * with their command; they are never rewritten from a table they were not
 * played from.
 *
 * @module
 */

import { join } from "node:path";
import { type Profile } from "../method/mod.ts";
import { displayPath, mbiPaths, profileDir, publishedPaths } from "../store/mod.ts";
import { deriveIndex, runDistribution, staleLine, staleStatisticsFiles } from "../analysis/mod.ts";
import { loadEvaluations, writeEvalsCsv } from "../evaluation/mod.ts";
import { buildSite } from "../site/mod.ts";

/** Derives every stage-1-derived file of `profile` again; returns the lines to print. */
export async function deriveAll(profile: Profile): Promise<string[]> {
  const dir = profileDir(profile);
  const lines: string[] = [];
  const d = await loadEvaluations(profile);
  const { table, written } = await deriveIndex(profile);
  const said = (w: boolean, path: string) => `${w ? "wrote" : "unchanged:"} ${displayPath(path)}`;
  lines.push(`${said(written, mbiPaths(dir).json)}, .csv, .md (${table.rows.length} positions)`);
  lines.push(said(await writeEvalsCsv(profile, d), join(dir, "evals.csv")));
  const distPath = join(dir, "distribution.json");
  const before = await Deno.readTextFile(distPath).catch(() => undefined);
  await runDistribution(profile);
  lines.push(said(before !== await Deno.readTextFile(distPath), distPath) + " (and plots/)");
  const later = await staleStatisticsFiles(profile);
  for (const s of later) lines.push(`not derived from the dataset, out of date: ${staleLine(s)}`);
  const site = publishedPaths(profile).site;
  if (await Deno.stat(site).then(() => true, () => false)) {
    if (later.length) lines.push(`site not rebuilt (it would publish the files above): ${displayPath(site)}`);
    else {
      const b = await buildSite(profile);
      lines.push(`${b.written.length ? "wrote" : "unchanged:"} ${displayPath(b.index)} and its files`);
    }
  }
  return lines;
}
