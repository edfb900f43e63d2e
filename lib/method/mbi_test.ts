import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { deriveMbi, mbiOfRank } from "./mbi.ts";
import { averageRanks } from "./stats.ts";
import { isMbiError } from "../core/mod.ts";

const rows = (evals: number[]) => deriveMbi(evals.map((eval_cp, sp) => ({ sp, eval_cp })));

Deno.test("ties share the mean of their ranks (several groups, at the top and the bottom)", () => {
  // edges: 0 0 | 5 | 9 9 9 | 20 20
  const r = rows([0, 0, 5, 9, 9, 9, 20, 20]);
  assertEquals(r.map((x) => x.rank), [1.5, 1.5, 3, 5, 5, 5, 7.5, 7.5]);
  // N = 8: MBI = round(100 * (8 - rank) / 7)
  assertEquals(r.map((x) => x.mbi), [93, 93, 71, 43, 43, 43, 7, 7]);
});

Deno.test("negative values rank by their distance from zero: -7 ranks with the 7s", () => {
  const r = rows([7, -7, 3, 12]);
  assertEquals(r.map((x) => x.edge_cp), [7, 7, 3, 12]);
  assertEquals(r.map((x) => x.rank), [2.5, 2.5, 1, 4]);
  ok(r[1].rank > r[2].rank, "-7 must not be the most balanced");
});

Deno.test("N = 2 and the extremes", () => {
  assertEquals(rows([10, 3]).map((x) => x.mbi), [0, 100]);
  assertEquals(rows([4, 4]).map((x) => [x.rank, x.mbi]), [[1.5, 50], [
    1.5,
    50,
  ]]);
  const r = rows([30, 1, 50, 20, 40]);
  assertEquals(r.find((x) => x.eval_cp === 1)!.mbi, 100);
  assertEquals(r.find((x) => x.eval_cp === 50)!.mbi, 0);
});

Deno.test("round half up, exactly", () => {
  // N = 5, rank 4.5: 100 * 0.5 / 4 = 12.5 -> 13; N = 101: MBI = 101 - rank, so x.5 for half ranks
  assertEquals(mbiOfRank(4.5, 5), 13);
  assertEquals([
    mbiOfRank(1.5, 101),
    mbiOfRank(50.5, 101),
    mbiOfRank(100.5, 101),
  ], [100, 51, 1]);
  // N = 201, rank 1.5: 100 * 199.5 / 200 = 99.75 -> 100; rank 2: 99.5 -> 100; rank 3: 99
  assertEquals([mbiOfRank(1.5, 201), mbiOfRank(2, 201), mbiOfRank(3, 201)], [
    100,
    100,
    99,
  ]);
  // N = 960: 100 * (960 - 959.5) / 959 = 0.052 -> 0
  assertEquals(mbiOfRank(959.5, 960), 0);
  // Against a floating-point reference for every whole and half rank with N = 41
  for (let twice = 2; twice <= 82; twice++) {
    const rank = twice / 2;
    const exact = (100 * (41 - rank)) / 40;
    const want = Math.floor(exact + 0.5 + 1e-12);
    assertEquals(mbiOfRank(rank, 41), want, `rank ${rank}`);
  }
});

Deno.test("mate scores, duplicates and too few positions are errors", () => {
  throws(
    () => deriveMbi([{ sp: 1, eval_cp: 10 }, { sp: 2, eval_cp: null, mate: 5 }]),
    (e: Error) =>
      isMbiError(e, "index-undefined") &&
      /SP 2 has no centipawn value \(mate 5\)/.test(e.message),
  );
  throws(
    () => deriveMbi([{ sp: 1, eval_cp: 10 }, { sp: 1, eval_cp: 3 }]),
    /SP 1 appears twice/,
  );
  throws(() => deriveMbi([{ sp: 1, eval_cp: 10 }]), /at least 2 positions/);
  throws(() => mbiOfRank(1.25, 10), /whole or half/);
});

Deno.test("averageRanks agrees with the brute-force definition on random data", () => {
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let trial = 0; trial < 200; trial++) {
    const n = 1 + Math.floor(rand() * 40);
    const xs = Array.from({ length: n }, () => Math.floor(rand() * 12) - 6);
    const brute = xs.map((x) =>
      1 + xs.filter((y) => y < x).length +
      (xs.filter((y) => y === x).length - 1) / 2
    );
    assertEquals(averageRanks(xs), brute);
  }
  throws(() => averageRanks([1, NaN]), RangeError);
});
