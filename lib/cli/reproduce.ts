/**
 * `deno task reproduce`: recomputes a published profile from scratch in a scratch results root, with the engine and
 * budgets its files record, and compares every file with the committed one; only `--record` (or `--record-report`,
 * refused when a compared file has changed since) writes the report into the profile folder.
 *
 * @module
 */

import { join } from "node:path";
import { MbiError, repoPath } from "../core/mod.ts";
import { loadEvaluations } from "../evaluation/mod.ts";
import {
  changedSince,
  compareProfiles,
  machineInfo,
  REPRODUCE_SCHEMA,
  type ReproduceRecord,
  SET_ASIDE,
  writeReproduceRecord,
} from "../analysis/mod.ts";
import { engineForDataset, formatDuration } from "../runs/mod.ts";
import {
  datasetFolder,
  displayPath,
  getProfile,
  RESULTS_ENV,
  resultsRoot,
  selfplayDir,
  siblingDatasets,
} from "../store/mod.ts";
import { openingDistinct, readGames } from "../selfplay/mod.ts";
import { buildSite } from "../site/mod.ts";
import { command, flag, runCommand, text, UsageError } from "./command.ts";
import { PROFILE, WORKERS } from "./options.ts";
import { type Profile } from "../method/mod.ts";

/** The declaration of `deno task reproduce`. */
export const COMMAND = command({
  name: "reproduce",
  description:
    "recomputes a published profile from scratch in a scratch folder and compares every file with the committed one",
  details: [
    "the report goes to the scratch folder (reproduce.json); the committed files are not touched unless --record",
    "exit 0 when every file is identical, 1 otherwise",
  ],
  options: {
    profile: PROFILE,
    workers: WORKERS,
    keep: flag("keep the recomputed results in the scratch folder"),
    record: flag("also write the report into the profile folder and rebuild its site and card, which show it"),
    "record-report": text(
      "FILE",
      "record a report made earlier, without recomputing (refused if a file it compared changed)",
    ),
  },
});

const verdict = (identical: boolean) => identical ? "every file identical" : "differences found";

/** `--record-report FILE`: records an earlier report of this profile when the files it compared are unchanged. */
async function recordReport(profile: Profile, file: string): Promise<number> {
  const report = await Deno.readTextFile(file).then(JSON.parse).catch((e) => {
    throw new MbiError("reproduce", `--record-report ${file}: cannot read it (${e.message})`);
  }) as ReproduceRecord;
  if (report?.kind !== "mbi-reproduce" || report.profile !== profile.name) {
    const found = report?.kind === "mbi-reproduce" ? `profile ${report.profile}` : "another kind of file";
    const not = `not a reproduce report of profile ${profile.name} (found ${found})`;
    throw new MbiError("reproduce", `--record-report ${file}: ${not}`);
  }
  const changed = await changedSince(profile, report);
  if (changed.length) {
    const since = `the committed files changed since it was made (${changed.join(", ")})`;
    throw new MbiError("reproduce", `--record-report ${file}: ${since}; run deno task reproduce again`);
  }
  const path = await writeReproduceRecord(profile, report);
  console.error(`recorded in ${displayPath(path)} (${verdict(report.identical)}, ${report.date})`);
  await buildSite(profile, console.error);
  return report.identical ? 0 : 1;
}

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const profile = getProfile(values.profile);
  if (values["record-report"] !== undefined) {
    if (values.record) throw new UsageError("--record and --record-report: give one");
    return await recordReport(profile, values["record-report"]);
  }
  const workers = values.workers;
  const committed = await loadEvaluations(profile);
  const h = committed.header;
  // The engine that made the committed files, as recorded in their header (or one with its fingerprint).
  const chosen = engineForDataset(h);
  console.error(chosen.note);
  const engine = chosen.engine.entry.id.replace(/^path:/, "");
  const root = resultsRoot();
  const scratchDir = await Deno.makeTempDir({ prefix: `mbi-reproduce-${profile.name}-` });
  const scratch = join(scratchDir, "results");
  await Deno.mkdir(scratch);
  const t0 = performance.now();
  console.error(
    `reproduce ${profile.name}: ${h.engine.uci_name} (${engine}, fingerprint ${h.config.engine_fingerprint}), ` +
      `budget ${JSON.stringify(h.config.limit)}; recomputing in ${scratch}`,
  );
  // Stage 2 compares with the other budgets of the same engine: those datasets are its inputs, copied as they are.
  for (const o of await siblingDatasets(committed)) {
    const folder = datasetFolder(o);
    await Deno.mkdir(join(scratch, folder), { recursive: true });
    await Deno.copyFile(o.path, join(scratch, folder, "evals.jsonl"));
    console.error(`  input of stage 2: ${displayPath(o.path)} (copied)`);
  }
  // The committed games' opening rule: a design begun before openings were distinct by position is
  // recomputed by its own rule (the recomputation starts with no games file to take it from).
  const games = await readGames(join(selfplayDir(profile), "games.jsonl")).catch(() => undefined);
  const openings = games ? ["--openings", openingDistinct(games.header.config.opening)] : [];
  const pipeline = ["run", "-A", repoPath("lib", "cli", "pipeline.ts"), "--profile", profile.name, "--engine", engine];
  const run = await new Deno.Command(Deno.execPath(), {
    args: [...pipeline, "--workers", String(workers), "--no-notebooks", "--no-site", ...openings],
    env: { [RESULTS_ENV]: scratch },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!run.success) {
    throw new MbiError("reproduce", `the recomputation failed (exit ${run.code}); scratch folder kept: ${scratch}`);
  }
  const files = await compareProfiles(profile, root, scratch);
  const duration = (performance.now() - t0) / 1000;
  const record: ReproduceRecord = {
    kind: "mbi-reproduce",
    schema: REPRODUCE_SCHEMA,
    profile: profile.name,
    date: new Date().toISOString(),
    machine: machineInfo(),
    duration_s: Math.round(duration * 10) / 10,
    engine: { id: h.engine.id, uci_name: h.engine.uci_name, fingerprint: h.config.engine_fingerprint },
    command: `deno task reproduce --profile ${profile.name}`,
    set_aside: SET_ASIDE,
    files,
    identical: files.every((f) => f.verdict === "identical"),
  };
  for (const f of files) console.log(`${f.verdict.padEnd(9)} ${f.file}${f.difference ? `: ${f.difference}` : ""}`);
  console.log(`(${SET_ASIDE})`);
  const report = await writeReproduceRecord(profile, record, join(scratchDir, "reproduce.json"));
  console.error(`reproduce ${profile.name}: ${verdict(record.identical)} in ${formatDuration(duration)} -> ${report}`);
  if (values.record) {
    const path = await writeReproduceRecord(profile, record);
    console.error(`recorded in ${displayPath(path)}`);
    await buildSite(profile, console.error);
  } else console.error("committed files unchanged (--record writes the report into the profile folder)");
  if (values.keep) console.error(`scratch folder kept: ${scratch}`);
  else await Deno.remove(scratch, { recursive: true });
  return record.identical ? 0 : 1;
});
