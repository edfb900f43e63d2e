import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join, relative } from "node:path";
import { procInfo, repoPath, sha256File } from "../core/mod.ts";
import { errorLines, testRoot } from "../core/testing.ts";
import { filesUnder, jupyterAvailable } from "../notebook/mod.ts";

// The whole pipeline on the ci profile in a temporary results root, notebooks included (CI installs
// Jupyter; on a machine without it the notebook step is skipped with a note); then the ways a user
// can leave the results folder stale or damaged, each recovered with the command the error names.
const hasJupyter = jupyterAvailable();
const withNotebooks = hasJupyter || !!Deno.env.get("CI");
if (!withNotebooks) console.error("pipeline test runs without notebooks: Jupyter is not installed (see README)");

const { results, cli } = await testRoot("pipeline-test");
const dir = join(results, "ci");

async function pipeline(notebooks = withNotebooks) {
  const t0 = performance.now();
  const r = await cli("pipeline.ts", ["--profile", "ci", ...(notebooks ? [] : ["--no-notebooks"])]);
  return { ...r, seconds: (performance.now() - t0) / 1000 };
}

const snapshot = () => Promise.all(filesUnder(dir, []).map(async (f) => `${relative(dir, f)} ${await sha256File(f)}`));

Deno.test("pipeline on ci: all stages and notebooks; a rerun with nothing to do changes no file", async () => {
  const first = await pipeline();
  assertEquals(first.code, 0, first.stderr);
  for (
    const f of [
      "evals.jsonl",
      "evals.csv",
      "distribution.json",
      "mbi.json",
      "mbi.csv",
      "mbi.md",
      "selfplay/games.jsonl",
      "selfplay/openings.jsonl",
      "selfplay/games.pgn",
      "selfplay/selfplay.json",
      "summary.json",
    ]
  ) {
    ok(await Deno.stat(join(dir, f)), f);
  }
  const summary = JSON.parse(await Deno.readTextFile(join(dir, "summary.json")));
  ok(["validated", "inconclusive", "not validated"].includes(summary.verdict.validation));
  assertEquals(summary.inputs.length, 4);
  ok(summary.banner.startsWith("ci profile"), summary.banner);
  const selfplay = JSON.parse(await Deno.readTextFile(join(dir, "selfplay", "selfplay.json")));
  assertEquals(selfplay.n_duplicate_games, 0);
  if (withNotebooks) {
    for (const nb of filesUnder(repoPath("notebooks"), []).filter((f) => f.endsWith(".ipynb"))) {
      const name = nb.split("/").pop()!;
      const cells = JSON.parse(await Deno.readTextFile(join(dir, "notebooks", name))).cells
        .filter((c: { cell_type: string }) => c.cell_type === "code");
      const empty = cells.flatMap((c: { outputs: unknown[] }, i: number) => c.outputs.length ? [] : [i]);
      assertEquals(empty, [], `${name}: code cells without output`);
      const errors = cells.flatMap((c: { outputs: { output_type: string }[] }) =>
        c.outputs.filter((o) => o.output_type === "error")
      );
      assertEquals(errors, [], `${name}: errors`);
      ok(await Deno.stat(join(dir, "notebooks", name.replace(/\.ipynb$/, ".html"))));
    }
  }
  const before = await snapshot();
  const second = await pipeline();
  assertEquals(second.code, 0, second.stderr);
  assertEquals(await snapshot(), before);
  console.error(`pipeline on ci: first run ${first.seconds.toFixed(1)} s, rerun ${second.seconds.toFixed(1)} s`);
});

Deno.test("regenerated inputs: a deleted or re-derived MBI table never leaves the pipeline stuck", async () => {
  const summary = await Deno.readTextFile(join(dir, "summary.json"));
  await Deno.remove(join(dir, "mbi.json"));
  const r = await pipeline(false);
  assertEquals(r.code, 0, r.stderr);
  // Same rows: the games stay valid and the statistics are the same.
  assertEquals(
    JSON.parse(await Deno.readTextFile(join(dir, "summary.json"))).eval_vs_score,
    JSON.parse(summary).eval_vs_score,
  );
  const derive = await cli("derive_mbi.ts", ["--profile", "ci"]);
  assertEquals(derive.code, 0, derive.stderr);
  assertEquals((await cli("stats.ts", ["--profile", "ci"])).code, 0);
});

Deno.test("stats refuses inputs that are not what the others were derived from, naming the command that fixes it", async () => {
  const games = join(dir, "selfplay", "games.jsonl");
  const full = await Deno.readTextFile(games);
  // Cut to 10 games: refused; the named command plays the rest; then stats runs.
  await Deno.writeTextFile(games, full.split("\n").slice(0, 11).join("\n") + "\n");
  let s = await cli("stats.ts", ["--profile", "ci"]);
  assertEquals(s.code, 1);
  ok(/has 10 of 24 games: run deno task selfplay --profile ci to finish/.test(errorLines(s.stderr)[0]), s.stderr);
  assertEquals((await cli("selfplay.ts", ["--profile", "ci"])).code, 0);
  assertEquals((await cli("stats.ts", ["--profile", "ci"])).code, 0);
  // A damaged selfplay.json is named as damaged (not as missing) and rewritten by the named command.
  const results = join(dir, "selfplay", "selfplay.json");
  await Deno.writeTextFile(results, "{ not json");
  s = await cli("stats.ts", ["--profile", "ci"]);
  ok(
    /selfplay\.json is damaged \(.*\): run deno task selfplay --profile ci to write it again/.test(s.stderr),
    s.stderr,
  );
  assertEquals((await cli("selfplay.ts", ["--profile", "ci"])).code, 0);
  assertEquals((await cli("stats.ts", ["--profile", "ci"])).code, 0);
  // An empty stage-1 dataset: refused, the summary's inputs are not replaced by its hash.
  const evals = join(dir, "evals.jsonl");
  const kept = await Deno.readTextFile(evals);
  const summaryBefore = await sha256File(join(dir, "summary.json"));
  await Deno.writeTextFile(evals, "");
  s = await cli("stats.ts", ["--profile", "ci"]);
  assertEquals(s.code, 1);
  ok(/no stage-1 dataset at .*evals\.jsonl: run deno task eval-all --profile ci/.test(s.stderr), s.stderr);
  assertEquals(await sha256File(join(dir, "summary.json")), summaryBefore);
  await Deno.writeTextFile(evals, kept);
});

Deno.test("self-play and bootstrap budgets go to files of their own, never a new stage-1 folder", async () => {
  const before = [...Deno.readDirSync(results)].map((e) => e.name).sort();
  const sp = await cli("selfplay.ts", ["--profile", "ci", "--games", "2", "--positions", "3"]);
  assertEquals(sp.code, 0, sp.stderr);
  ok(await Deno.stat(join(dir, "selfplay~pos3~games2", "selfplay.json")));
  const st = await cli("stats.ts", ["--profile", "ci~pos3~games2", "--resamples", "50"]);
  assertEquals(st.code, 0, st.stderr);
  ok(await Deno.stat(join(dir, "summary~pos3~games2~boot50.json")));
  assertEquals([...Deno.readDirSync(results)].map((e) => e.name).sort(), before, "no new results folder");
});

for (const launcher of ["deno task", "npx"] as const) {
  Deno.test(`stopping the launcher (${launcher}) stops the worker and its engines within 5 s`, async () => {
    const out = join(results, `launcher-${launcher.replace(" ", "-")}-${Date.now()}.jsonl`);
    const task = [
      "task",
      "--config",
      repoPath("deno.json"),
      "eval-all",
      "--profile",
      "ci",
      "--nodes",
      "3000000",
      "--out",
      out,
    ];
    const child = new Deno.Command(launcher === "npx" ? "npx" : Deno.execPath(), {
      args: launcher === "npx" ? ["-y", "deno@2.9.6", ...task] : task,
      env: { MBI_RESULTS_DIR: results },
      stdout: "null",
      stderr: "null",
    }).spawn();
    const pgrep = (pattern: string) =>
      new TextDecoder().decode(new Deno.Command("pgrep", { args: ["-f", pattern] }).outputSync().stdout).trim()
        .split("\n").filter(Boolean).map(Number).filter((p) => p !== Deno.pid);
    let worker: number | undefined, guards: number[] = [];
    for (let i = 0; i < 600 && guards.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      worker = pgrep(`eval_all.ts .*${out}`).find((p) => procInfo(p)?.comm === "deno");
      guards = worker ? pgrep(`guard.sh ${worker} `) : [];
    }
    ok(worker && guards.length >= 1, "the worker started its engines");
    const engines = guards.flatMap((g) => pgrep(".").filter((p) => procInfo(p)?.ppid === g));
    child.kill(launcher === "npx" ? "SIGTERM" : "SIGKILL");
    await child.status;
    const alive = () => [worker!, ...guards, ...engines].filter((p) => procInfo(p) !== undefined);
    for (let i = 0; i < 50 && alive().length; i++) await new Promise((r) => setTimeout(r, 100));
    assertEquals(alive(), [], "worker, guards and engines are gone");
  });
}
