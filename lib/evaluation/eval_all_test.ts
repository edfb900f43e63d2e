import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import {
  acquireLock,
  mergeEvalFiles,
  parseShard,
  readEvalDataset,
  shardOf as shardPositions,
  withoutTiming,
} from "../store/mod.ts";
import { repoPath, sha256File } from "../core/mod.ts";
import { errorLines, testRoot, waitForFile } from "../core/testing.ts";
import { CI_POSITIONS } from "../method/mod.ts";

// Stage-1 tests on the `ci` profile (12 positions, 20,000 nodes) with the WASM engine.

function evalAllCli(...args: (string | Record<string, string>)[]) {
  const env = typeof args[0] === "object" ? args.shift() as Record<string, string> : {};
  return cli("eval_all.ts", ["--profile", "ci", ...(args as string[])], env);
}

const { dir: tmp, results, cli } = await testRoot("eval-test");
let reference: Promise<string> | undefined;
/** An uninterrupted single-worker run of the ci profile. */
function referenceRun(): Promise<string> {
  reference ??= (async () => {
    const path = join(tmp, "reference.jsonl");
    const r = await evalAllCli("--workers", "1", "--out", path);
    assertEquals(r.code, 0, r.stderr);
    return path;
  })();
  return reference;
}

async function records(path: string) {
  const d = await readEvalDataset(path);
  ok(d, `${path} missing`);
  return d.records.map(withoutTiming);
}

Deno.test("shards: every n-th position from i; i/n parsing", () => {
  assertEquals(shardPositions([10, 11, 12, 13, 14], { index: 1, count: 2 }), [
    11,
    13,
  ]);
  assertEquals(parseShard("0/3"), { index: 0, count: 3 });
  for (const bad of ["3/2", "2/2", "1/0", "a/b", "-1/2"]) {
    let threw = false;
    try {
      parseShard(bad);
    } catch {
      threw = true;
    }
    ok(threw, bad);
  }
});

Deno.test("kill -9 after 4 records, a torn last line, then the same command: each position exactly once, same values", async () => {
  const path = join(tmp, "killed.jsonl");
  // The test-only switch makes the run kill itself (SIGKILL) right after its 4th record.
  const killed = await evalAllCli({ MBI_TEST_KILL_AFTER: "evaluations:4" }, "--workers", "2", "--out", path);
  ok(killed.code !== 0, "killed");
  const partial = await readEvalDataset(path);
  assertEquals(partial?.records.length, 4);
  // Simulate a write torn by the kill.
  await Deno.writeTextFile(path, '{"sp":959,"setup":"RKRN', { append: true });

  const r = await evalAllCli("--workers", "2", "--out", path);
  assertEquals(r.code, 0, r.stderr);
  ok(/repaired a torn last line/.test(r.stderr), r.stderr);
  const text = await Deno.readTextFile(path);
  const lines = text.trimEnd().split("\n").map((l) => JSON.parse(l));
  const sps = lines.slice(1).map((l) => l.sp).sort((a: number, b: number) => a - b);
  assertEquals(sps, [...CI_POSITIONS].sort((a, b) => a - b));
  // Same values as an uninterrupted run with one worker: independent of W, order and interruption.
  assertEquals(await records(path), await records(await referenceRun()));

  // A rerun with nothing to do leaves the file as it is.
  const manifest = path.replace(/\.jsonl$/, ".manifest.json");
  const before = [await sha256File(path), await sha256File(manifest)];
  const again = await evalAllCli("--workers", "2", "--out", path);
  assertEquals(again.code, 0, again.stderr);
  assertEquals([await sha256File(path), await sha256File(manifest)], before);
});

Deno.test("two shards merged equal the unsharded run; merge refuses an incomplete set", async () => {
  const s0 = join(tmp, "s0.jsonl");
  const s1 = join(tmp, "s1.jsonl");
  assertEquals((await evalAllCli("--shard", "0/2", "--out", s0)).code, 0);
  const merged = join(tmp, "merged.jsonl");
  let message = "";
  await mergeEvalFiles([s0], merged).catch((e) => message = e.message);
  ok(/missing shard\(s\) 1\/2/.test(message), message);
  assertEquals((await evalAllCli("--shard", "1/2", "--out", s1)).code, 0);
  const s = await mergeEvalFiles([s1, s0], merged);
  assertEquals([s.records, s.files], [12, 2]);
  assertEquals(await records(merged), await records(await referenceRun()));
  // An existing output that cannot be read is never overwritten by a merge.
  const damaged = join(tmp, "damaged-merge.jsonl");
  await Deno.writeTextFile(damaged, "{not json}\nmore\n");
  let refused = "";
  await mergeEvalFiles([s0, s1], damaged).catch((e) => refused = e.message);
  ok(/damaged-merge\.jsonl exists and cannot be read .*not overwriting it/.test(refused), refused);
  assertEquals(await Deno.readTextFile(damaged), "{not json}\nmore\n");
});

Deno.test("merges take the target's lock, refuse another dataset's shards and impossible records, and name files and values", async () => {
  const s0 = join(tmp, "m0.jsonl"), s1 = join(tmp, "m1.jsonl");
  assertEquals((await evalAllCli("--shard", "0/2", "--out", s0)).code, 0);
  assertEquals((await evalAllCli("--shard", "1/2", "--out", s1)).code, 0);
  const target = join(tmp, "locked-merge.jsonl");
  // a writer holds the target: the merge is refused, nothing written
  const lock = await acquireLock(target, () => {});
  let refused = "";
  await mergeEvalFiles([s0, s1], target).catch((e) => refused = e.message);
  await lock.release();
  ok(/is being written by PID/.test(refused), refused);
  ok(!(await Deno.stat(target).then(() => true, () => false)), "nothing written");
  // shards of another dataset (another budget) than the one asked for
  const other = join(tmp, "other.jsonl");
  const header = JSON.parse((await Deno.readTextFile(s0)).split("\n")[0]);
  await Deno.writeTextFile(
    other,
    (await Deno.readTextFile(s0)).replace(
      JSON.stringify(header),
      JSON.stringify({ ...header, profile: "ci~eval30000" }),
    ),
  );
  let wrong = "";
  await mergeEvalFiles([other, s1], join(tmp, "wrong.jsonl"), { profile: "ci", limit: { nodes: 20_000 } })
    .catch((e) => wrong = e.message);
  ok(/other\.jsonl is a shard of ci~eval30000 .*, not of ci at \{"nodes":20000\}/.test(wrong), wrong);
  // an impossible record (a fraction of a centipawn) is refused as stage 1 refuses it, naming the file and line
  const bad = join(tmp, "bad.jsonl");
  const lines = (await Deno.readTextFile(s0)).trimEnd().split("\n");
  const r = JSON.parse(lines[1]);
  await Deno.writeTextFile(
    bad,
    [lines[0], JSON.stringify({ ...r, eval_cp: 12.5 }), ...lines.slice(2)].join("\n") + "\n",
  );
  let impossible = "";
  await mergeEvalFiles([bad, s1], join(tmp, "bad-merge.jsonl")).catch((e) => impossible = e.message);
  ok(/shard .*bad\.jsonl: .*bad\.jsonl line 2: eval_cp 12\.5 is not a whole number/.test(impossible), impossible);
  // the same position in two shards with other values: both files and both values named
  const twice = join(tmp, "twice.jsonl");
  const h1 = JSON.parse((await Deno.readTextFile(s1)).split("\n")[0]);
  await Deno.writeTextFile(
    twice,
    [
      JSON.stringify({ ...h1, positions: [...h1.positions, r.sp] }),
      ...(await Deno.readTextFile(s1)).trimEnd().split("\n").slice(1),
      JSON.stringify({ ...r, eval_cp: r.eval_cp + 1 }),
    ].join("\n") + "\n",
  );
  let dup = "";
  await mergeEvalFiles([s0, twice], join(tmp, "dup.jsonl")).catch((e) => dup = e.message);
  ok(
    dup.includes(`${r.sp} appears in two shards: `) && dup.includes(`m0.jsonl (eval_cp ${r.eval_cp}, depth`) &&
      dup.includes(`twice.jsonl (eval_cp ${r.eval_cp + 1}, depth`),
    dup,
  );
});

Deno.test("bad inputs: one-line error, non-zero exit, files intact", async () => {
  const path = await referenceRun();
  const before = await sha256File(path);
  const text = repoPath("lib", "engine", "testdata", "not_an_engine.txt");
  const cases: [string[], RegExp][] = [
    [["--sp", "960"], /SP 960 out of range \(allowed: 0\.\.959\)/],
    [["--sp", "-1"], /SP -1 out of range|not an SP number/],
    [["--nodes", "0"], /--nodes 0: expected a whole number >= 1/],
    [["--workers", "0"], /--workers 0: expected a whole number >= 1/],
    [["--shard", "3/2"], /--shard 3\/2: expected i\/n with 0 <= i < n/],
    [["--engine", text], /is not a program/],
    [
      ["--profile", "huge"],
      /unknown profile "huge" \(allowed: full, quick, ci\)/,
    ],
  ];
  for (const [args, message] of cases) {
    const r = await evalAllCli(...args, "--out", path);
    ok(r.code !== 0, `${args.join(" ")}: exit ${r.code}`);
    const errors = r.stderr.trim().split("\n").filter((l) => l.startsWith("error:"));
    assertEquals(errors.length, 1, `${args.join(" ")}: ${r.stderr}`);
    ok(message.test(errors[0]), `${args.join(" ")}: ${errors[0]}`);
  }
  assertEquals(await sha256File(path), before);

  // A dataset of another engine (other fingerprint) or budget is never appended to.
  const other = join(tmp, "other-engine.jsonl");
  const lines = (await Deno.readTextFile(path)).split("\n");
  const header = JSON.parse(lines[0]);
  header.config.engine_fingerprint = 1234567;
  await Deno.writeTextFile(
    other,
    [JSON.stringify(header), ...lines.slice(1, 4)].join("\n") + "\n",
  );
  const otherHash = await sha256File(other);
  const r = await evalAllCli("--out", other);
  ok(r.code !== 0);
  ok(
    /another configuration \(engine fingerprint 1234567 vs 2030154\)/.test(
      r.stderr,
    ),
    r.stderr,
  );
  const r2 = await evalAllCli("--nodes", "30000", "--out", path);
  ok(
    /search limit \{"nodes":20000\} vs \{"nodes":30000\}/.test(r2.stderr),
    r2.stderr,
  );
  assertEquals([await sha256File(other), await sha256File(path)], [
    otherHash,
    before,
  ]);
});

Deno.test("verify-reproduce: match exits 0; a doctored dataset exits 1 and names the cause", async () => {
  const path = await referenceRun();
  const ok518 = await cli("verify_reproduce.ts", [
    "--sp",
    "518",
    "--dataset",
    path,
  ]);
  assertEquals(ok518.code, 0, ok518.stderr);
  ok(/MATCH/.test(ok518.stdout));

  const lines = (await Deno.readTextFile(path)).trimEnd().split("\n");
  const header = JSON.parse(lines[0]);
  header.engine.fingerprint = 999;
  header.engine.uci_name = "Another Engine";
  const recs = lines.slice(1).map((l) => JSON.parse(l));
  for (const r of recs) if (r.sp === 518) r.eval_cp += 1;
  const doctored = join(tmp, "doctored.jsonl");
  await Deno.writeTextFile(
    doctored,
    [header, ...recs].map((x) => JSON.stringify(x)).join("\n") + "\n",
  );
  const bad = await cli("verify_reproduce.ts", [
    "--sp",
    "518",
    "--dataset",
    doctored,
  ]);
  assertEquals(bad.code, 1);
  ok(
    /MISMATCH/.test(bad.stdout) && /eval_cp: recorded/.test(bad.stdout),
    bad.stdout,
  );
  ok(
    /engine build: fingerprint 2030154 .* differs from the dataset's 999/.test(
      bad.stdout,
    ),
    bad.stdout,
  );

  const missing = await cli("verify_reproduce.ts", [
    "--sp",
    "5",
    "--dataset",
    path,
  ]);
  assertEquals(missing.code, 1);
  ok(/SP 5 is not in/.test(missing.stderr), missing.stderr);
});

Deno.test("verify-reproduce --draw K: K positions drawn by seed among those the file's own run computed, recorded with the draw", async () => {
  const path = join(tmp, "drawn", "evals.jsonl");
  await Deno.mkdir(join(tmp, "drawn"));
  await Deno.copyFile(await referenceRun(), path);
  // A record joined from another file is not the run's own: it is never drawn.
  const lines = (await Deno.readTextFile(path)).trimEnd().split("\n").map((l, i) => {
    if (i === 0) return l;
    const r = JSON.parse(l);
    return JSON.stringify({
      ...r,
      computed: { file: r.sp === 0 ? "results/other/evals.jsonl" : path, run: "r", engine_sha256: "e", commit: "c" },
    });
  });
  await Deno.writeTextFile(path, lines.join("\n") + "\n");
  const args = ["--dataset", path, "--draw", "3", "--record"];
  const first = await cli("verify_reproduce.ts", args);
  assertEquals(first.code, 0, first.stderr);
  const record = JSON.parse(await Deno.readTextFile(join(tmp, "drawn", "verify-reproduce.json")));
  const drawn: number[] = record.draws[0].sps;
  assertEquals(drawn.length, 3);
  ok(!drawn.includes(0) && !record.draws[0].among.includes(0), JSON.stringify(record.draws[0]));
  assertEquals(
    record.checks.map((c: { sp: number; match: boolean }) => [c.sp, c.match]),
    [...drawn].sort((a, b) => a - b).map((sp) => [sp, true]),
  );
  // The same inputs draw the same positions; the draw is recorded once.
  const again = await cli("verify_reproduce.ts", args);
  assertEquals(again.code, 0, again.stderr);
  const after = JSON.parse(await Deno.readTextFile(join(tmp, "drawn", "verify-reproduce.json")));
  assertEquals([after.draws.length, after.draws[0].sps, after.checks.length], [1, drawn, 3]);
  for (const bad of [[], ["--sp", "518", "--draw", "1"]]) {
    const r = await cli("verify_reproduce.ts", ["--dataset", path, ...bad]);
    assertEquals(r.code, 2, r.stderr);
    ok(r.stderr.includes("give either --sp SP|BACKRANK|FEN or --draw K"), r.stderr);
  }
  const tooMany = await cli("verify_reproduce.ts", ["--dataset", path, "--draw", "12"]);
  ok(tooMany.stderr.includes("--draw 12: the dataset's run has computed 11 positions"), tooMany.stderr);
});

Deno.test("two eval-all at once on one folder: one refuses naming the holder; the data are exactly one run's", async () => {
  // The second starts once the first holds the lock (started together, a fast first run could finish before
  // the second looks, which then has nothing to do).
  const first = evalAllCli("--workers", "1");
  ok(await waitForFile(join(results, "ci", "evals.jsonl.lock")), "the first run took the lock");
  const [a, b] = await Promise.all([first, evalAllCli("--workers", "1")]);
  const refused = [a, b].filter((r) => r.code !== 0);
  assertEquals(refused.length, 1, `${a.stderr}\n${b.stderr}`);
  ok(
    /is being written by PID \d+ on .* \(eval_all\.ts --profile ci.*, since /.test(refused[0].stderr),
    refused[0].stderr,
  );
  const path = join(results, "ci", "evals.jsonl");
  assertEquals(await records(path), await records(await referenceRun()));
  ok(!(await Deno.stat(`${path}.lock`).catch(() => undefined)), "the lock is released");
});

Deno.test("a stale lock of a dead process is taken over with a message", async () => {
  const path = join(tmp, "stale.jsonl");
  const dead = {
    pid: 2 ** 22 - 7,
    host: Deno.hostname(),
    command: "deno eval-all",
    started: "2026-01-01",
    proc_start: "1",
  };
  await Deno.writeTextFile(`${path}.lock`, JSON.stringify(dead));
  const r = await evalAllCli("--sp", "0", "--out", path);
  assertEquals(r.code, 0, r.stderr);
  ok(/taking over the lock of .*stale\.jsonl: PID \d+ .* is no longer running/.test(r.stderr), r.stderr);
});

Deno.test("a file holding positions twice is repaired when the copies agree, refused naming both lines when not", async () => {
  const ref = await referenceRun();
  const lines = (await Deno.readTextFile(ref)).trimEnd().split("\n");
  const doubled = join(tmp, "doubled.jsonl");
  await Deno.writeTextFile(doubled, [...lines, ...lines.slice(1, 4)].join("\n") + "\n");
  const r = await evalAllCli("--out", doubled);
  assertEquals(r.code, 0, r.stderr);
  ok(/removed 3 repeated record\(s\) identical to the first/.test(r.stderr), r.stderr);
  assertEquals(await records(doubled), await records(ref));

  const conflict = join(tmp, "conflict.jsonl");
  const changed = JSON.parse(lines[2]);
  changed.eval_cp += 5;
  await Deno.writeTextFile(conflict, [...lines, JSON.stringify(changed)].join("\n") + "\n");
  const before = await sha256File(conflict);
  const c = await evalAllCli("--out", conflict);
  assertEquals(c.code, 1);
  ok(
    new RegExp(`two different results for SP ${changed.sp} \\(lines 3 and ${lines.length + 1}\\)`).test(c.stderr),
    c.stderr,
  );
  assertEquals(await sha256File(conflict), before);
});

Deno.test("records that contradict their header or are not records are refused with file and line; nothing is written", async () => {
  const ref = await referenceRun();
  const lines = (await Deno.readTextFile(ref)).trimEnd().split("\n");
  const rec = JSON.parse(lines[1]);
  const cases: [string, string, RegExp][] = [
    ["null", "null", /line 2: not a record/],
    ["empty object", "{}", /line 2: sp is missing \(expected a whole number\)/],
    ["list as eval", JSON.stringify({ ...rec, eval_cp: [] }), /line 2: eval_cp \[\] is not a whole number or null/],
    ["SP outside", JSON.stringify({ ...rec, sp: 5 }), /line 2: SP 5 is not one of the positions in the file's header/],
    [
      "other budget",
      JSON.stringify({ ...rec, limit: { nodes: 999 } }),
      /line 2: its limit \{"nodes":999\} is not the header's/,
    ],
  ];
  for (const [name, line, message] of cases) {
    const path = join(tmp, `bad-${name.replace(/ /g, "-")}.jsonl`);
    await Deno.writeTextFile(path, [lines[0], line, ...lines.slice(2, 5)].join("\n") + "\n");
    const before = await sha256File(path);
    const r = await evalAllCli("--out", path);
    assertEquals(r.code, 1, `${name}: ${r.stderr}`);
    const errors = errorLines(r.stderr);
    assertEquals(errors.length, 1, `${name}: ${r.stderr}`);
    ok(message.test(errors[0]) && errors[0].includes(path), `${name}: ${errors[0]}`);
    assertEquals(await sha256File(path), before, name);
  }
});

Deno.test("--out never destroys what it did not write; relative paths are the caller's; missing folders are an error", async () => {
  const note = join(tmp, "note.txt");
  await Deno.writeTextFile(note, "my notes, one line, not JSON\n");
  const r = await evalAllCli("--out", note);
  assertEquals(r.code, 1);
  ok(/is not a results file of this workspace/.test(r.stderr), r.stderr);
  assertEquals(await Deno.readTextFile(note), "my notes, one line, not JSON\n");
  const torn = join(tmp, "note2.txt");
  await Deno.writeTextFile(torn, "a note without a newline");
  assertEquals((await evalAllCli("--out", torn)).code, 1);
  assertEquals(await Deno.readTextFile(torn), "a note without a newline");

  const missing = await evalAllCli("--out", join(tmp, "no", "such", "dir", "x.jsonl"));
  assertEquals(missing.code, 2);
  ok(/the directory .*no\/such\/dir does not exist/.test(missing.stderr), missing.stderr);

  // A folder is a usage error; a manifest or lock of that name that this workspace did not write stays.
  const folder = await evalAllCli("--out", tmp);
  assertEquals(folder.code, 2, folder.stderr);
  ok(/--out .*: is a directory; give a file name/.test(folder.stderr), folder.stderr);
  const user = join(tmp, "user");
  await Deno.mkdir(user);
  await Deno.writeTextFile(join(user, "run.manifest.json"), "my manifest\n");
  const m = await evalAllCli("--sp", "0", "--out", join(user, "run.jsonl"));
  assertEquals(m.code, 1, m.stderr);
  ok(/run\.manifest\.json exists and is not the manifest of an evaluation file/.test(m.stderr), m.stderr);
  assertEquals(await Deno.readTextFile(join(user, "run.manifest.json")), "my manifest\n");
  await Deno.writeTextFile(join(user, "own.jsonl.lock"), "my lock notes\n");
  const l = await evalAllCli("--sp", "0", "--out", join(user, "own.jsonl"));
  assertEquals(l.code, 1, l.stderr);
  ok(/unreadable lock file; if no run of this workspace writes it, remove/.test(l.stderr), l.stderr);
  assertEquals(await Deno.readTextFile(join(user, "own.jsonl.lock")), "my lock notes\n");
  await Deno.writeTextFile(join(user, "mbi.csv"), "my table\n");
  const d = await cli("derive_mbi.ts", ["--evals", await referenceRun(), "--out", user]);
  assertEquals(d.code, 1, d.stderr);
  ok(/mbi\.csv exists without its MBI table .*; not writing over it/.test(d.stderr), d.stderr);
  assertEquals(await Deno.readTextFile(join(user, "mbi.csv")), "my table\n");
  const onFile = await cli("derive_mbi.ts", ["--evals", await referenceRun(), "--out", join(user, "mbi.csv")]);
  assertEquals(onFile.code, 2, onFile.stderr);

  // A relative --out resolves against the caller's directory (INIT_CWD under deno task).
  const sub = join(tmp, "sub");
  await Deno.mkdir(sub);
  const rel = await evalAllCli({ INIT_CWD: sub }, "--sp", "0", "--out", "rel.jsonl");
  assertEquals(rel.code, 0, rel.stderr);
  ok(await Deno.stat(join(sub, "rel.jsonl")));
});

Deno.test("what a killed run left beside the file (its temporary files) is removed by the next run, even with nothing to do", async () => {
  const dir = join(tmp, "leftovers");
  await Deno.mkdir(dir);
  const path = join(dir, "evals.jsonl");
  await Deno.copyFile(await referenceRun(), path);
  const dead = [
    `${path}.999999999.vm.0123456789abcdef.tmp`,
    `${join(dir, "evals.manifest.json")}.999999999.vm.fedcba9876543210.tmp`,
  ];
  for (const f of dead) await Deno.writeTextFile(f, "half");
  const r = await evalAllCli("--out", path);
  assertEquals(r.code, 0, r.stderr);
  ok(r.stderr.includes("0 evaluated now"), r.stderr);
  for (const f of dead) ok(!(await Deno.stat(f).then(() => true, () => false)), `${f} is still there`);
});

Deno.test("a read-only complete dataset: a run with nothing to do succeeds and changes nothing", async () => {
  const ro = join(tmp, "readonly.jsonl");
  await Deno.copyFile(await referenceRun(), ro);
  await Deno.chmod(ro, 0o444);
  const r = await evalAllCli("--out", ro);
  assertEquals(r.code, 0, r.stderr);
  ok(/0 evaluated now, 12 already there/.test(r.stderr), r.stderr);
});

Deno.test("usage: extra arguments, profile names with zero budgets, huge worker counts, --help", async () => {
  const extra = await cli("eval_all.ts", ["ci"]);
  assertEquals(extra.code, 2);
  ok(/unexpected argument "ci" \(did you mean --profile ci\?\)/.test(extra.stderr), extra.stderr);
  const zero = await cli("eval_all.ts", ["--profile", "ci~eval0"]);
  assertEquals(zero.code, 2, "a bad profile key is a usage error, like --nodes 0");
  ok(/profile "ci~eval0": eval 0: expected a whole number >= 1/.test(zero.stderr), zero.stderr);
  const ctor = await cli("eval_all.ts", ["--profile", "constructor"]);
  assertEquals(ctor.code, 2, ctor.stderr);
  ok(/unknown profile "constructor" \(allowed: full, quick, ci\)/.test(ctor.stderr), ctor.stderr);
  const many = await evalAllCli("--workers", "100000", "--sp", "0", "--out", join(tmp, "many.jsonl"));
  assertEquals(many.code, 0, many.stderr);
  ok(new RegExp(`--workers 100000: this machine has ${navigator.hardwareConcurrency} cores`).test(many.stderr));
  const help = await cli("eval_all.ts", ["--help"]);
  assertEquals(help.code, 0);
  ok(/^deno task eval-all/.test(help.stdout), help.stdout);
});
