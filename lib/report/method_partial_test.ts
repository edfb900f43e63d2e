import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { inTempRoot } from "../core/testing.ts";
import { buildRunOrder, runOrderPath } from "../store/mod.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { averageRanks, quantileSorted } from "../method/mod.ts";
import {
  computeMethodPartial,
  landingText,
  partialCountText,
  readMethodPartial,
  writeMethodPartial,
} from "./method_partial.ts";

// A synthetic results root: a complete 8M index of the reference engine, the 60 sample positions at the
// method's budget, the run's order, and a run file holding the 60, the order's first 25 and its 27th.

const ALL = Array.from({ length: 960 }, (_, i) => i);
const indexValue = (sp: number) => ((sp * 37) % 90) - 5;
const methodValue = (sp: number) => ((sp * 37) % 90) - 5 + ((sp * 7) % 11) - 5;
const JOINED = ALL.filter((sp) => sp % 16 === 3).slice(0, 60);

async function setUp(root: string, prefix: number, beyond: number[] = []) {
  await writeSyntheticDataset({
    root,
    folder: "quick~eval8000000",
    values: Object.fromEntries(ALL.map((sp) => [sp, indexValue(sp)])),
    limit: { nodes: 8_000_000 },
  });
  const samplePath = await writeSyntheticDataset({
    root,
    folder: "full/sample60",
    values: Object.fromEntries(JOINED.map((sp) => [sp, methodValue(sp)])),
    limit: { nodes: 400_000_000 },
  });
  const order = buildRunOrder({
    dataset: "results/full/evals.jsonl",
    positions: ALL,
    joined: { file: "results/full/sample60/evals.jsonl", sha256: "x", positions: JOINED },
    seed: 20260825,
    created: "2026-12-06T00:00:00Z",
    code: { commit: "test", dirty: false },
  });
  await Deno.writeTextFile(runOrderPath(join(root, "full")), JSON.stringify(order));
  const done = [...JOINED, ...order.order.slice(0, prefix), ...beyond.map((i) => order.order[i])];
  await writeSyntheticDataset({
    root,
    folder: "full",
    values: Object.fromEntries(done.map((sp) => [sp, methodValue(sp)])),
    limit: { nodes: 400_000_000 },
  });
  ok(samplePath);
  return order;
}

Deno.test("partial: the 60 and the complete prefix of the order, one sample; a position beyond the prefix waits", async () => {
  await inTempRoot(async (root) => {
    const order = await setUp(root, 25, [26]);
    const p = await computeMethodPartial();
    assertEquals(p.done.prefix, 25);
    assertEquals(p.done.used, [...JOINED, ...order.order.slice(0, 25)].sort((a, b) => a - b));
    assertEquals(p.done.beyond_prefix, [order.order[26]]);
    assertEquals(p.done.parts.map((x) => [x.part, x.positions, x.done]), [[1, 300, 25], [2, 300, 0], [3, 300, 0]]);
    const values = p.done.used.map(methodValue).sort((a, b) => a - b);
    assertEquals(p.distribution.median.estimate, quantileSorted(values, 0.5));
    assertEquals(p.distribution.below_zero.count, values.filter((x) => x < 0).length);
    assertEquals(p.agreement.all.n, 85);
    assertEquals(p.agreement.prefix?.n, 25);
    // the index's value minus the method's, position by position
    const diffs = p.done.used.map((sp) => indexValue(sp) - methodValue(sp)).sort((a, b) => a - b);
    const d = p.difference!;
    assertEquals([d.n, d.median.estimate], [85, quantileSorted(diffs, 0.5)]);
    assertEquals([d.higher, d.lower], [diffs.filter((x) => x > 0).length, diffs.filter((x) => x < 0).length]);
    ok(Math.abs(d.mean - diffs.reduce((x, y) => x + y, 0) / 85) < 1e-12);
    ok(d.median.ci95[0] <= d.median.estimate && d.median.estimate <= d.median.ci95[1], JSON.stringify(d.median));
    assertEquals(partialCountText(p), "85 of 960 positions at 400,000,000 nodes per position");
    // Where the index's listed positions land: the rank of their edge among the 85 (1 = most balanced).
    const ranks = averageRanks(p.done.used.map((sp) => Math.abs(methodValue(sp))));
    for (const row of [...p.extremes.balanced, ...p.extremes.unbalanced]) {
      const i = p.done.used.indexOf(row.sp);
      assertEquals(row.method, i < 0 ? null : { eval_cp: methodValue(row.sp), rank: ranks[i], of: 85 });
      assertEquals(landingText(row) === null, i < 0);
    }
    ok(p.extremes.balanced.length >= 10 && p.extremes.unbalanced.length >= 10);
  });
});

Deno.test("partial: the figures of a prefix recompute from a grown run; a prefix not yet done is refused", async () => {
  await inTempRoot(async (root) => {
    // the run's file grows append-only: its header (all the positions it will hold) stays, records are added
    const path = join(root, "full", "evals.jsonl");
    const lines = async () => (await Deno.readTextFile(path)).split("\n").filter((l) => l !== "");
    await setUp(root, 40);
    const grown = await lines();
    await setUp(root, 25);
    const first = [grown[0], ...(await lines()).slice(1)];
    await Deno.writeTextFile(path, first.map((l) => `${l}\n`).join(""));
    const written = await writeMethodPartial();
    assertEquals(await readMethodPartial(), written);
    assertEquals(written.inputs[0].lines, 1 + 60 + 25);
    const had = new Set(first);
    const more = grown.slice(1).filter((l) => !had.has(l));
    assertEquals(more.length, 15);
    await Deno.writeTextFile(path, more.map((l) => `${l}\n`).join(""), { append: true });
    // the same figures and inputs: the run's file is recorded up to its last record used, lines that stay the same
    const again = await computeMethodPartial({ prefix: 25 });
    assertEquals({ ...again, code: written.code, done: { ...again.done, in_file: written.done.in_file } }, written);
    await rejects(computeMethodPartial({ prefix: 41 }), /first 40 positions, not 41/);
  });
});

Deno.test("partial: refused until the 60 have joined the run's file", async () => {
  await inTempRoot(async (root) => {
    const order = await setUp(root, 5);
    await writeSyntheticDataset({
      root,
      folder: "full",
      values: Object.fromEntries(order.order.slice(0, 5).map((sp) => [sp, methodValue(sp)])),
      limit: { nodes: 400_000_000 },
    });
    await rejects(computeMethodPartial(), /60 joined positions are not in the run file yet: deno task eval-join/);
  });
});
