/**
 * Headless notebook execution with the Deno kernel: `run_notebook.py` (nbclient with a grace period after idle, so
 * no output is lost), the HTML render with nbconvert, and minimal .ipynb (nbformat 4) types.
 *
 * @module
 */

import { execa } from "execa";
import { basename, join } from "node:path";
import { MbiError, repoPath } from "../core/mod.ts";
import { makeFolder, writeFileAtomic } from "../store/mod.ts";

/** Python that has Debian's nbclient and nbconvert. */
export const PYTHON = "/usr/bin/python3";

/** The HTML export's template: nbconvert's lab template without scripts from outside the page (see the file). */
export const HTML_TEMPLATE = repoPath("lib/notebook/nbconvert/page.html.j2");

/** The install line printed when Jupyter is missing. */
export const JUPYTER_INSTALL =
  "apt-get install -y --no-install-recommends jupyter-client jupyter-nbconvert python3-nbclient";

/** True when Debian's nbclient and nbconvert import (synchronous; for deciding whether to run notebook tests). */
export function jupyterAvailable(): boolean {
  try {
    return new Deno.Command(PYTHON, { args: ["-c", "import nbclient, nbconvert"], stderr: "null" }).outputSync()
      .success;
  } catch {
    return false; // no python at that path
  }
}

/**
 * Checks that nbclient and nbconvert import, and installs the Deno kernelspec for this deno; with `autoInstall`, as
 * root on Debian, a missing Jupyter is installed from Debian's packages (announced on stderr).
 */
export async function ensureJupyter(autoInstall = false): Promise<void> {
  const probe = () => execa(PYTHON, ["-c", "import nbclient, nbconvert, jupyter_client"], { reject: false });
  if ((await probe()).exitCode !== 0 && autoInstall && Deno.uid() === 0) {
    if ((await execa("sh", ["-c", "command -v apt-get"], { reject: false })).exitCode === 0) {
      console.error(`Jupyter is missing: installing it from Debian (${JUPYTER_INSTALL})`);
      const env = { DEBIAN_FRONTEND: "noninteractive" };
      await execa("apt-get", ["update", "-qq"], { reject: false, stdio: "inherit", env });
      await execa("apt-get", JUPYTER_INSTALL.split(" ").slice(1), { reject: false, stdio: "inherit", env });
    }
  }
  const check = await probe();
  if (check.exitCode !== 0) {
    const detail = check.failed && check.code === "ENOENT" ? `${PYTHON} not found` : "nbclient/nbconvert do not import";
    throw new MbiError("jupyter-missing", `Jupyter is not installed (${detail}); install it with: ${JUPYTER_INSTALL}`);
  }
  await execa(Deno.execPath(), ["jupyter", "--install", "--force"], { reject: false });
}

/** Result of executing one notebook: source, executed copy, HTML render (when asked for), wall time in s. */
export interface NotebookRun {
  input: string;
  output: string;
  html?: string;
  /** True when every cell ran without error. */
  ok: boolean;
  /** Last line of the error, when a cell failed. */
  error?: string;
  wallS: number;
}

/** Options of {@link executeNotebook}: the folder for the executed notebook, the kernel's extra environment, HTML. */
export type ExecuteOptions = { outDir: string; env?: Record<string, string>; html?: boolean };

/**
 * Executes a notebook headless; never throws for a failing cell (see `ok`). Jupyter writes into a private scratch
 * folder; the store's atomic writes put the results into `outDir` (never through a link, never outside the root).
 */
export async function executeNotebook(input: string, opts: ExecuteOptions): Promise<NotebookRun> {
  const t0 = performance.now();
  await makeFolder(opts.outDir);
  const output = join(opts.outDir, basename(input));
  const scratch = await Deno.makeTempDir({ prefix: "mbi-notebook-" });
  try {
    const made = join(scratch, basename(input));
    const cwd = input.slice(0, input.lastIndexOf("/"));
    const script = repoPath("lib", "notebook", "run_notebook.py");
    const notebookArgs = [script, input, made, "--cwd", cwd, "--grace", "0.5"];
    const r = await execa(PYTHON, notebookArgs, { reject: false, env: { ...opts.env, NO_COLOR: "1" }, all: true });
    const run: NotebookRun = { input, output, ok: r.exitCode === 0, wallS: 0 };
    if (r.exitCode !== 0) run.error = (r.all ?? "").trim().split("\n").slice(-1)[0] || `exit ${r.exitCode}`;
    if (await Deno.stat(made).then(() => true, () => false)) await writeFileAtomic(output, await Deno.readFile(made));
    if (opts.html) {
      const args = ["-m", "nbconvert", "--to", "html", "--template-file", HTML_TEMPLATE, "--output-dir", scratch, made];
      const h = await execa(PYTHON, args, { reject: false, all: true });
      if (h.exitCode === 0) {
        run.html = output.replace(/\.ipynb$/, ".html");
        await writeFileAtomic(run.html, await Deno.readFile(made.replace(/\.ipynb$/, ".html")));
      } else run.error ??= `HTML export failed: ${(h.all ?? "").trim().split("\n").slice(-1)[0]}`;
    }
    run.wallS = (performance.now() - t0) / 1000;
    return run;
  } finally {
    await Deno.remove(scratch, { recursive: true }).catch(() => {});
  }
}

/** A cell as written in a notebook file (outputs and execution count for a code cell). */
export interface Cell {
  cell_type: "code" | "markdown";
  source: string | string[];
  outputs?: Output[];
  metadata: Record<string, unknown>;
  execution_count?: number | null;
}

/** One output of a code cell: stream (`text`), display_data or execute_result (the MIME bundle `data`), or error. */
export type Output = { output_type: string; text?: string | string[]; data?: Record<string, unknown>; ename?: string };

/** A notebook file (nbformat 4). */
export type Notebook = { cells: Cell[]; metadata: Record<string, unknown>; nbformat: number; nbformat_minor: number };

/** The text of all outputs of a cell (streams, plain text and HTML of displays). */
export function outputText(cell: Cell): string {
  return (cell.outputs ?? []).map((o) => {
    const join = (t: unknown) => Array.isArray(t) ? t.join("") : String(t ?? "");
    if (o.output_type === "stream") return join(o.text);
    return join(o.data?.["text/plain"]) + join(o.data?.["text/html"]);
  }).join("\n");
}
