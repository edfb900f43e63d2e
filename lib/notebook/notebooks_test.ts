import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { checkNotebooks } from "./check.ts";
import {
  notebooksOf,
  renderCode,
  renderInputs,
  renderInputsHash,
  renderOrder,
  requireRendered,
  STAGE_NOTEBOOKS,
  stageNotebooks,
} from "./notebooks.ts";
import { exitCodeOf, isMbiError, repoPath } from "../core/mod.ts";
import { executeNotebook, jupyterAvailable, type Notebook, outputText } from "./runner.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { CI_POSITIONS } from "../method/mod.ts";
import { getProfile, RESULTS_ENV } from "../store/mod.ts";
import { testRoot } from "../core/testing.ts";

// Rendering needs Debian's Jupyter: skipped with a note where it is missing (never in CI, which installs it).
const ignore = !jupyterAvailable() && !Deno.env.get("CI");
if (ignore) console.error("notebook render tests skipped: Jupyter is not installed (see README)");

Deno.test("every notebook's code cells type-check and lint as one module", async () => {
  const r = await checkNotebooks(stageNotebooks());
  ok(r.modules.length >= 6, r.modules.join(", "));
  assertEquals(r.check.code, 0, r.check.output);
  assertEquals(r.lint.code, 0, r.lint.output);
});

Deno.test("notebooks render in dependency order: 06 (it writes engine_comparison.json) before 03 and 05 (they quote it)", () => {
  const order = renderOrder(stageNotebooks()).map((n) => n.split("/").pop()!.slice(0, 2));
  ok(order.indexOf("06") < order.indexOf("03") && order.indexOf("06") < order.indexOf("05"), order.join(" "));
  assertEquals([...order].sort(), stageNotebooks().map((n) => n.split("/").pop()!.slice(0, 2)));
  // the notebook that writes the comparison is the one the order names
  const writers = stageNotebooks().filter((n) => Deno.readTextFileSync(n).includes("compareAll()"));
  assertEquals(writers.map((n) => n.split("/").pop()!.slice(0, 2)), ["06"]);
});

const values = (f: (i: number) => number) => Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, f(i)]));
const history = (v: Record<number, number>) =>
  Object.fromEntries(CI_POSITIONS.map((sp) => [sp, [v[sp] + 7, v[sp] - 5, v[sp]]]));

/** A results root with a ci ladder (three budgets of the reference engine) and a depth-only engine's dataset. */
async function ciRoot(root: string) {
  const low = values((i) => [30, 5, 12, 40, 8, 22, 17, 3, 35, 27, 10, 19][i]);
  await writeSyntheticDataset({ root, folder: "ci", values: low, iterations: history(low) });
  await writeSyntheticDataset({
    root,
    folder: "ci~eval80000",
    values: values((i) => [28, 9, 11, 38, 6, 25, 15, 4, 33, 21, 14, 18][i]),
    limit: { nodes: 80_000 },
  });
  await writeSyntheticDataset({
    root,
    folder: "ci~eval320000",
    values: values((i) => [27, 10, 13, 36, 7, 24, 16, 2, 31, 22, 12, 20][i]),
    limit: { nodes: 320_000 },
  });
  await writeSyntheticDataset({
    root,
    folder: "ci@ethereal-12",
    values: values((i) => 15 + i),
    limit: { depth: 8 },
    engine: { id: "ethereal-12", uci_name: "Ethereal 12.00", fingerprint: 4_855_688 },
  });
}

async function render(
  name: string,
  root: string,
  profile: string,
): Promise<{ cells: string[]; ok: boolean; error?: string }> {
  const nb = stageNotebooks([name])[0];
  const run = await executeNotebook(nb, {
    outDir: join(root, "rendered", profile),
    html: true,
    env: { MBI_PROFILE: profile, MBI_RESULTS_DIR: root },
  });
  const executed: Notebook = JSON.parse(await Deno.readTextFile(run.output));
  const cells = executed.cells.filter((c) => c.cell_type === "code").map(outputText);
  const html = run.html ? await Deno.readTextFile(run.html) : "";
  return { cells: [...cells, html], ok: run.ok, error: run.error };
}

Deno.test({
  name: "notebooks 02 and 03 rendered on ci: the banner and the budget in words in the outputs, no raw budget JSON",
  ignore,
}, async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-nb-render-" });
  try {
    await ciRoot(root);
    for (const name of ["02", "03"]) {
      const r = await render(name, root, "ci");
      ok(r.ok, `${name}: ${r.error}`);
      const code = r.cells.slice(0, -1);
      assertEquals(code.flatMap((t, i) => t.trim() ? [] : [i]), [], `${name}: code cells without output`);
      const all = r.cells.join("\n");
      ok(code[0].includes("Not the method's results") && code[0].includes("ci profile"), `${name}: banner: ${code[0]}`);
      ok(all.includes("20,000 nodes per position"), `${name}: the budget in words`);
      ok(!all.includes('{"nodes"') && !all.includes("{&quot;nodes&quot;"), `${name}: raw budget JSON in the outputs`);
      const html = r.cells[r.cells.length - 1];
      ok(html.includes("rows × "), `${name}: a data frame as an HTML table in the HTML export`);
      assertEquals(
        html.match(/<script[^>]* src=[^>]*>/g) ?? [],
        [],
        `${name}: the export loads no script from outside`,
      );
      // on a phone the prompt column goes: our template's rule reached the export
      ok(
        /@media \(max-width: 600px\)\s*\{\s*\.jp-InputArea-prompt, \.jp-OutputArea-prompt \{ display: none/.test(html),
      );
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test({
  name: "notebook 04 for an engine without self-play says so and stops there, successfully",
  ignore,
}, async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-nb-render-" });
  try {
    await ciRoot(root);
    const r = await render("04", root, "ci@ethereal-12");
    ok(r.ok, r.error ?? "");
    ok(
      r.cells[0].includes("No self-play for Ethereal 12.00") && r.cells[0].includes("depth 8 per position"),
      r.cells[0],
    );
    assertEquals(r.cells.slice(1, -1).filter((t) => t.trim()), [], "cells after the stop ran");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the render-skip hash covers the code the notebooks run: what their cells import, in turn; the runner; the pins", () => {
  const code = renderCode(stageNotebooks());
  // imported by the cells (05: lib/notebook/views.ts), by those modules in turn (views.ts → the method's labels), the
  // runner with its script and template, the pins
  for (
    const f of [
      "lib/notebook/views.ts",
      "lib/method/labels.ts",
      "lib/plot/axes.ts",
      "lib/notebook/runner.ts",
      "lib/notebook/run_notebook.py",
      "lib/notebook/nbconvert/page.html.j2",
      "deno.json",
      "deno.lock",
    ]
  ) ok(code.includes(f), f);
  // not what no notebook runs: the commands, the site, the tests
  ok(!code.some((f) => f.startsWith("lib/cli/") || f.startsWith("lib/site/")), code.join(", "));
  assertEquals(code.filter((f) => f.endsWith("_test.ts") || f.includes("/testdata/")), []);
  // one notebook's code is part of all of theirs, and holds what its own cells import
  const four = renderCode(stageNotebooks(["04"]));
  ok(four.includes("lib/selfplay/records.ts") && four.every((f) => code.includes(f)), four.join(", "));
});

Deno.test("the render-skip hash covers every folder the notebooks read (a growing dataset by its published snapshot); ci folders only for ci", async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-nb-hash-" });
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, root);
  try {
    await writeSyntheticDataset({ root, folder: "ci", values: values((i) => 10 + i) });
    await writeSyntheticDataset({ root, folder: "quick", values: values((i) => 10 + i) });
    const ci = getProfile("ci"), quick = getProfile("quick");
    const nbs = stageNotebooks(["03"]);
    const hashes = async () => [await renderInputsHash(ci, nbs), await renderInputsHash(quick, nbs)];
    const h0 = await hashes();
    // another budget of the ci profile: the ci renders are stale, the quick ones are not
    await writeSyntheticDataset({
      root,
      folder: "ci~eval80000",
      values: values((i) => 30 - i),
      limit: { nodes: 80_000 },
    });
    const h1 = await hashes();
    ok(h1[0] !== h0[0]);
    assertEquals(h1[1], h0[1]);
    // another engine for quick, a determinism check, the comparison file: quick renders are stale
    await writeSyntheticDataset({ root, folder: "quick@sf18-wasm", values: values((i) => 30 - i) });
    const h2 = await hashes();
    ok(h2[1] !== h1[1]);
    await Deno.writeTextFile(join(root, "quick@sf18-wasm", "determinism.json"), "{}\n");
    const h3 = await hashes();
    ok(h3[1] !== h2[1]);
    await Deno.writeTextFile(join(root, "engine_comparison.json"), "{}\n");
    ok((await hashes())[1] !== h3[1]);
    const inputs = await renderInputs(quick);
    ok(inputs.includes("quick@sf18-wasm/evals.jsonl") && inputs.includes("engine_comparison.json"), inputs.join(", "));
    ok(!inputs.some((f) => f.startsWith("ci")), inputs.join(", "));
    // what the notebooks themselves write into their folder's notebooks/ does not count
    await Deno.mkdir(join(root, "quick", "notebooks"));
    await Deno.writeTextFile(join(root, "quick", "notebooks", "03_rank_and_mbi.html"), "x");
    assertEquals(await renderInputs(quick), inputs);
    // a dataset still being computed: its growth counts until it has a published snapshot, then only the snapshot
    const grow = await writeSyntheticDataset({ root, folder: "quick~eval90000", values: values((i) => i) });
    const lines = (await Deno.readTextFile(grow)).trimEnd().split("\n");
    const keep = async (n: number) => await Deno.writeTextFile(grow, lines.slice(0, 1 + n).join("\n") + "\n");
    await keep(1);
    const g0 = await renderInputsHash(quick, nbs);
    await keep(2);
    const g1 = await renderInputsHash(quick, nbs);
    ok(g1 !== g0);
    await Deno.writeTextFile(join(root, "quick~eval90000", "partial.json"), '{"done": {"used": [0]}}\n');
    const g2 = await renderInputsHash(quick, nbs);
    ok(g2 !== g1);
    const withSnapshot = await renderInputs(quick);
    ok(withSnapshot.includes("quick~eval90000/partial.json"), withSnapshot.join(", "));
    ok(!withSnapshot.includes("quick~eval90000/evals.jsonl"), withSnapshot.join(", "));
    await keep(3);
    assertEquals(await renderInputsHash(quick, nbs), g2);
    // complete, it is read whole again
    await keep(lines.length - 1);
    ok((await renderInputs(quick)).includes("quick~eval90000/evals.jsonl"));

    // outcome tables: a shipped table's files and every validation file count; a private table's per-position
    // files (never committed, so absent from a fresh clone) do not
    for (const [name, priv] of [["open", false], ["closed", true]] as const) {
      await Deno.mkdir(join(root, "outcomes", name, "validation"), { recursive: true });
      await Deno.writeTextFile(join(root, "outcomes", name, "outcomes.json"), JSON.stringify({ private: priv }));
      await Deno.writeTextFile(join(root, "outcomes", name, "outcomes.csv"), "sp,games\n");
      await Deno.writeTextFile(join(root, "outcomes", name, "validation", "quick.json"), "{}\n");
    }
    const tables = (await renderInputs(quick)).filter((f) => f.startsWith("outcomes/"));
    assertEquals(tables, [
      "outcomes/closed/outcomes.json",
      "outcomes/closed/validation/quick.json",
      "outcomes/open/outcomes.csv",
      "outcomes/open/outcomes.json",
      "outcomes/open/validation/quick.json",
    ]);
    const o0 = await renderInputsHash(quick, nbs);
    await Deno.writeTextFile(join(root, "outcomes", "closed", "outcomes.csv"), "sp,games\n0,5\n");
    assertEquals(await renderInputsHash(quick, nbs), o0);
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("deno task notebooks accepts --force", async () => {
  const { cli } = await testRoot("nb-cli");
  const r = await cli("notebooks.ts", ["--profile", "ci", "--force", "99"]);
  assertEquals(r.code, 2, r.stderr);
  ok(r.stderr.includes("no notebook matches 99"), r.stderr);
  ok(!/unknown|--force/.test(r.stderr.split("\n").filter((l) => l.startsWith("error")).join("")), r.stderr);
});

Deno.test("a notebook number that names no notebook is an error naming it, also beside one that does and for a design's key; nothing written", async () => {
  const { cli, results } = await testRoot("nb-unmatched");
  const mixed = await cli("notebooks.ts", ["--profile", "ci", "04", "09"]);
  assertEquals(mixed.code, 2, mixed.stderr);
  ok(mixed.stderr.includes("no notebook matches 09 in notebooks/"), mixed.stderr);
  const design = await cli("notebooks.ts", ["--profile", "ci~games2", "09"]);
  assertEquals(design.code, 2, design.stderr);
  ok(design.stderr.includes("no notebook matches 09") && !design.stderr.includes("belongs to"), design.stderr);
  assertEquals([...Deno.readDirSync(results)].length, 0, "nothing written");
});

Deno.test("a notebook that failed to render is a notebook error naming it (exit 1, not a crash)", () => {
  const run = (input: string, ok: boolean, error?: string) => ({ input, output: input, ok, error, wallS: 1 });
  requireRendered([run("01.ipynb", true)]);
  let caught: unknown;
  try {
    requireRendered([run("01.ipynb", true), run("02.ipynb", false, "NameError: x"), run("03.ipynb", false, "y")]);
  } catch (e) {
    caught = e;
  }
  ok(isMbiError(caught, "notebook") && exitCodeOf(caught) === 1, String(caught));
  assertEquals((caught as Error).message, "notebook 02.ipynb failed: NameError: x");
});

Deno.test("a self-play design's key renders its own notebooks (04, 05); one of its dataset's is a usage error naming the dataset's key", async () => {
  const design = getProfile("quick~eval8000000~pos60~games50~move30000");
  assertEquals(notebooksOf(design, []), ["04", "05"]);
  assertEquals(notebooksOf(design, ["5"]), ["5"]);
  assertEquals(notebooksOf(getProfile("quick"), []), []); // a dataset with its own self-play: all
  assertEquals(notebooksOf(getProfile("quick@sf18-wasm"), ["01"]), ["01"]);
  const { cli, results } = await testRoot("nb-design");
  const r = await cli("notebooks.ts", ["--profile", "ci~games2", "04", "02"]);
  assertEquals(r.code, 2, r.stderr);
  ok(
    r.stderr.includes(
      "notebook 02 belongs to the dataset ci, not to the self-play design ci~games2 (its notebooks: 04, 05): run deno task notebooks --profile ci 02",
    ),
    r.stderr,
  );
  assertEquals([...Deno.readDirSync(results)].length, 0, "nothing written");
});

Deno.test({
  name:
    "notebook 07: an engine name holding HTML is text in every output; a table too small to validate is named in place, the rest rendered",
  ignore,
}, async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-nb-render-" });
  try {
    const v = values((i) => [30, 5, 12, 40, 8, 22, 17, 3, 35, 27, 10, 19][i]);
    const evil = "<script>alert(1)</script> Fish";
    await writeSyntheticDataset({
      root,
      folder: "ci",
      values: v,
      engine: { id: "sf17.1-wasm", uci_name: evil, fingerprint: 2_030_154 },
    });
    const table = (rows: string[]) => "sp,white_wins,draws,black_wins\n" + rows.join("\n") + "\n";
    const env = { MBI_RESULTS_DIR: root };
    const build = async (name: string, text: string) => {
      const path = join(root, `${name}.csv`);
      await Deno.writeTextFile(path, text);
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", repoPath("lib", "cli", "outcomes.ts"), "--table", path, "--name", name],
        env,
      }).output();
      assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
    };
    await build("good", table(CI_POSITIONS.map((sp, i) => `${sp},${10 + i},${20},${10}`)));
    await build("tiny", table([`${CI_POSITIONS[0]},30,0,0`, `${CI_POSITIONS[1]},5,0,0`]));
    const r = await render("07", root, "ci");
    ok(r.ok, r.error ?? "");
    const all = r.cells.join("\n");
    const html = r.cells[r.cells.length - 1];
    const at = html.indexOf("<script>alert(1)");
    ok(at < 0, `the engine's name reached the HTML raw: …${html.slice(Math.max(0, at - 300), at + 40)}`);
    ok(all.includes("&lt;script&gt;alert(1)"), "the engine's name, as text");
    ok(/Outcome table tiny is left out here: /.test(all), "the small table named in place");
    // the findings of the other table, headed by the dataset in words (its engine's name as text)
    ok(
      /good against &lt;script&gt;alert\(1\)&lt;\/script&gt; Fish, [\d,]+ nodes per position/.test(all),
      "the other table rendered",
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the project's stage notebooks are the tracked ones; an analyst's 03_analyst.ipynb beside them is never run for 03", async () => {
  const tracked = new TextDecoder().decode(
    (await new Deno.Command("git", { args: ["ls-files", "notebooks"], cwd: repoPath(), stdout: "piped" }).output())
      .stdout,
  ).trim().split("\n").filter((f) => /\/\d\d_[^/]*\.ipynb$/.test(f)).map((f) => f.split("/").pop()!);
  assertEquals([...STAGE_NOTEBOOKS], tracked);
  const mine = repoPath("notebooks", "03_analyst.ipynb");
  await Deno.writeTextFile(mine, "{}");
  try {
    assertEquals(stageNotebooks(["03"]).map((n) => n.split("/").pop()), ["03_rank_and_mbi.ipynb"]);
  } finally {
    await Deno.remove(mine);
  }
});

Deno.test("a dataset whose self-play is only in its designs renders all but 04 and 05 by default (they are its designs')", () => {
  Deno.env.set(RESULTS_ENV, repoPath("results"));
  try {
    assertEquals([...notebooksOf(getProfile("quick~eval8000000"), [])], ["01", "02", "03", "06", "07"]);
    assertEquals([...notebooksOf(getProfile("quick~eval8000000"), ["04"])], ["04"]);
    assertEquals([...notebooksOf(getProfile("quick"), [])], []);
  } finally {
    Deno.env.delete(RESULTS_ENV);
  }
});

// 113 characters of the render's code font fit a 1024-pixel-wide window (measured in Chromium on the HTML export).
const CODE_WIDTH = 110;

Deno.test(`every code line of the stage notebooks fits ${CODE_WIDTH} characters; no prose line opens a blockquote`, () => {
  const long: string[] = [];
  for (const path of stageNotebooks()) {
    const nb = JSON.parse(Deno.readTextFileSync(path)) as Notebook;
    nb.cells.forEach((c, i) => {
      const text = Array.isArray(c.source) ? c.source.join("") : c.source;
      text.split("\n").forEach((line, j) => {
        const name = `${path.split("/").pop()} cell ${i + 1} line ${j + 1}`;
        if (c.cell_type === "code" && line.length > CODE_WIDTH) long.push(`${name}: ${line.length} characters`);
        // the project's notebooks quote nothing: a ">" opening a line is a comparison that Markdown would indent
        if (c.cell_type === "markdown" && /^\s*>/.test(line)) long.push(`${name}: a blockquote`);
      });
    });
  }
  assertEquals(long, []);
});
