import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { makeNotebook, type Notebook, outputText } from "./ipynb.ts";
import { ensureJupyter, executeNotebook, jupyterAvailable } from "./runner.ts";
import { tempDir } from "../core/testing.ts";

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
