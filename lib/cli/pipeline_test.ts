import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join, relative } from "node:path";
import { sha256File } from "../core/hash.ts";
import { repoPath } from "../core/paths.ts";
import { jupyterAvailable } from "../notebook/runner.ts";
import { filesUnder } from "../notebook/notebooks.ts";

// The whole pipeline on the ci profile, notebooks included (CI installs Jupyter;
// on a machine without it the notebook step is skipped with a note).
const hasJupyter = jupyterAvailable();
const withNotebooks = hasJupyter || !!Deno.env.get("CI");
if (!withNotebooks) {
  console.error(
    "pipeline test runs without notebooks: Jupyter is not installed (see README)",
  );
}

async function pipeline(): Promise<
  { code: number; stderr: string; seconds: number }
> {
  const t0 = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      repoPath("lib", "cli", "pipeline.ts"),
      "--profile",
      "ci",
      ...(withNotebooks ? [] : ["--no-notebooks"]),
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stderr: new TextDecoder().decode(out.stderr),
    seconds: (performance.now() - t0) / 1000,
  };
}

Deno.test("pipeline on ci: all stages and notebooks; a rerun with nothing to do changes no file", async () => {
  const first = await pipeline();
  assertEquals(first.code, 0, first.stderr);
  const dir = repoPath("results", "ci");
  for (
    const f of [
      "evals.jsonl",
      "evals.csv",
      "distribution.json",
      "mbi.json",
      "mbi.csv",
      "mbi.md",
      "selfplay/games.jsonl",
      "selfplay/games.pgn",
      "selfplay/selfplay.json",
      "summary.json",
    ]
  ) {
    ok(await Deno.stat(join(dir, f)), f);
  }
  const summary = JSON.parse(
    await Deno.readTextFile(join(dir, "summary.json")),
  );
  ok(["validated", "not validated"].includes(summary.verdict.validation));
  assertEquals(summary.inputs.length, 4);
  if (withNotebooks) {
    for (
      const nb of [
        "01_engine_evaluation",
        "02_eval_distribution",
        "03_rank_and_mbi",
        "04_selfplay_validation",
        "05_bootstrap_ci",
        "07_external_validation",
      ]
    ) {
      const cells = JSON.parse(
        await Deno.readTextFile(join(dir, "notebooks", `${nb}.ipynb`)),
      ).cells
        .filter((c: { cell_type: string }) => c.cell_type === "code");
      const empty = cells.flatMap((c: { outputs: unknown[] }, i: number) => c.outputs.length ? [] : [i]);
      assertEquals(empty, [], `${nb}: code cells without output`);
      const errors = cells.flatMap((
        c: { outputs: { output_type: string }[] },
      ) => c.outputs.filter((o) => o.output_type === "error"));
      assertEquals(errors, [], `${nb}: errors`);
      ok(await Deno.stat(join(dir, "notebooks", `${nb}.html`)));
    }
  }
  const before = await Promise.all(
    filesUnder(dir, []).map(async (f) => `${relative(dir, f)} ${await sha256File(f)}`),
  );
  const second = await pipeline();
  assertEquals(second.code, 0, second.stderr);
  const after = await Promise.all(
    filesUnder(dir, []).map(async (f) => `${relative(dir, f)} ${await sha256File(f)}`),
  );
  assertEquals(after, before);
  console.error(
    `pipeline on ci: first run ${first.seconds.toFixed(1)} s, rerun ${second.seconds.toFixed(1)} s`,
  );
});
