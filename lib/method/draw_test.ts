import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { createHash } from "node:crypto";
import { conditionText, drawIndex, eligible, parseExclusions } from "./draw.ts";

const c = (sp: number, mbi: number, edge_cp: number) => ({ sp, setup: `S${sp}`, mbi, edge_cp });

Deno.test("eligible: the condition, less the exclusions, by SP ascending", () => {
  const all = [c(9, 95, 8), c(3, 100, 2), c(5, 80, 20), c(7, 91, 12)];
  assertEquals(eligible(all, { minMbi: 90 }, new Set()).map((x) => x.sp), [3, 7, 9]);
  assertEquals(eligible(all, { minMbi: 90 }, new Set([7])).map((x) => x.sp), [3, 9]);
  assertEquals(eligible(all, { maxEdge: 10 }, new Set()).map((x) => x.sp), [3, 9]);
  assertEquals(eligible(all, { minMbi: 90, maxEdge: 10 }, new Set([3])).map((x) => x.sp), [9]);
  // the bounds are kept: an MBI of exactly N, an edge of exactly CP
  const edge = [c(1, 90, 10), c(2, 89, 11)];
  assertEquals(eligible(edge, { minMbi: 90 }, new Set()).map((x) => x.sp), [1]);
  assertEquals(eligible(edge, { maxEdge: 10 }, new Set()).map((x) => x.sp), [1]);
  assertEquals(conditionText({ minMbi: 90, maxEdge: 10 }), "MBI ≥ 90 and edge ≤ 10 cp");
  assertEquals(conditionText({}, true), "any position");
});

Deno.test("drawIndex: the digest as one big-endian number mod the count, as any tool computes it", () => {
  for (const seed of ["", "Example Open, round 1", "Ärger — 日本", "x".repeat(1000)]) {
    const digest = createHash("sha256").update(seed, "utf8").digest();
    const hexValue = BigInt(`0x${digest.toString("hex")}`);
    for (const n of [1, 2, 7, 96, 960]) {
      assertEquals(drawIndex(new Uint8Array(digest), n), Number(hexValue % BigInt(n)));
    }
  }
  throws(() => drawIndex(new Uint8Array(32), 0), RangeError);
});

Deno.test("drawIndex over many seeds: every one of 12 positions drawn about as often (chi-square)", () => {
  const counts = new Array(12).fill(0);
  for (let i = 0; i < 12_000; i++) {
    counts[drawIndex(new Uint8Array(createHash("sha256").update(`round ${i}`).digest()), 12)]++;
  }
  const chi2 = counts.reduce((s, k) => s + (k - 1000) ** 2 / 1000, 0);
  // 11 degrees of freedom: P(chi2 > 31.3) = 0.001
  assertEquals(chi2 < 31.3, true, `chi-square ${chi2}`);
});

Deno.test("parseExclusions: SP numbers and back ranks, commas or spaces; the first bad entry is named", () => {
  const spOf = (s: string) => (s === "RNBQKBNR" ? 518 : undefined);
  assertEquals(parseExclusions("518, 534 rnbqkbnr,0", spOf), { sps: [518, 534, 518, 0], bad: null });
  assertEquals(parseExclusions("12,960", spOf).bad, "960");
  assertEquals(parseExclusions("12,QQQQQQQQ", spOf).bad, "QQQQQQQQ");
  assertEquals(parseExclusions("", spOf), { sps: [], bad: null });
});
