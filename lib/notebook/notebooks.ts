/**
 * The stage notebooks of `notebooks/`, and executing them for a profile:
 * executed copies and HTML renders go to `results/<profile>/notebooks/`; for
 * the `quick` profile the executed notebooks also replace the committed ones,
 * so reviewers read the outputs of the last quick run without running anything.
 *
 * @module
 */

import { join, relative } from "node:path";
import { sha256File, sha256Text } from "../core/hash.ts";
import { type Profile } from "../method/profiles.ts";
import { repoPath } from "../core/paths.ts";
import { ensureJupyter, executeNotebook, type NotebookRun } from "./runner.ts";
import { isPublishedOutput, profileDir } from "../store/results_key.ts";
import { outcomesRoot } from "../store/outcome_table.ts";

/** Lists `notebooks/NN_*.ipynb`, optionally only those whose number is in `only`. */
export function stageNotebooks(only: string[] = []): string[] {
  const dir = repoPath("notebooks");
  return [...Deno.readDirSync(dir)]
    .map((e) => e.name)
    .filter((n) => /^\d\d_.*\.ipynb$/.test(n))
    .filter((n) => only.length === 0 || only.some((o) => n.startsWith(o.padStart(2, "0"))))
    .sort()
    .map((n) => join(dir, n));
}

/** Files under a folder (recursively, sorted), skipping `skip` subfolders. */
export function filesUnder(dir: string, skip: string[]): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory && !skip.includes(e.name)) {
      out.push(...filesUnder(p, skip));
    } else if (e.isFile) out.push(p);
  }
  return out.sort();
}

/**
 * Hash of what the rendered notebooks depend on: the cell sources of the
 * notebooks (not their outputs), every result file of the profile (not the
 * site, dataset card and reproduce record, which are made from them), and the
 * outcome tables.
 */
export async function renderInputsHash(
  profile: Profile,
  notebooks: string[],
): Promise<string> {
  const dir = profileDir(profile);
  const parts: string[] = [];
  for (const nb of notebooks) {
    const cells = JSON.parse(await Deno.readTextFile(nb)).cells.map((
      c: { source: string | string[] },
    ) => c.source);
    parts.push(`${relative(dir, nb)} ${sha256Text(JSON.stringify(cells))}`);
  }
  for (const f of filesUnder(dir, ["notebooks"])) {
    if (isPublishedOutput(relative(dir, f))) continue; // written after the notebooks, from the same results
    parts.push(`${relative(dir, f)} ${await sha256File(f)}`);
  }
  // notebook 07 reads the outcome tables (not their validation files: it validates in memory)
  const outcomes = outcomesRoot();
  if (await Deno.stat(outcomes).then(() => true, () => false)) {
    for (const f of filesUnder(outcomes, ["validation"])) {
      parts.push(`outcomes/${relative(outcomes, f)} ${await sha256File(f)}`);
    }
  }
  return sha256Text(parts.join("\n"));
}

/**
 * Executes notebooks in order for a profile; stops at the first failing one.
 * When neither the notebooks' cells nor the profile's result files changed
 * since the last complete render, nothing is executed (unless `force`).
 */
export async function runStageNotebooks(
  profile: Profile,
  only: string[] = [],
  log: (line: string) => void = console.error,
  force = false,
): Promise<NotebookRun[]> {
  const notebooks = stageNotebooks(only);
  if (notebooks.length === 0) {
    throw new Error(`no notebook matches ${only.join(" ")} in notebooks/`);
  }
  const outDir = join(profileDir(profile), "notebooks");
  const stampPath = join(outDir, "rendered.json");
  const hash = only.length === 0 ? await renderInputsHash(profile, notebooks) : "";
  const stamp = await Deno.readTextFile(stampPath).then(JSON.parse).catch(() => undefined);
  if (!force && hash && stamp?.inputs === hash) {
    log(
      `notebooks up to date for ${profile.name} (same cells and result files as the last render)`,
    );
    return [];
  }
  await ensureJupyter(true);
  const runs: NotebookRun[] = [];
  for (const nb of notebooks) {
    log(`notebook ${nb.replace(/^.*\//, "")} (profile ${profile.name}) ...`);
    const run = await executeNotebook(nb, {
      outDir,
      html: true,
      env: { MBI_PROFILE: profile.name },
    });
    runs.push(run);
    log(
      `  ${run.ok ? "ok" : "FAILED"} in ${run.wallS.toFixed(1)} s -> ${run.output}${run.error ? `: ${run.error}` : ""}`,
    );
    if (!run.ok) break;
    if (profile.name === "quick") await Deno.copyFile(run.output, nb);
  }
  if (hash && runs.length === notebooks.length && runs.every((r) => r.ok)) {
    // Hashed again after the run: a notebook may itself write inputs of others (07 builds the shipped
    // outcome tables when missing), and the stamp must describe what the renders were made from.
    await Deno.writeTextFile(
      stampPath,
      JSON.stringify({ inputs: await renderInputsHash(profile, notebooks) }) + "\n",
    );
  }
  return runs;
}
