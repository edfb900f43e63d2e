import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { readEvalDataset, withoutTiming } from "../store/eval_dataset.ts";
import { parseShard, shardOf as shardPositions } from "../store/shards.ts";
import { mergeEvalFiles } from "../store/eval_merge.ts";
import { sha256File } from "../core/hash.ts";
import { repoPath } from "../core/paths.ts";
import { CI_POSITIONS } from "../method/profiles.ts";

// Stage-1 tests on the `ci` profile (12 positions, 20,000 nodes) with the WASM engine.

async function cli(
  script: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", repoPath("lib", "cli", script), ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return {
    code: out.code,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
  };
}

const evalAllCli = (...args: string[]) => cli("eval_all.ts", ["--profile", "ci", ...args]);

const tmp = await Deno.makeTempDir({ prefix: "mbi-eval-test-" });
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

Deno.test("kill -9 midway, a torn last line, then the same command: each position exactly once, same values", async () => {
  const path = join(tmp, "killed.jsonl");
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      repoPath("lib", "cli", "eval_all.ts"),
      "--profile",
      "ci",
      "--workers",
      "2",
      "--out",
      path,
    ],
    stdout: "null",
    stderr: "null",
  }).spawn();
  // Wait until a few records are on disk, then kill without warning.
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const text = await Deno.readTextFile(path).catch(() => "");
    if (text.split("\n").length >= 5) break;
  }
  child.kill("SIGKILL");
  await child.status;
  const partial = await readEvalDataset(path);
  ok(
    partial && partial.records.length >= 3 && partial.records.length < 12,
    `records after kill: ${partial?.records.length}`,
  );
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
