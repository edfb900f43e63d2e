/**
 * The stage notebooks of `notebooks/`, and executing them for a profile:
 * executed copies and HTML renders go to `results/<profile>/notebooks/`; for
 * the `quick` profile the executed notebooks also replace the committed ones,
 * so reviewers read the outputs of the last quick run without running anything.
 *
 * @module
 */

import { join } from "node:path";
import { type Profile, profileDir } from "../profiles.ts";
import { repoPath } from "../paths.ts";
import { ensureJupyter, executeNotebook, type NotebookRun } from "./runner.ts";

/** Lists `notebooks/NN_*.ipynb`, optionally only those whose number is in `only`. */
export function stageNotebooks(only: string[] = []): string[] {
  const dir = repoPath("notebooks");
  return [...Deno.readDirSync(dir)]
    .map((e) => e.name)
    .filter((n) => /^\d\d_.*\.ipynb$/.test(n))
    .filter((n) =>
      only.length === 0 || only.some((o) => n.startsWith(o.padStart(2, "0")))
    )
    .sort()
    .map((n) => join(dir, n));
}

/** Executes notebooks in order for a profile; stops at the first failing one. */
export async function runStageNotebooks(
  profile: Profile,
  only: string[] = [],
  log: (line: string) => void = console.error,
): Promise<NotebookRun[]> {
  await ensureJupyter();
  const notebooks = stageNotebooks(only);
  if (notebooks.length === 0) {
    throw new Error(`no notebook matches ${only.join(" ")} in notebooks/`);
  }
  const outDir = join(profileDir(profile), "notebooks");
  const runs: NotebookRun[] = [];
  for (const nb of notebooks) {
    log(`notebook ${nb.replace(/^.*\//, "")} (profile ${profile.name}) ...`);
    const run = await executeNotebook(nb, {
      outDir,
      html: true,
      env: { MBI_PROFILE: profile.name.split("~")[0] },
    });
    runs.push(run);
    log(
      `  ${run.ok ? "ok" : "FAILED"} in ${
        run.wallS.toFixed(1)
      } s -> ${run.output}${run.error ? `: ${run.error}` : ""}`,
    );
    if (!run.ok) break;
    if (profile.name === "quick") await Deno.copyFile(run.output, nb);
  }
  return runs;
}
