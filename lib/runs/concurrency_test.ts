import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { testRoot, waitForFile } from "../core/testing.ts";
import { repoPath } from "../core/mod.ts";
import { buildMbiTable, readPositionValues, writeMbiTable } from "../store/mod.ts";

// Many writers at once on one results root (the ci profile, small position subsets so that it stays cheap).

const { dir, results, cli } = await testRoot("concurrency-test");

/** The positions (eval records) or `sp:game` keys (games) of a JSONL results file, in file order. */
async function keys(path: string, key: (r: { sp: number; game?: number }) => string): Promise<string[]> {
  const lines = (await Deno.readTextFile(path)).trimEnd().split("\n").slice(1);
  return lines.map((l) => key(JSON.parse(l)));
}

const straceWorks = await new Deno.Command("strace", { args: ["-o", "/dev/null", "true"], stderr: "null" })
  .output().then((o) => o.success, () => false);

Deno.test({
  name: "a run slowed right where it creates its lock (strace: openat of the lock delayed 3 s): the second is refused",
  ignore: !straceWorks,
  fn: async () => {
    const out = join(dir, "slowed.jsonl");
    const args = ["run", "-A", repoPath("lib", "cli", "eval_all.ts"), "--profile", "ci", "--sp", "0,1", "--out", out];
    // Fault injection: every openat of the lock file by the first run returns only after 3 s.
    const first = new Deno.Command("strace", {
      args: ["-f", "-qq", "--seccomp-bpf", "-o", "/dev/null", "-P", `${out}.lock`, "-e", "trace=openat"]
        .concat(["-e", "inject=openat:delay_exit=3000000", Deno.execPath(), ...args]),
      env: { MBI_RESULTS_DIR: results },
      stdout: "piped",
      stderr: "piped",
    }).output();
    ok(await waitForFile(`${out}.lock`, 120_000), "the first run made its lock");
    const second = await cli("eval_all.ts", ["--profile", "ci", "--sp", "0,1", "--out", out]);
    const a = await first;
    const dec = new TextDecoder();
    assertEquals(a.code, 0, dec.decode(a.stderr));
    assertEquals(second.code, 1, second.stderr);
    ok(/is being written by PID \d+/.test(second.stderr), second.stderr);
    assertEquals((await keys(out, (r) => `${r.sp}`)).sort(), ["0", "1"]);
  },
});

Deno.test("20 eval-all and selfplay started at once on one results root: every position and game exactly once", async () => {
  const csv = join(dir, "values.csv");
  await Deno.writeTextFile(csv, "sp,eval_cp\n0,3\n1,12\n100,20\n518,25\n");
  await writeMbiTable(dir, await buildMbiTable(csv, await readPositionValues(csv), "test"));
  const evalArgs = ["--profile", "ci", "--sp", "0,1,100", "--workers", "1"];
  const playArgs = ["--profile", "ci", "--table", join(dir, "mbi.json"), "--sp", "518,0", "--games", "2"];
  const runs = await Promise.all(
    Array.from({ length: 20 }, (_, i) => i % 2 ? cli("selfplay.ts", playArgs) : cli("eval_all.ts", evalArgs)),
  );
  for (const r of runs) {
    ok(r.code === 0 || (r.code === 1 && /is being written by PID \d+/.test(r.stderr)), r.stderr);
  }
  ok(runs.some((r) => r.code === 0), "some run wrote");
  const evals = await keys(join(results, "ci", "evals.jsonl"), (r) => `${r.sp}`);
  assertEquals([...evals].sort(), ["0", "1", "100"]);
  const folder = (await Array.fromAsync(Deno.readDir(join(results, "ci")))).find((e) => e.name.startsWith("selfplay"));
  ok(folder, "a self-play folder");
  const games = await keys(join(results, "ci", folder.name, "games.jsonl"), (r) => `${r.sp}:${r.game}`);
  assertEquals([...games].sort(), ["0:1", "0:2", "518:1", "518:2"]);
  const sets = await keys(join(results, "ci", folder.name, "openings.jsonl"), (r) => `${r.sp}`);
  assertEquals([...sets].sort(), ["0", "518"], "one opening set per position");
  const summary = JSON.parse(await Deno.readTextFile(join(results, "ci", folder.name, "selfplay.json")));
  assertEquals(summary.n_games, 4);
  const left = (await Array.fromAsync(Deno.readDir(join(results, "ci")))).filter((e) => /\.lock|\.tmp$/.test(e.name));
  assertEquals(left, [], "no lock or temporary file left");
});
