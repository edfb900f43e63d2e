import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { testRoot } from "../core/testing.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { CI_POSITIONS } from "../method/mod.ts";

// Derived files against what they were derived from, on a synthetic ci dataset (no engine runs): a changed
// stage-1 value, a mixed MBI set, a dataset of another budget. Every reader refuses with the command that
// fixes it, and that command rewrites every derived file.
const { results, cli } = await testRoot("derived-test");
const dir = join(results, "ci");
const evalsPath = await writeSyntheticDataset({
  root: results,
  folder: "ci",
  values: Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, 5 + 3 * i])),
});

/** Rewrites evals.jsonl with `edit` applied to the header (line 0) and every record. */
async function editDataset(edit: (x: Record<string, unknown>, line: number) => void): Promise<void> {
  const lines = (await Deno.readTextFile(evalsPath)).trimEnd().split("\n").map((l) => JSON.parse(l));
  lines.forEach(edit);
  await Deno.writeTextFile(evalsPath, lines.map((x) => JSON.stringify(x)).join("\n") + "\n");
}

const csvValue = async (path: string, sp: number) =>
  (await Deno.readTextFile(path)).split("\n").find((l) => l.startsWith(`${sp},`))?.split(",");

Deno.test("a changed stage-1 value: mbi, site and stats refuse naming derive-mbi; derive-mbi rewrites every derived file", async () => {
  const first = await cli("derive_mbi.ts", ["--profile", "ci"]);
  assertEquals(first.code, 0, first.stderr);
  ok(first.stdout.includes(join(dir, "mbi.json")), `the path it really wrote: ${first.stdout}`);
  const site = await cli("site.ts", ["--profile", "ci"]);
  assertEquals(site.code, 0, site.stderr);
  const before = await cli("mbi.ts", ["--profile", "ci", "959"]);
  assertEquals(before.code, 0, before.stderr);
  ok(/eval \+38 cp/.test(before.stdout), before.stdout);

  await editDataset((x) => {
    if (x.sp === 959) x.eval_cp = 90;
  });
  const stale =
    /mbi\.json was not derived from the values now in .*evals\.jsonl: run deno task derive-mbi --profile ci/;
  for (
    const [script, args] of [
      ["mbi.ts", ["--profile", "ci", "959"]],
      ["site.ts", ["--profile", "ci"]],
      ["notebooks.ts", ["--profile", "ci"]],
    ] as const
  ) {
    const r = await cli(script, [...args]);
    assertEquals(r.code, 1, `${script}: ${r.stdout}${r.stderr}`);
    ok(stale.test(r.stderr), `${script}: ${r.stderr}`);
  }
  const stats = await cli("stats.ts", ["--profile", "ci"]);
  assertEquals(stats.code, 1);
  ok(stale.test(stats.stderr), stats.stderr);

  const fix = await cli("derive_mbi.ts", ["--profile", "ci"]);
  assertEquals(fix.code, 0, fix.stderr);
  for (const f of ["mbi.json", "evals.csv", "distribution.json", "site/index.html"]) {
    ok(fix.stdout.includes(`wrote ${join(dir, f)}`), `${f}: ${fix.stdout}`);
  }
  assertEquals((await csvValue(join(dir, "mbi.csv"), 959))?.[3], "90");
  assertEquals((await csvValue(join(dir, "evals.csv"), 959))?.[3], "90");
  assertEquals((await csvValue(join(dir, "site", "files", "evals.csv"), 959))?.[3], "90");
  const dist = JSON.parse(await Deno.readTextFile(join(dir, "distribution.json")));
  assertEquals(dist.eval.max, 90);
  const after = await cli("mbi.ts", ["--profile", "ci", "959"]);
  assertEquals(after.code, 0, after.stderr);
  ok(/eval \+90 cp/.test(after.stdout), after.stdout);
});

Deno.test("a mixed MBI set (views of another table beside mbi.json) is refused, and repaired by derive-mbi", async () => {
  const csv = join(dir, "mbi.csv");
  const good = await Deno.readTextFile(csv);
  await Deno.writeTextFile(csv, good.replace(/\n959,[^\n]*/, "\n959,RNBQKBNR,x,1,1,1,1,,"));
  const r = await cli("site.ts", ["--profile", "ci"]);
  assertEquals(r.code, 1, r.stderr);
  ok(/mbi\.csv is not the view of mbi\.json: run deno task derive-mbi --profile ci/.test(r.stderr), r.stderr);
  const fix = await cli("derive_mbi.ts", ["--profile", "ci"]);
  assertEquals(fix.code, 0, fix.stderr);
  assertEquals(await Deno.readTextFile(csv), good);
});

Deno.test("a ci dataset whose header and records say 30,000 nodes: derive-mbi, stats, mbi and site refuse it", async () => {
  await editDataset((x, i) => {
    if (i === 0) (x.config as Record<string, unknown>).limit = { nodes: 30_000 };
    else x.limit = { nodes: 30_000 };
  });
  const why = /evals\.jsonl was computed with search limit \{"nodes":30000\}, not the profile's \{"nodes":20000\}/;
  for (
    const [script, args] of [
      ["derive_mbi.ts", ["--profile", "ci"]],
      ["stats.ts", ["--profile", "ci"]],
      ["mbi.ts", ["--profile", "ci", "518"]],
      ["site.ts", ["--profile", "ci"]],
    ] as const
  ) {
    const r = await cli(script, [...args]);
    assertEquals(r.code, 1, `${script}: ${r.stderr}`);
    ok(why.test(r.stderr), `${script}: ${r.stderr}`);
  }
});

Deno.test("the site is replaced as one unit: a kill before or between its renames leaves the old site or the new one", async () => {
  await cli("derive_mbi.ts", ["--profile", "ci"]); // current again after the tests above
  await editDataset((x, i) => {
    if (i === 0) (x.config as Record<string, unknown>).limit = { nodes: 20_000 };
    else x.limit = { nodes: 20_000 };
  });
  assertEquals((await cli("derive_mbi.ts", ["--profile", "ci"])).code, 0);
  const site = join(dir, "site");
  const old = await Deno.readTextFile(join(site, "index.html"));
  await editDataset((x) => {
    if (x.sp === 0) x.eval_cp = 77;
  });
  for (const point of ["site:written", "site:retired"]) {
    const killed = await cli("derive_mbi.ts", ["--profile", "ci"], { MBI_TEST_KILL_AT: point });
    ok(killed.code !== 0, point);
    const now = await Deno.readTextFile(join(site, "index.html")).catch(() => undefined);
    // Killed before the new site was renamed into place: the old one is there, or (between the renames) it is
    // beside it and the next build puts it back before anything else.
    ok(now === old || now === undefined, point);
    const files = await Array.fromAsync(Deno.readDir(dir));
    // beside it under names no one can guess: site.new-<pid>-<random>, site.old-<pid>-<random>
    ok(files.some((e) => /^site\.(new|old)-\d+-\w+$/.test(e.name)), `${point}: the leftovers are there`);
  }
  const r = await cli("site.ts", ["--profile", "ci"]);
  assertEquals(r.code, 0, r.stderr);
  const html = await Deno.readTextFile(join(site, "index.html"));
  ok(html !== old && html.includes("77"), "the new site");
  const files = await Array.fromAsync(Deno.readDir(dir));
  assertEquals(files.filter((e) => /^site\.|\.lock$/.test(e.name)).map((e) => e.name), [], "no leftovers");
});

Deno.test("mbi: the method's value beside the index where its run has searched the position, with how many are done", async () => {
  assertEquals((await cli("derive_mbi.ts", ["--profile", "ci"])).code, 0);
  const none = await cli("mbi.ts", ["--profile", "ci", "959"]);
  ok(!none.stdout.includes("the method's budget"), "no run file, no line");
  // the cite line names the dataset's engine and fingerprint, as its note asks of a citation
  ok(
    /\ncite: .* Dataset ci \(Stockfish 17\.1[^,]*, fingerprint 2,030,154\), 20,000 nodes per position\.\n/.test(
      none.stdout,
    ),
    none.stdout,
  );
  await writeSyntheticDataset({
    root: results,
    folder: "full",
    values: { 959: -3, 1: 20 },
    limit: { nodes: 400_000_000 },
    depth: 41,
  });
  const done = await cli("mbi.ts", ["--profile", "ci", "959"]);
  assertEquals(done.code, 0, done.stderr);
  ok(
    done.stdout.includes(
      "the method's budget (400,000,000 nodes per position): eval −3 cp, depth 41; pv e2e4 e7e5 (2 of 960 positions done: no MBI at this budget until all are)",
    ),
    done.stdout,
  );
  const json = JSON.parse((await cli("mbi.ts", ["--profile", "ci", "959", "--json"])).stdout);
  assertEquals(json.method, {
    budget: "400,000,000 nodes per position",
    done: 2,
    of: 960,
    eval_cp: -3,
    depth: 41,
    pv: ["e2e4", "e7e5"],
  });
  const notYet = await cli("mbi.ts", ["--profile", "ci", "0"]);
  ok(
    notYet.stdout.includes(
      "the method's budget (400,000,000 nodes per position): not searched yet (2 of 960 positions done)",
    ),
    notYet.stdout,
  );
  await Deno.remove(join(results, "full"), { recursive: true });
});
