/**
 * Type-checking and linting the notebooks' code: each notebook's code cells, in order, become one module (the
 * kernel runs them in one scope), its `../lib/` imports pointed at this repository, for `deno check` and `deno lint`.
 *
 * @module
 */

import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoPath } from "../core/mod.ts";
import type { Notebook } from "./runner.ts";

/** The code cells of a notebook as one module (imports of `../lib/` made absolute), with a header naming the file. */
export function notebookModule(nb: Notebook, name: string): string {
  const lib = `${pathToFileURL(repoPath("lib")).href}/`;
  const cells = nb.cells.filter((c) => c.cell_type === "code").map((c, i) => {
    const src = Array.isArray(c.source) ? c.source.join("") : c.source;
    return `// ---- ${name}, code cell ${i + 1}\n${src.replaceAll('"../lib/', `"${lib}`)}`;
  });
  return `${cells.join("\n\n")}\nexport {};\n`;
}

/** A deno command's exit code and output. */
type CommandResult = { code: number; output: string };

/** Result of checking the notebooks: the modules written (one per notebook), `deno check` and `deno lint`. */
export type NotebookCheck = { modules: string[]; check: CommandResult; lint: CommandResult };

async function run(args: string[]): Promise<CommandResult> {
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
