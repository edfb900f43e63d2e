import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { errorLines, testRoot } from "../core/testing.ts";
import { repoPath } from "../core/mod.ts";
import { writeFileAtomic } from "../store/mod.ts";
import { CI_POSITIONS } from "../method/mod.ts";

// Command-line behaviour shared by every command: usage errors exit 2 with one line naming the value and what is
// allowed, domain errors exit 1, --help prints the usage; the results root is a temporary folder.
const { dir, cli } = await testRoot("cli-test");

Deno.test("usage errors: one line, exit 2, naming the value and what is allowed", async () => {
  const cases: [string, string[], RegExp][] = [
    ["mbi.ts", ["-1"], /not an SP number: "-1" \(SP numbers are written with digits only, 0\.\.959; no sign\)/],
    ["mbi.ts", ["-0"], /not an SP number: "-0"/],
    ["mbi.ts", ["+518"], /not an SP number: "\+518"/],
    ["mbi.ts", ["518", "--bogus"], /unknown option --bogus \(allowed: --profile, --engine, --json; see --help\)/],
    ["eval_all.ts", ["--profile", "ci", "--sp", "-1"], /--sp -1: not an SP number: "-1" \(SP numbers are written/],
    ["eval_all.ts", ["--profile", "ci", "--sp", "+518"], /--sp \+518: not an SP number: "\+518"/],
    ["eval_all.ts", ["--profile", "ci", "--sp", "-0"], /--sp -0: not an SP number: "-0"/],
    ["evaluate.ts", ["--fen", "x"], /unknown option --fen \(allowed: --sp, /],
    ["evaluate.ts", ["--nodes", "100"], /--sp SP\|BACKRANK\|FEN is required \(the start position: /],
    ["eval_all.ts", ["--profile", "ci", "--nodes", "abc"], /--nodes abc: expected a whole number >= 1/],
    ["eval_all.ts", ["--profile", "ci", "--sp", "518", "--sp-of", "ci~pos4~games2"], /give --sp or --sp-of, not both/],
    [
      "eval_all.ts",
      ["--profile", "ci", "--sp-of", "ci~pos4~games2"],
      /--sp-of ci~pos4~games2: no self-play results for that key \(expected a design's key/,
    ],
    ["eval_all.ts", ["--profile", "ci", "--sp-of", "ci"], /--sp-of ci: a dataset's key, not a self-play design's/],
    ["selfplay.ts", ["--profile", "ci", "--positions", "abc"], /--positions abc: a number of positions to draw/],
    ["stats.ts", ["extra"], /unexpected argument "extra" \(did you mean --profile extra\?\)/],
    ["eval_all.ts", ["--profile", "nosuch"], /unknown profile "nosuch" \(allowed: full, quick, ci\)/],
    ["eval_all.ts", ["--profile", "quick~eval0"], /profile "quick~eval0": eval 0: expected a whole number >= 1/],
    ["site.ts", ["--profile", "ci@bad/tag"], /engine tag/],
    [
      "site.ts",
      ["--profile", "ci@.."],
      /engine tag "\.\." may hold only letters, digits, \. _ - \(starting with a letter or digit\)/,
    ],
    [
      "outcomes.ts",
      ["--table", "README.md", "--name", "../evil"],
      /--name: table name "\.\.\/evil": use letters, digits/,
    ],
    // a pasted file or 100,000 digits are quoted in short; control bytes (an ANSI escape) as \xNN
    ["mbi.ts", ["9".repeat(100_000)], /^error: SP out of range: 9{40}…9{20} \(100,000 characters\) \(allowed/],
    ["mbi.ts", ["\x1b[31mRED"], /not a position: "\\x1b\[31mRED"/],
    ["validate.ts", ["--outcomes", "x", "extra"], /unexpected argument "extra"/],
    ["check_games.ts", ["--dir", "README.md"], /--dir README\.md: is a file, not a folder; give the self-play folder/],
    ["replay_game.ts", ["--sp", "1", "--game", "1", "--dir", "README.md"], /--dir README\.md: is a file, not a folder/],
    [
      "cluster_submit.ts",
      ["--stage", "eval", "--shards", "2", "--partition", "p\necho X", "--dry-run"],
      /--partition "p\\necho X"/,
    ],
  ];
  for (const [script, args, message] of cases) {
    const r = await cli(script, args);
    assertEquals(r.code, 2, `${script} ${args.join(" ").slice(0, 80)}: ${r.stderr.slice(0, 300)}`);
    const errors = errorLines(r.stderr);
    ok(errors.every((l) => l.length < 400), `${script}: an error line of ${errors[0]?.length} characters`);
    assertEquals(errors.length, 1, r.stderr);
    ok(message.test(errors[0]), `${script}: ${errors[0]}`);
  }
});

Deno.test("domain errors exit 1 with one line; --help exits 0 with the usage", async () => {
  const r = await cli("mbi.ts", ["518", "--profile", "ci"]);
  assertEquals(r.code, 1);
  ok(/no stage-1 dataset at .*ci\/evals\.jsonl: run deno task eval-all --profile ci/.test(r.stderr), r.stderr);
  // nothing to compare is said, with where it looked and where the published datasets are
  const none = await cli("compare_engines.ts", ["--resamples", "10"]);
  assertEquals(none.code, 1, none.stderr);
  assertEquals(errorLines(none.stderr).length, 1, none.stderr);
  ok(
    /^error: nothing to compare: 0 complete dataset\(s\) under \S+, .* \(unset MBI_RESULTS_DIR to compare them\)$/m
      .test(none.stderr),
    none.stderr,
  );
  const scripts = ["mbi.ts", "selfplay.ts", "stats.ts", "pipeline.ts", "derive_mbi.ts"]
    .concat(["outcomes.ts", "validate.ts", "bench_outcomes.ts"]);
  const helps = await Promise.all(scripts.map((script) => cli(script, ["--help"])));
  for (const [i, h] of helps.entries()) {
    assertEquals(h.code, 0, scripts[i]);
    ok(
      new RegExp(`^deno task ${scripts[i].replace(".ts", "").replace("_", "-")} `).test(h.stdout),
      `${scripts[i]}: ${h.stdout}`,
    );
  }
});

Deno.test("user-facing failures are domain errors: exit 1 with one error line, not an internal error", async () => {
  const cases: [string, string[], Record<string, string>, RegExp][] = [
    [
      "eval_merge.ts",
      ["--profile", "ci"],
      {},
      /^error: no shard files in .*ci\/shards \(run eval-all --shard i\/n first\)$/,
    ],
    [
      "cluster_submit.ts",
      ["--stage", "eval", "--shards", "2", "--profile", "ci", "--engine", "sf17.1-wasm"],
      { PATH: dir }, // no sbatch on PATH
      /^error: sbatch failed: sbatch not found: is this a Slurm login node\?$/,
    ],
  ];
  for (const [script, args, env, message] of cases) {
    const r = await cli(script, args, env);
    assertEquals(r.code, 1, `${script}: ${r.stderr}`);
    const errors = errorLines(r.stderr);
    assertEquals(errors.length, 1, r.stderr);
    ok(message.test(errors[0]), `${script}: ${errors[0]}`);
  }
});

Deno.test("evaluate prints the engine restart message like every command", async () => {
  // The scripted engine dies on its first search and answers afterwards: one restart, then the record.
  const wrapper = join(dir, "flaky.sh");
  const fake = repoPath("lib", "engine", "testdata", "fake_engine.sh");
  await Deno.writeTextFile(wrapper, `#!/bin/sh\nexec ${fake} flaky ${join(dir, "flaky.counter")}\n`);
  await Deno.chmod(wrapper, 0o755);
  const r = await cli("evaluate.ts", ["--sp", "518", "--nodes", "100", "--engine", wrapper, "--no-fingerprint"]);
  assertEquals(r.code, 0, r.stderr);
  ok(/restarting the engine and retrying SP 518 once: .*process ended/.test(r.stderr), r.stderr);
});

Deno.test("a write that fails names the file", async () => {
  const ro = join(dir, "readonly");
  await Deno.mkdir(ro);
  await Deno.chmod(ro, 0o555);
  let message = "";
  await writeFileAtomic(join(ro, "x.json"), "{}").catch((e) => message = e.message);
  // As root the write may succeed (permissions do not bind root): then there is nothing to name.
  ok(message === "" || new RegExp(`cannot write ${join(ro, "x.json")}: `).test(message), message);
});

Deno.test("a stale fingerprint cache is named where the fingerprint does not match", async () => {
  // The scripted engine's bench: measured once into the cache, then the cache is edited to another total.
  const fake = repoPath("lib", "engine", "testdata", "fake_engine.sh");
  const first = await cli("engine_info.ts", ["--engine", fake, "--json"]);
  assertEquals(first.code, 3, first.stderr); // not the reference engine
  const id = JSON.parse(first.stdout);
  const cache = repoPath(".cache", "fingerprints");
  const file = [...Deno.readDirSync(cache)].map((e) => join(cache, e.name)).find((p) => p.includes(id.sha256))!;
  const saved = await Deno.readTextFile(file);
  try {
    await Deno.writeTextFile(file, JSON.stringify({ ...JSON.parse(saved), nodes: 1 }));
    const r = await cli("engine_info.ts", ["--engine", fake]);
    ok(/measured +from the cache \.cache\/fingerprints\//.test(r.stdout), r.stdout);
    ok(
      /match +NO: .*if the cache is stale, delete \.cache\/fingerprints\/.*\.json and run again/.test(r.stdout),
      r.stdout,
    );
  } finally {
    await Deno.writeTextFile(file, saved);
  }
});

Deno.test("power: a design's reliability, expected rho and power from given variances", async () => {
  const r = await cli("power.ts", ["--between-sd", "0.024", "--game-sd", "0.34"]);
  assertEquals(r.code, 0, r.stderr);
  ok(/design 60 positions × 50 games, true rho 0\.76/.test(r.stdout), r.stdout);
  ok(/reliability of a score 0\.199, ceiling 0\.447, expected observed rho 0\.339/.test(r.stdout), r.stdout);
  ok(/power to exclude 0 \(95% interval\) 0\.736/.test(r.stdout), r.stdout);
  // no options: the method's design with the variances of docs/METHOD.md decision 6 (the same figures)
  const plain = await cli("power.ts", []);
  assertEquals(plain.code, 0, plain.stderr);
  ok(/decision 6/.test(plain.stdout) && /power to exclude 0 \(95% interval\) 0\.736/.test(plain.stdout), plain.stdout);
  const bad = await cli("power.ts", ["--between-sd", "0.024"]);
  assertEquals(bad.code, 2);
  ok(/--between-sd and --game-sd go together/.test(bad.stderr), bad.stderr);
});

Deno.test("power from scores that do not spread: not estimable, the stated fallback as in summary.json", async () => {
  // 30 positions with the same counts: the between-position variance cannot be estimated from them
  const csv = join(dir, "flat.csv");
  await Deno.writeTextFile(
    csv,
    "sp,white_wins,draws,black_wins\n" + Array.from({ length: 30 }, (_, i) => `${i},20,15,15`).join("\n") + "\n",
  );
  const made = await cli("outcomes.ts", ["--table", csv, "--name", "flat"]);
  assertEquals(made.code, 0, made.stderr);
  const r = await cli("power.ts", ["--outcomes", "flat"]);
  assertEquals(r.code, 0, r.stderr);
  ok(/not estimable from outcome table flat/.test(r.stdout), r.stdout);
  ok(/power to exclude 0 \(95% interval\) 0\.736/.test(r.stdout), r.stdout);
  ok(!/no number of games suffices/.test(r.stdout), r.stdout);
});

Deno.test("eval-all --sp-of takes a self-play design's positions from its selfplay.json (the committed 60)", async () => {
  const key = "quick~eval8000000~pos60~games50~move300000";
  const design = JSON.parse(
    Deno.readTextFileSync(
      repoPath("results", "quick~eval8000000", "selfplay~pos60~games50~move300000", "selfplay.json"),
    ),
  ) as { positions: { sp: number }[] };
  // against the ci profile's 12 positions: refused before any search, naming the design's positions outside them
  const r = await cli("eval_all.ts", ["--profile", "ci", "--sp-of", key], { MBI_RESULTS_DIR: repoPath("results") });
  assertEquals(r.code, 2, r.stderr);
  const named = errorLines(r.stderr)[0].match(/^error: --sp-of \S+: ([\d, ]+) not in profile ci's positions$/);
  ok(named, r.stderr);
  const outside = design.positions.map((p) => p.sp).filter((sp) => !CI_POSITIONS.includes(sp));
  assertEquals(named[1].split(", ").map(Number), outside.slice(0, 5));
});
