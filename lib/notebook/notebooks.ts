/**
 * The stage notebooks of `notebooks/`, and executing them for a profile into `results/<profile>/notebooks/` (a
 * self-play design's into its own folder). For the `quick` profile of the repository's own results the executed
 * notebooks also replace the committed ones, so reviewers read the last quick run's outputs without running anything.
 *
 * @module
 */

import { loadEvaluations } from "../evaluation/mod.ts";
import { requireCurrent } from "../analysis/mod.ts";
import { basename, dirname, join, relative, resolve } from "node:path";
import { MbiError, pathExists, repoPath, sha256File, sha256Text } from "../core/mod.ts";
import { type Profile } from "../method/mod.ts";
import { ensureJupyter, executeNotebook, type Notebook, type NotebookRun } from "./runner.ts";
import { engineToCheck } from "./evaluation_view.ts";
import { ensureFingerprint, resolveEngine } from "../engine/mod.ts";
import {
  baseProfileName,
  evalFilePath,
  evalFolderName,
  isComplete,
  isPublishedOutput,
  listResultFolders,
  outcomesRoot,
  PER_POSITION_FILES,
  profileDir,
  publishedPaths,
  readEvalDataset,
  readTextIfExists,
  resultsRoot,
  selfplayDir,
  snapshotPath,
  summarisedDesigns,
  writeFileAtomic,
} from "../store/mod.ts";

/** The project's stage notebooks, one per number (an analyst's own `03_analyst.ipynb` is never run in their place). */
export const STAGE_NOTEBOOKS: readonly string[] = [
  "01_engine_evaluation.ipynb",
  "02_eval_distribution.ipynb",
  "03_rank_and_mbi.ipynb",
  "04_selfplay_validation.ipynb",
  "05_bootstrap_ci.ipynb",
  "06_engine_comparison.ipynb",
  "07_external_validation.ipynb",
];

/** The project's stage notebooks ({@link STAGE_NOTEBOOKS}) as paths, optionally only those whose number is in `only`. */
export function stageNotebooks(only: readonly string[] = []): string[] {
  const dir = repoPath("notebooks");
  return STAGE_NOTEBOOKS
    .filter((n) => only.length === 0 || only.some((o) => n.slice(0, 2) === o.padStart(2, "0")))
    .map((n) => join(dir, n));
}

/** The notebooks of a self-play design, by number: its games (04) and their statistics (05); the others are its dataset's. */
export const DESIGN_NOTEBOOKS: readonly string[] = ["04", "05"];

/**
 * The notebooks (numbers) a render of `profile` runs: those asked for (none: all, or for a dataset whose self-play is
 * only in its designs all but theirs); for a design's key only its own ({@link DESIGN_NOTEBOOKS}), asking for one
 * of its dataset's being a usage error naming the dataset.
 */
export function notebooksOf(profile: Profile, only: readonly string[]): readonly string[] {
  const dataset = evalFolderName(profile);
  if (dataset === profile.name) {
    // A dataset whose self-play lives in its designs (no games of its own): its 04 and 05 are the designs'; a
    // render of all its notebooks would play a design of its own, so only asking for them by number does.
    const ownGames = pathExists(join(selfplayDir(profile), "selfplay.json"));
    if (only.length === 0 && !ownGames && summarisedDesigns(profile).length > 0) {
      return STAGE_NOTEBOOKS.map((n) => n.slice(0, 2)).filter((n) => !DESIGN_NOTEBOOKS.includes(n));
    }
    return only;
  }
  const theirs = only.find((n) => !DESIGN_NOTEBOOKS.includes(n.padStart(2, "0")));
  if (theirs !== undefined) {
    throw new MbiError(
      "bad-argument",
      `notebook ${theirs} belongs to the dataset ${dataset}, not to the self-play design ${profile.name} ` +
        `(its notebooks: ${DESIGN_NOTEBOOKS.join(", ")}): run deno task notebooks --profile ${dataset} ${theirs}`,
    );
  }
  return only.length ? only : DESIGN_NOTEBOOKS;
}

/** Result files a notebook writes that others read: 06's `engine_comparison.json`, quoted by 03 and 05. */
export const NOTEBOOK_WRITES: Record<string, string[]> = { "06": ["engine_comparison.json"] };

/** The order to render notebooks in: the writers of {@link NOTEBOOK_WRITES} first, so none shows a file a later one rewrites. */
export function renderOrder(notebooks: readonly string[]): string[] {
  const writes = (nb: string) => basename(nb).slice(0, 2) in NOTEBOOK_WRITES;
  return [...notebooks.filter(writes), ...notebooks.filter((nb) => !writes(nb))];
}

/** Files under a folder (recursively, sorted), skipping `skip` subfolders. */
export function filesUnder(dir: string, skip: string[]): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory && !skip.includes(e.name)) out.push(...filesUnder(p, skip));
    else if (e.isFile) out.push(p);
  }
  return out.sort();
}

/**
 * The result files the notebooks of a profile read, relative to the results root: the profile folder's (not its
 * published outputs, made from the same results); every other folder's stage-1 dataset and determinism check (02,
 * 03, 05 and 06 compare with them); the root's engine comparison (the limitations quote it); the outcome tables
 * (07). Folders of the `ci` test profile count only for `ci` (they hold other positions). Of another folder's dataset
 * still being computed, the notebooks quote only how far it has gone, from its published snapshot where it has one:
 * then the snapshot counts, not the growing file.
 */
export async function renderInputs(profile: Profile): Promise<string[]> {
  const root = resultsRoot();
  const own = profileDir(profile);
  const files = filesUnder(own, []).filter((f) => !isPublishedOutput(relative(own, f)));
  const ci = baseProfileName(profile) === "ci";
  for (const folder of listResultFolders(root)) {
    if (folder.path === own || (folder.key.profile === "ci" && !ci)) continue;
    const evals = evalFilePath(folder.path), snapshot = snapshotPath(folder.path);
    if (pathExists(evals)) files.push(await growing(evals) && pathExists(snapshot) ? snapshot : evals);
    const determinism = join(folder.path, "determinism.json");
    if (pathExists(determinism)) files.push(determinism);
  }
  const comparison = join(root, "engine_comparison.json");
  if (pathExists(comparison)) files.push(comparison);
  // notebook 07 reads the outcome tables and their validation files; a private table's per-position files stay on
  // the machine that built it and 07 never shows them, so they are no input (a fresh clone has none)
  const outcomes = outcomesRoot();
  if (pathExists(outcomes)) {
    for (const f of filesUnder(outcomes, [])) if (!(await unshipped(f))) files.push(f);
  }
  return files.map((f) => relative(root, f));
}

/** True for a private outcome table's per-position file (store/outcome_table.ts: never committed). */
async function unshipped(path: string): Promise<boolean> {
  if (!(PER_POSITION_FILES as readonly string[]).includes(basename(path))) return false;
  const meta = await readTextIfExists(join(dirname(path), "outcomes.json"));
  return meta !== undefined && (JSON.parse(meta) as { private?: boolean }).private === true;
}

/** True when the dataset at `path` still lacks positions (one that does not read counts as it is, not growing). */
async function growing(path: string): Promise<boolean> {
  try {
    const d = await readEvalDataset(path);
    return d !== undefined && !isComplete(d);
  } catch {
    return false;
  }
}

/** A relative module a TypeScript text imports or re-exports, statically or by a literal dynamic import. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The code a render of `notebooks` runs, relative to the repository: the modules their code cells import and theirs in
 * turn (relative imports, followed by hand: a regular expression over the texts, no module graph is built for this);
 * the runner that executes and exports them (`runner.ts` and its imports, `run_notebook.py`, the nbconvert
 * template); and the pinned dependencies (`deno.json`, `deno.lock`), which fix every npm package. A change in any of
 * it may change what the notebooks show; a change elsewhere (a command, the site) does not make them stale.
 */
export function renderCode(notebooks: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !pathExists(file)) return;
    seen.add(file);
    for (const m of Deno.readTextFileSync(file).matchAll(RELATIVE_IMPORT)) visit(resolve(dirname(file), m[1]));
  };
  for (const nb of notebooks) {
    const cells = (JSON.parse(Deno.readTextFileSync(nb)) as Notebook).cells.filter((c) => c.cell_type === "code");
    const code = cells.map((c) => [c.source].flat().join("")).join("\n");
    for (const m of code.matchAll(RELATIVE_IMPORT)) visit(resolve(dirname(nb), m[1]));
  }
  visit(repoPath("lib", "notebook", "runner.ts"));
  const runner = [
    "run_notebook.py",
    ...filesUnder(repoPath("lib", "notebook", "nbconvert"), [])
      .map((f) => relative(repoPath("lib", "notebook"), f)),
  ].map((f) => repoPath("lib", "notebook", f));
  const pins = ["deno.json", "deno.lock"].map((f) => repoPath(f));
  return [...[...seen].sort(), ...runner, ...pins].filter(pathExists).map((f) => relative(repoPath(), f));
}

/**
 * Hash of what the rendered notebooks depend on: their cell sources (not outputs), the code they run
 * ({@link renderCode}) and the {@link renderInputs}.
 */
export async function renderInputsHash(profile: Profile, notebooks: string[]): Promise<string> {
  const root = resultsRoot();
  const parts: string[] = [];
  for (const nb of notebooks) {
    const cells = (JSON.parse(await Deno.readTextFile(nb)) as Notebook).cells.map((c) => c.source);
    parts.push(`${basename(nb)} ${sha256Text(JSON.stringify(cells))}`);
  }
  for (const f of renderCode(notebooks)) parts.push(`${f} ${await sha256File(repoPath(f))}`);
  for (const f of await renderInputs(profile)) parts.push(`${f} ${await sha256File(join(root, f))}`);
  return sha256Text(parts.join("\n"));
}

/**
 * Executes notebooks in order for a profile, stopping at the first failing one; nothing when neither their cells, the
 * code they run nor the {@link renderInputs} changed since the last complete render (unless `force`).
 */
export async function runStageNotebooks(
  profile: Profile,
  only: string[] = [],
  log: (line: string) => void = console.error,
  force = false,
): Promise<NotebookRun[]> {
  // every number asked for names a notebook (one that names none is an error, not skipped), checked before
  // a design's key says whose notebook it is
  const unmatched = only.filter((o) => stageNotebooks([o]).length === 0);
  const notebooks = unmatched.length ? [] : stageNotebooks(notebooksOf(profile, only));
  if (notebooks.length === 0) {
    const asked = (unmatched.length ? unmatched : only).join(" ");
    throw new MbiError("bad-argument", `no notebook matches ${asked} in notebooks/ (give their numbers, e.g. 02 03)`);
  }
  const outDir = publishedPaths(profile).notebooks;
  const stampPath = join(outDir, "rendered.json");
  const hash = only.length === 0 ? await renderInputsHash(profile, notebooks) : "";
  const stamp = await Deno.readTextFile(stampPath).then(JSON.parse).catch(() => undefined);
  if (!force && hash && stamp?.inputs === hash) {
    log(`notebooks up to date for ${profile.name} (same cells, code and result files as the last render)`);
    return [];
  }
  // The notebooks show the result files: refuse stale ones (naming the command) rather than show them.
  if (await loadEvaluations(profile).then(() => true, () => false)) await requireCurrent(profile);
  await ensureJupyter(true);
  // The engine's first-run fingerprint measurement happens here, its message in this log, never in a cell's output.
  try {
    await ensureFingerprint(resolveEngine(engineToCheck(profile).id));
  } catch {
    // not installed or not starting here: notebook 01 says so, with the identity the dataset records
  }
  const runs: NotebookRun[] = [];
  for (const nb of renderOrder(notebooks)) {
    log(`notebook ${nb.replace(/^.*\//, "")} (profile ${profile.name}) ...`);
    const run = await executeNotebook(nb, { outDir, html: true, env: { MBI_PROFILE: profile.name } });
    runs.push(run);
    const how = `${run.ok ? "ok" : "FAILED"} in ${run.wallS.toFixed(1)} s`;
    log(`  ${how} -> ${run.output}${run.error ? `: ${run.error}` : ""}`);
    if (!run.ok) break;
    // The committed notebooks carry the quick outputs, from the repository's own results only (never a scratch root's).
    if (profile.name === "quick" && resultsRoot() === repoPath("results")) {
      await writeFileAtomic(nb, await Deno.readFile(run.output));
    }
  }
  if (hash && runs.length === notebooks.length && runs.every((r) => r.ok)) {
    // Hashed again after the run: the notebooks run the stages and may themselves write inputs of others
    // (06 writes engine_comparison.json, 07 builds the shipped outcome tables when missing); the stamp must
    // describe what the renders were made from.
    await writeFileAtomic(stampPath, JSON.stringify({ inputs: await renderInputsHash(profile, notebooks) }) + "\n");
  }
  return runs;
}

/** Throws a `notebook` error naming the first notebook that failed to execute or render (for a command that needs them all). */
export function requireRendered(runs: readonly NotebookRun[]): void {
  const failed = runs.find((r) => !r.ok);
  if (failed) throw new MbiError("notebook", `notebook ${failed.input} failed: ${failed.error}`);
}
