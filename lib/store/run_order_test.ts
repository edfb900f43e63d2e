import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { seededOrder } from "../method/mod.ts";
import { tempDir } from "../core/testing.ts";
import { buildRunOrder, orderedPositions, orderParts, readRunOrder, runOrderPath } from "./run_order.ts";

const ALL = Array.from({ length: 20 }, (_, i) => i);

function order(joined = [3, 7]) {
  return buildRunOrder({
    dataset: "results/x/evals.jsonl",
    positions: ALL,
    joined: { file: "results/x/sample/evals.jsonl", sha256: "ab", positions: joined },
    seed: 5,
    created: "2026-12-06T00:00:00Z",
    code: { commit: "c", dirty: false },
  });
}

Deno.test("buildRunOrder: the joined positions set apart and last, the others in the seed's order", () => {
  const o = order([7, 3]);
  assertEquals(o.joined.positions, [3, 7]);
  assertEquals(o.order, seededOrder(ALL.filter((sp) => sp !== 3 && sp !== 7), 5));
  assertEquals(orderedPositions(o).slice(-2), [3, 7]);
});

Deno.test("readRunOrder: reads back what was written; refuses a hand-edited order and one that misses a position", async () => {
  const dir = await tempDir("run-order-");
  assertEquals(await readRunOrder(dir, ALL), undefined);
  const o = order();
  await Deno.writeTextFile(runOrderPath(dir), JSON.stringify(o));
  assertEquals(await readRunOrder(dir, ALL), o);
  const swapped = { ...o, order: [o.order[1], o.order[0], ...o.order.slice(2)] };
  await Deno.writeTextFile(runOrderPath(dir), JSON.stringify(swapped));
  await rejects(readRunOrder(dir, ALL), /its order is not the one seed 5 derives/);
  await Deno.writeTextFile(runOrderPath(dir), JSON.stringify({ ...o, stream: o.stream + 1 }));
  await rejects(readRunOrder(dir, ALL), /its order is not the one seed 5 derives/, "another stream named");
  await Deno.writeTextFile(runOrderPath(dir), JSON.stringify(o));
  await rejects(readRunOrder(dir, [...ALL, 20]), /exactly once \(it lists 20\)/);
  await Deno.writeTextFile(join(dir, "order.json"), "{");
  await rejects(
    readRunOrder(dir, ALL),
    /order\.json is damaged \(.+\): restore it from a copy$/,
  );
});

Deno.test("an order's parts: 300 positions each, the last one shorter, each with how many of its own are done", () => {
  assertEquals(orderParts(900, 0).map((p) => [p.part, p.positions, p.done]), [[1, 300, 0], [2, 300, 0], [3, 300, 0]]);
  assertEquals(orderParts(900, 366).map((p) => p.done), [300, 66, 0]);
  assertEquals(orderParts(650, 650), [
    { part: 1, positions: 300, done: 300 },
    { part: 2, positions: 300, done: 300 },
    { part: 3, positions: 50, done: 50 },
  ]);
  assertEquals(orderParts(9, 3), [{ part: 1, positions: 9, done: 3 }]);
  assertEquals(orderParts(0, 0), []);
});
