import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { testRoot, withResultsDir } from "../core/testing.ts";
import { acquireLock, readEvalDataset, readRunOrder } from "../store/mod.ts";
import { CI_POSITIONS } from "../method/mod.ts";
import { appendJoined, joinDraw, joinedRecords, joinState } from "./join.ts";
import { readVerifyRecord } from "./verification_record.ts";

// The join on the `ci` profile (20,000 nodes) with the default engine: a sample of 4 positions computed
// apart, an order that sets them apart, a run cut short, the join, and the rest of the run.

const { results, cli } = await testRoot("join-test");
const SAMPLE = [0, 100, 517, 959];
const ci = join(results, "ci");
const samplePath = join(ci, "sample", "evals.jsonl");

async function lines(path: string): Promise<{ sp: number; computed?: { file: string; run: string } }[]> {
  return (await Deno.readTextFile(path)).trim().split("\n").slice(1).map((l) => JSON.parse(l));
}

Deno.test("joinState: ready only when every drawn position matched with the run's build", () => {
  const check = (sp: number, match: boolean, sha = "run") => ({
    sp,
    date: "d",
    machine: {} as never,
    engine: { id: "e", uci_name: "e", fingerprint: 1, sha256: sha },
    match,
    differences: [],
    command: "c",
  });
  const rec = (...checks: ReturnType<typeof check>[]) => ({
    kind: "mbi-verify-reproduce" as const,
    schema: 1,
    dataset: "x",
    checks,
  });
  assertEquals(joinState([3, 7], undefined, "run"), { ready: false, failed: null, todo: [3, 7] });
  assertEquals(joinState([3, 7], rec(check(3, true), check(7, true, "other")), "run"), {
    ready: false,
    failed: null,
    todo: [7],
  });
  assertEquals(joinState([3, 7], rec(check(3, true), check(7, true)), "run"), { ready: true, failed: null, todo: [] });
  assertEquals(joinState([3, 7], rec(check(3, false), check(7, true)), "run"), { ready: false, failed: 3, todo: [] });
});

Deno.test("eval-join: two drawn positions searched again and matched, the sample joins with its provenance, the run completes", () =>
  // the calls made in this process read this file's results root; the variable is put back after
  withResultsDir(results, async () => {
    await Deno.mkdir(join(ci, "sample"), { recursive: true });
    const sample = await cli("eval_all.ts", [
      "--profile",
      "ci",
      "--sp",
      SAMPLE.join(","),
      "--out",
      samplePath,
      "--workers",
      "2",
    ]);
    assertEquals(sample.code, 0, sample.stderr);
    const ordered = await cli("eval_order.ts", ["--profile", "ci", "--join", samplePath]);
    assertEquals(ordered.code, 0, ordered.stderr);
    const order = (await readRunOrder(ci, CI_POSITIONS))!;
    assertEquals(order.joined.positions, SAMPLE);
    // Written once: a second call changes nothing.
    const again = await cli("eval_order.ts", ["--profile", "ci", "--join", samplePath]);
    ok(again.stdout.includes("already there"), again.stdout);

    // The run takes the order's first positions (one worker: exactly in order), then is cut short.
    const cut = await cli("eval_all.ts", ["--profile", "ci", "--workers", "1"], {
      MBI_TEST_KILL_AFTER: "evaluations:3",
    });
    ok(cut.code !== 0);
    const runPath = join(ci, "evals.jsonl");
    assertEquals((await lines(runPath)).map((r) => r.sp), order.order.slice(0, 3));

    // Held by a writer: nothing is joined.
    const lock = await acquireLock(runPath, () => {});
    await rejects(appendJoined(runPath, await joinedRecords(order)), /lock|being written|held/i);
    await lock.release();

    const joined = await cli("eval_join.ts", ["--profile", "ci"]);
    assertEquals(joined.code, 0, joined.stderr + joined.stdout);
    const drawn = joinDraw(order, "").sps;
    const check = (await readVerifyRecord(samplePath, join(ci, "join-check.json")))!;
    assertEquals(check.checks.map((c) => [c.sp, c.match]), [...drawn].sort((a, b) => a - b).map((sp) => [sp, true]));
    assertEquals(check.draws?.[0].sps, drawn);
    const after = await lines(runPath);
    assertEquals(after.slice(3).map((r) => r.sp).sort((a, b) => a - b), SAMPLE);
    const sampleRun = JSON.parse(await Deno.readTextFile(join(ci, "sample", "evals.manifest.json"))).runs[0].started;
    for (const r of after.slice(3)) {
      assertEquals([r.computed?.file, r.computed?.run], ["results/ci/sample/evals.jsonl", sampleRun]);
    }
    for (const r of after.slice(0, 3)) assertEquals(r.computed?.file, "results/ci/evals.jsonl");

    // A second join does nothing; the run then completes without searching the joined positions again.
    const twice = await cli("eval_join.ts", ["--profile", "ci"]);
    ok(twice.stdout.includes("0 record(s)"), twice.stdout);
    const rest = await cli("eval_all.ts", ["--profile", "ci", "--workers", "2"]);
    assertEquals(rest.code, 0, rest.stderr);
    ok(rest.stderr.includes(`${CI_POSITIONS.length - 3 - SAMPLE.length} evaluated now`), rest.stderr);
    // its progress names the part of the order under way: the order's first 3 done at the start, all at the end
    const n = order.order.length;
    ok(
      rest.stderr.includes(`| part 1 of 1: 3/${n} |`) && rest.stderr.includes(`| part 1 of 1: ${n}/${n}, ETA 0s |`),
      rest.stderr,
    );
    const done = (await readEvalDataset(runPath))!;
    assertEquals(done.missing, []);
    assertEquals(done.records.length, CI_POSITIONS.length);
  }));

Deno.test("eval-join: a drawn position that does not match is recorded as such, and nothing joins", () =>
  // the calls made in this process read this file's results root; the variable is put back after
  withResultsDir(results, async () => {
    const key = "ci~eval30000";
    const dir = join(results, key);
    const path = join(dir, "sample", "evals.jsonl");
    await Deno.mkdir(join(dir, "sample"), { recursive: true });
    const sample = await cli("eval_all.ts", [
      "--profile",
      key,
      "--sp",
      SAMPLE.join(","),
      "--out",
      path,
      "--workers",
      "2",
    ]);
    assertEquals(sample.code, 0, sample.stderr);
    // One drawn position's value altered by one centipawn before the order names the file.
    const order0 = await cli("eval_order.ts", ["--profile", key, "--join", path]);
    assertEquals(order0.code, 0, order0.stderr);
    const order = (await readRunOrder(dir, CI_POSITIONS))!;
    const victim = joinDraw(order, "").sps[0];
    const text = (await Deno.readTextFile(path)).split("\n").map((l) => {
      if (!l.startsWith(`{"sp":${victim},`)) return l;
      const r = JSON.parse(l);
      return JSON.stringify({ ...r, eval_cp: r.eval_cp + 1 });
    }).join("\n");
    await Deno.writeTextFile(path, text);
    await Deno.remove(join(dir, "order.json"));
    assertEquals((await cli("eval_order.ts", ["--profile", key, "--join", path])).code, 0);
    const cut = await cli("eval_all.ts", ["--profile", key, "--workers", "1"], {
      MBI_TEST_KILL_AFTER: "evaluations:1",
    });
    ok(cut.code !== 0);
    const r = await cli("eval_join.ts", ["--profile", key]);
    assertEquals(r.code, 1, r.stderr + r.stdout);
    ok(r.stdout.includes(`not joined: SP ${victim} did not match`), r.stdout);
    const check = (await readVerifyRecord(path, join(dir, "join-check.json")))!;
    assertEquals(check.checks.find((c) => c.sp === victim)?.match, false);
    assertEquals((await lines(join(dir, "evals.jsonl"))).length, 1);
  }));
