import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { ensureJupyter, executeNotebook, jupyterAvailable, type Notebook, outputText } from "./runner.ts";
import { tempDir } from "../core/testing.ts";

/** A Deno-kernel notebook from cell sources. */
function makeNotebook(cells: { code?: string; markdown?: string }[]): Notebook {
  return {
    cells: cells.map((c) =>
      c.code !== undefined
        ? { cell_type: "code", source: c.code, metadata: {}, outputs: [], execution_count: null }
        : { cell_type: "markdown", source: c.markdown ?? "", metadata: {} }
    ),
    metadata: {
      kernelspec: { display_name: "Deno", language: "typescript", name: "deno" },
      language_info: { name: "typescript", file_extension: ".ts" },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
}

// Jupyter is a Debian package, not on a fresh machine with only Node/npm: these
// tests are skipped there (with a note), but never in CI (CI=true installs it).
const hasJupyter = jupyterAvailable();
const ignore = !hasJupyter && !Deno.env.get("CI");
if (ignore) {
  console.error(
    "notebook tests skipped: Jupyter is not installed (see README)",
  );
}

Deno.test({
  name: "the runner keeps every output of every cell (Deno kernel sends some after idle)",
  ignore,
}, async () => {
  await ensureJupyter();
  const dir = await tempDir("mbi-nb-test-");
  const cells = [];
  for (let i = 0; i < 40; i++) {
    cells.push({
      code: i % 2 ? `console.log("line ${i}")` : `"value " + ${i}`,
    });
  }
  cells.push({
    code:
      `for (let k = 0; k < 3; k++) await Deno.jupyter.display({ "text/plain": "step " + k }, { raw: true, display_id: "p", update: k > 0 });`,
  });
  const input = join(dir, "outputs.ipynb");
  await Deno.writeTextFile(input, JSON.stringify(makeNotebook(cells)));
  const run = await executeNotebook(input, {
    outDir: join(dir, "out"),
    html: true,
  });
  ok(run.ok, run.error ?? "");
  const nb: Notebook = JSON.parse(await Deno.readTextFile(run.output));
  const missing = nb.cells.slice(0, 40).flatMap((c, i) =>
    outputText(c).includes(i % 2 ? `line ${i}` : `value ${i}`) ? [] : [i]
  );
  assertEquals(missing, []);
  ok(outputText(nb.cells[40]).includes("step 2"), outputText(nb.cells[40]));
  ok(run.html && (await Deno.readTextFile(run.html)).includes("line 39"));
});

Deno.test({
  name: "a failing cell is reported, and the executed notebook is still written",
  ignore,
}, async () => {
  const dir = await tempDir("mbi-nb-test-");
  const input = join(dir, "fails.ipynb");
  await Deno.writeTextFile(
    input,
    JSON.stringify(
      makeNotebook([{ code: "1 + 1" }, { code: 'throw new Error("boom")' }]),
    ),
  );
  const run = await executeNotebook(input, { outDir: join(dir, "out") });
  assertEquals(run.ok, false);
  ok(/boom/.test(run.error ?? ""), run.error ?? "");
  ok(await Deno.stat(run.output));
});
