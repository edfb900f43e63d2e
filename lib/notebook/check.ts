/**
 * Type-checking and linting the notebooks' code: the code cells of each
 * notebook, in order, become one TypeScript module in a temporary folder (the
 * kernel runs them in one scope, so one module is what they are), with their
 * `../lib/` imports pointed at this repository; then `deno check` and
 * `deno lint` run on those modules with the repository's configuration.
 *
 * @module
 */

import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoPath } from "../core/mod.ts";
import type { Notebook } from "./ipynb.ts";

/** The code cells of a notebook as one module (imports of `../lib/` made absolute), with a header naming the file. */
export function notebookModule(nb: Notebook, name: string): string {
  const lib = `${pathToFileURL(repoPath("lib")).href}/`;
  const cells = nb.cells.filter((c) => c.cell_type === "code").map((c, i) => {
    const src = Array.isArray(c.source) ? c.source.join("") : c.source;
    return `// ---- ${name}, code cell ${i + 1}\n${src.replaceAll('"../lib/', `"${lib}`)}`;
  });
  return `${cells.join("\n\n")}\nexport {};\n`;
}

/** Result of checking the notebooks. */
export interface NotebookCheck {
  /** The modules written (one per notebook). */
  modules: string[];
  /** `deno check`: exit code and output. */
  check: { code: number; output: string };
  /** `deno lint`: exit code and output. */
  lint: { code: number; output: string };
}

async function run(args: string[]): Promise<{ code: number; output: string }> {
  const out = await new Deno.Command(Deno.execPath(), { args, stdout: "piped", stderr: "piped" }).output();
  const dec = new TextDecoder();
  return { code: out.code, output: (dec.decode(out.stdout) + dec.decode(out.stderr)).trim() };
}

/** Writes each notebook's code as a module into a temporary folder and runs `deno check` and `deno lint` on them. */
export async function checkNotebooks(paths: readonly string[]): Promise<NotebookCheck> {
  const dir = await Deno.makeTempDir({ prefix: "mbi-nb-check-" });
  try {
    const modules: string[] = [];
    for (const p of paths) {
      const nb: Notebook = JSON.parse(await Deno.readTextFile(p));
      const file = join(dir, basename(p).replace(/\.ipynb$/, ".ts"));
      await Deno.writeTextFile(file, notebookModule(nb, basename(p)));
      modules.push(file);
    }
    const config = repoPath("deno.json");
    const check = await run(["check", "--quiet", "--config", config, ...modules]);
    const lint = await run(["lint", "--config", config, ...modules]);
    return { modules: modules.map((m) => basename(m)), check, lint };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
