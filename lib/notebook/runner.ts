/**
 * Headless notebook execution with the Deno kernel: runs `run_notebook.py`
 * (nbclient with a grace period after idle, so no output is lost) and renders
 * HTML with nbconvert.
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
 * Checks that nbclient and nbconvert import, and installs the Deno kernelspec
 * for this deno. With `autoInstall` on a Debian machine where we are root, a
 * missing Jupyter is installed from Debian's packages (announced on stderr).
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
  await execa(Deno.execPath(), ["jupyter", "--install", "--force"], {
    reject: false,
  });
}

/** Result of executing one notebook. */
export interface NotebookRun {
  /** Source notebook. */
  input: string;
  /** Executed notebook. */
  output: string;
  /** HTML render (when asked for). */
  html?: string;
  /** True when every cell ran without error. */
  ok: boolean;
  /** Last line of the error, when a cell failed. */
  error?: string;
  /** Wall time in seconds. */
  wallS: number;
}

/** Options of {@link executeNotebook}. */
export interface ExecuteOptions {
  /** Folder for the executed notebook (and its HTML). */
  outDir: string;
  /** Extra environment for the kernel (e.g. MBI_PROFILE). */
  env?: Record<string, string>;
  /** Also render HTML. */
  html?: boolean;
  /** Seconds to keep reading after a cell's idle message. */
  grace?: number;
  /** Working directory of the kernel (default: the notebook's folder). */
  cwd?: string;
}

/**
 * Executes a notebook headless; never throws for a failing cell (see `ok`).
 * Jupyter writes into a private scratch folder; the notebook and its HTML are
 * then put into `outDir` by the store's atomic writes (never through a
 * symbolic link, never outside the results root).
 */
export async function executeNotebook(
  input: string,
  opts: ExecuteOptions,
): Promise<NotebookRun> {
  const t0 = performance.now();
  await makeFolder(opts.outDir);
  const output = join(opts.outDir, basename(input));
  const scratch = await Deno.makeTempDir({ prefix: "mbi-notebook-" });
  try {
    const made = join(scratch, basename(input));
    const cwd = opts.cwd ?? input.slice(0, input.lastIndexOf("/")) ?? ".";
    const r = await execa(
      PYTHON,
      [
        repoPath("lib", "notebook", "run_notebook.py"),
        input,
        made,
        "--cwd",
        cwd,
        "--grace",
        String(opts.grace ?? 0.5),
      ],
      { reject: false, env: { ...opts.env, NO_COLOR: "1" }, all: true },
    );
    const run: NotebookRun = { input, output, ok: r.exitCode === 0, wallS: 0 };
    if (r.exitCode !== 0) {
      run.error = (r.all ?? "").trim().split("\n").slice(-1)[0] ||
        `exit ${r.exitCode}`;
    }
    if (await Deno.stat(made).then(() => true, () => false)) await writeFileAtomic(output, await Deno.readFile(made));
    if (opts.html) {
      const h = await execa(PYTHON, [
        "-m",
        "nbconvert",
        "--to",
        "html",
        "--template-file",
        HTML_TEMPLATE,
        "--output-dir",
        scratch,
        made,
      ], {
        reject: false,
        all: true,
      });
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
