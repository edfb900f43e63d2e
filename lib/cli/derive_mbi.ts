/**
 * `deno task derive-mbi`: with a profile, writes again every file derived from its stage-1 dataset, saying the path it
 * really wrote; later stages' files that no longer follow are named with their command, never rewritten.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { type Profile } from "../method/mod.ts";
import {
  buildMbiTable,
  displayPath,
  mbiPaths,
  profileDir,
  publishedPaths,
  readPositionValues,
  writeMbiTable,
} from "../store/mod.ts";
import { deriveIndex, runDistribution, staleLine, staleStatisticsFiles } from "../analysis/mod.ts";
import { loadEvaluations, writeEvalsCsv } from "../evaluation/mod.ts";
import { buildSite } from "../site/mod.ts";
import { command, runCommand, UsageError, userPath, valueOf } from "./command.ts";
import { ENGINE, OUT_DIR, PROFILE, resultsProfile } from "./options.ts";

/** The declaration of `deno task derive-mbi`. */
export const COMMAND = command({
  name: "derive-mbi",
  description: "derives the MBI table of a stage-1 dataset (or of any JSONL/CSV with sp and eval_cp)",
  details: ["with --profile it writes again every file derived from the profile's dataset"],
  options: {
    profile: PROFILE,
    engine: ENGINE,
    evals: valueOf("FILE", "index this JSONL/CSV file with sp and eval_cp columns instead of a profile", userPath),
    out: { ...OUT_DIR, help: "with --evals: write the table into this folder", defaultText: "beside the --evals file" },
  },
});

const said = (written: boolean, path: string) => `${written ? "wrote" : "unchanged:"} ${displayPath(path)}`;

/** Derives every stage-1-derived file of `profile` again; returns the lines to print. */
async function deriveAll(profile: Profile): Promise<string[]> {
  const dir = profileDir(profile);
  const d = await loadEvaluations(profile);
  const { table, written } = await deriveIndex(profile);
  const lines = [`${said(written, mbiPaths(dir).json)}, .csv, .md (${table.rows.length} positions)`];
  lines.push(said(await writeEvalsCsv(profile, d), join(dir, "evals.csv")));
  const distPath = join(dir, "distribution.json");
  const { written: stage2 } = await runDistribution(profile);
  const plots = stage2.filter((p) => p !== distPath).length;
  lines.push(
    said(stage2.includes(distPath), distPath) + (plots ? `; wrote ${plots} of its plots/` : "; plots/ unchanged"),
  );
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

await runCommand(import.meta, COMMAND, async ({ values }) => {
  if (!values.evals) {
    if (values.out) throw new UsageError("--out needs --evals (a profile's table goes to results/<profile>/)");
    for (const line of await deriveAll(resultsProfile(values))) console.log(line);
    return;
  }
  const path = values.evals;
  const input = await readPositionValues(path);
  const table = await buildMbiTable(path, input, input.header?.profile ?? "custom");
  const out = values.out ?? dirname(path);
  const { written } = await writeMbiTable(out, table);
  console.log(`${said(written, mbiPaths(out).json)}, .csv, .md (${table.rows.length} positions)`);
});
