import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import {
  type Convergence,
  convergenceSentences,
  ladderConvergence,
  ladderEngineText,
  ladderSeries,
  projectAgreement,
  type Rung,
  type RungPair,
} from "./convergence.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { CI_POSITIONS, deriveMbi, mbiShift, spearman } from "../method/mod.ts";
import { RESULTS_ENV } from "../store/mod.ts";

async function inTempRoot(f: (root: string) => Promise<void>) {
  const root = await Deno.makeTempDir({ prefix: "mbi-convergence-" });
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, root);
  try {
    await f(root);
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
    await Deno.remove(root, { recursive: true });
  }
}

const values = (f: (sp: number, i: number) => number) =>
  Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, f(sp, i)]));

Deno.test("the ladder: complete reference rungs of one base profile by budget, partial ones apart, every pair compared", async () => {
  await inTempRoot(async (root) => {
    const low = values((_, i) => [30, 5, 12, 40, 8, 22, 17, 3, 35, 27, 10, 19][i]);
    const mid = values((_, i) => [28, 9, 11, 38, 6, 25, 15, 4, 33, 21, 14, 18][i]);
    const high = values((_, i) => [27, 10, 13, 36, 7, 24, 16, 2, 31, 22, 12, 20][i]);
    // the low rung records its last three iterations: the interval of each position comes from them
    const hist = Object.fromEntries(CI_POSITIONS.map((sp) => [sp, [low[sp] + 6, low[sp] - 4, low[sp]]]));
    await writeSyntheticDataset({ root, folder: "ci", values: low, iterations: hist });
    await writeSyntheticDataset({ root, folder: "ci~eval80000", values: mid, limit: { nodes: 80_000 } });
    await writeSyntheticDataset({ root, folder: "ci~eval320000", values: high, limit: { nodes: 320_000 } });
    // not on the ladder: another engine, and a depth budget
    await writeSyntheticDataset({
      root,
      folder: "ci@sf18-wasm",
      values: high,
      engine: { id: "sf18-wasm", uci_name: "Stockfish 18", fingerprint: 1 },
    });
    // a rung still being computed: its last record cut off
    const partial = await writeSyntheticDataset({
      root,
      folder: "ci~eval1280000",
      values: high,
      limit: { nodes: 1_280_000 },
    });
    const lines = (await Deno.readTextFile(partial)).trim().split("\n");
    await Deno.writeTextFile(partial, lines.slice(0, -1).join("\n") + "\n");

    const c = await ladderConvergence("ci");
    assertEquals(c.rungs.map((r) => [r.folder, r.nodes, r.n]), [
      ["ci", 20_000, 12],
      ["ci~eval80000", 80_000, 12],
      ["ci~eval320000", 320_000, 12],
    ]);
    assertEquals(c.partial, [{ folder: "ci~eval1280000", nodes: 1_280_000, done: 11, planned: 12, snapshot: null }]);
    assertEquals(c.pairs.map((p) => [p.a, p.b]), [
      ["ci", "ci~eval80000"],
      ["ci", "ci~eval320000"],
      ["ci~eval80000", "ci~eval320000"],
    ]);
    const edges = (v: Record<number, number>) => CI_POSITIONS.map((sp) => Math.abs(v[sp]));
    const index = (v: Record<number, number>) => deriveMbi(CI_POSITIONS.map((sp) => ({ sp, eval_cp: v[sp] })));
    const p = c.pairs[0];
    assertEquals(p.spearman_edges, spearman(edges(low), edges(mid)));
    assertEquals(p.mbi_shift, mbiShift(index(low), index(mid)));
    // coverage: the low rung has an interval, the others none
    ok(p.coverage && p.coverage.n === 12, JSON.stringify(p.coverage));
    assertEquals(c.pairs[2].coverage, null);
    // by hand: the low rung's interval of each position from its three iterations, then whether mid's MBI is inside
    const midIndex = new Map(index(mid).map((r) => [r.sp, r.mbi]));
    let inside = 0;
    for (const sp of CI_POSITIONS) {
      const others = CI_POSITIONS.filter((x) => x !== sp).map((x) => Math.abs(low[x]));
      const mbis = hist[sp].map((v) => {
        const e = Math.abs(v);
        const less = others.filter((o) => o < e).length, eq = others.filter((o) => o === e).length;
        const rank = less + (eq + 2) / 2;
        return Math.floor(100 * (12 - rank) / 11 + 0.5);
      });
      const m = midIndex.get(sp)!;
      if (Math.min(...mbis) <= m && m <= Math.max(...mbis)) inside++;
    }
    assertEquals(p.coverage!.inside, inside);
    const words = convergenceSentences(c).join(" ");
    ok(words.includes("20,000 nodes → 80,000 nodes → 320,000 nodes"), words);
    ok(/Still being computed, and left out: .* at 1,280,000 nodes, 11 of 12 positions\./.test(words), words);
    ok(!words.includes("ci~"), "no results key in the prose");
    // short sentences, one per assumption and per check
    for (const sentence of words.split(/(?<=\.) (?=[A-Z])/)) ok(sentence.split(" ").length <= 40, sentence);
    // these rungs do not fit the model (an r² above 1): said first, with the check that failed
    ok(words.includes("These budgets give no projection") && words.includes("Failed: r² above 1"), words);
  });
});

const rung = (folder: string, nodes: number): Rung => ({ folder, nodes, n: 960, engine_id: "x", engine: "X" });
function pairsFor(rungs: Rung[], rho: (i: number, j: number) => number): RungPair[] {
  const out: RungPair[] = [];
  rungs.forEach((a, i) =>
    rungs.forEach((b, j) => {
      if (j <= i) return;
      out.push({
        a: a.folder,
        b: b.folder,
        nodes_a: a.nodes,
        nodes_b: b.nodes,
        n: 960,
        spearman_edges: rho(i, j),
        mbi_shift: { n: 960, median: 0, p90: 0, max: 0, share_over_10: 0 },
        coverage: null,
        points: [],
      });
    })
  );
  return out;
}

Deno.test("projection: recovers each rung's agreement with the limit when the model holds, and says when it does not", () => {
  const rungs = [rung("r1", 125_000), rung("r2", 500_000), rung("r3", 2_000_000), rung("r4", 8_000_000)];
  const r = [0.6, 0.75, 0.85, 0.92];
  const fits = projectAgreement(rungs, pairsFor(rungs, (i, j) => r[i] * r[j]))!;
  fits.agreement_with_limit.forEach((x, i) => ok(Math.abs(x.r - r[i]) < 1e-9, `${x.folder} ${x.r}`));
  ok(fits.consistent, JSON.stringify(fits.checks));
  ok(Math.abs(fits.top_vs_method[0] - 0.92 ** 2) < 1e-9 && Math.abs(fits.top_vs_method[1] - 0.92) < 1e-9);
  // one correlation off by 0.1: the test of fit (4 rungs) fails
  const off = projectAgreement(rungs, pairsFor(rungs, (i, j) => r[i] * r[j] + (i === 0 && j === 3 ? 0.1 : 0)))!;
  ok(!off.consistent);
  ok(
    off.checks.some((c) =>
      c.passed === false && c.text.startsWith("for every four budgets, products of their correlations")
    ),
    JSON.stringify(off.checks),
  );
  // a larger budget agreeing less with the limit fails the monotonicity check
  const falls = [0.6, 0.9, 0.8];
  const three = rungs.slice(0, 3);
  const bad = projectAgreement(three, pairsFor(three, (i, j) => falls[i] * falls[j]))!;
  ok(!bad.consistent && bad.checks.some((c) => c.text.startsWith("r falls")), JSON.stringify(bad.checks));
  // the checks name the rungs by their budgets in readers' words, never by their folders
  ok(
    bad.checks.some((c) => c.text.includes("(500,000 nodes 0.90 → 2,000,000 nodes 0.80)")),
    JSON.stringify(bad.checks),
  );
  ok(
    off.checks.some((c) =>
      c.text.includes("(125,000, 500,000, 2,000,000, 8,000,000 nodes), more than the 0.05 allowed")
    ),
    JSON.stringify(off.checks),
  );
  // told verdict first, each check's outcome before it, in short sentences
  const c = { base: "quick", engine: "X", fingerprint: 1, rungs, partial: [], pairs: pairsFor(rungs, () => 0.5) };
  const told = convergenceSentences({ ...c, projection: off }).join(" ");
  ok(
    told.includes(
      "These budgets give no projection to the method's 400,000,000 nodes: a simple model of the ladder fails 1 of its 3 checks on them.",
    ),
    told,
  );
  ok(
    told.includes("Failed: for every four budgets") && told.includes("Passed: every r² ≤ 1.") &&
      !told.includes("FAILED"),
    told,
  );
  for (const sentence of told.split(/(?<=\.) (?=[A-Z])/)) ok(sentence.split(" ").length <= 40, sentence);
  ok(
    convergenceSentences({ ...c, projection: fits }).join(" ").includes("The model (an assumption): Each budget ranks"),
  );
  ok(![...off.checks, ...bad.checks].some((c) => /\br\d\b/.test(c.text)), "no folder named");
  assertEquals(projectAgreement(rungs.slice(0, 2), pairsFor(rungs.slice(0, 2), () => 0.5)), null);
});

Deno.test("ladderEngineText: the engine with its fingerprint in words, and that its builds search alike", () => {
  const c = (rungs: Rung[]) => ({
    base: "quick",
    engine: rungs[0].engine,
    fingerprint: 2_030_154,
    rungs,
    partial: [],
    pairs: [],
    projection: null,
  });
  const wasm = { ...rung("quick", 125_000), engine_id: "sf17.1-wasm", engine: "Stockfish 17.1 WASM" };
  const native = (folder: string, nodes: number) => ({
    ...rung(folder, nodes),
    engine_id: "sf17.1-native",
    engine: "Stockfish 17.1",
  });
  assertEquals(
    ladderEngineText(c([wasm, native("quick~eval500000", 500_000), native("quick~eval2000000", 2_000_000)])),
    "Stockfish 17.1 (fingerprint 2,030,154; its 2 builds here search alike)",
  );
  assertEquals(ladderEngineText(c([wasm])), "Stockfish 17.1 WASM (fingerprint 2,030,154)");
});

Deno.test("projection: with 3 rungs the test of fit is 'not tested', never 'passed'", () => {
  const three = [rung("r1", 125_000), rung("r2", 500_000), rung("r3", 2_000_000)];
  const r = [0.6, 0.75, 0.85];
  const p = projectAgreement(three, pairsFor(three, (i, j) => r[i] * r[j]))!;
  const fit = p.checks.find((x) => x.text.includes("no test of fit"))!;
  assertEquals(fit.passed, null);
  ok(p.consistent);
  const words = convergenceSentences({
    base: "quick",
    engine: "X",
    fingerprint: 1,
    rungs: three,
    partial: [],
    pairs: pairsFor(three, (i, j) => r[i] * r[j]),
    projection: p,
  }).join(" ");
  ok(words.includes("Not tested: with 3 budgets the model fits any correlations exactly: no test of fit."), words);
  ok(!words.includes("Passed: with 3 rungs"), words);
});

Deno.test("ladderSeries: each rung below the top with the top and with the next; the model's r only where it fits", () => {
  const rungs = [rung("r1", 125_000), rung("r2", 500_000), rung("r3", 2_000_000), rung("r4", 8_000_000)];
  const r = [0.6, 0.75, 0.85, 0.92];
  const pairs = pairsFor(rungs, (i, j) => r[i] * r[j]);
  const c = { rungs, pairs, projection: projectAgreement(rungs, pairs) } as unknown as Convergence;
  const { series, limit } = ladderSeries(c);
  assertEquals(series.map((p) => [p.nodes, p.what, p.rho]), [
    [125_000, "with the top rung", r[0] * r[3]],
    [125_000, "with the next rung", r[0] * r[1]],
    [500_000, "with the top rung", r[1] * r[3]],
    [500_000, "with the next rung", r[1] * r[2]],
    [2_000_000, "with the top rung", r[2] * r[3]],
    [2_000_000, "with the next rung", r[2] * r[3]],
  ]);
  limit.forEach((p, i) =>
    ok(Math.abs(p.rho - r[i]) < 1e-9 && p.what === "r: with the limit (model)", JSON.stringify(p))
  );
  assertEquals(limit.length, 4);
  const unfit = { ...c, projection: { ...c.projection!, consistent: false } } as Convergence;
  assertEquals(ladderSeries(unfit).limit, [], "no model line where its checks failed");
});
