import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { inTempRoot } from "../core/testing.ts";
import { repoPath } from "../core/mod.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { buildOutcomesFromTable } from "../outcomes/mod.ts";
import { readPeer } from "../store/mod.ts";
import { deriveSeed, rngFromSeed, scoreReliability, spearman, whiteScore } from "../method/mod.ts";
import { computeStudy, correctedRho, correctedSentence, readStudy } from "./outcome_study.ts";
import { type OutcomeStudy, studyAgreementRows, studyRows, studyStepRows } from "./outcome_study_view.ts";

// A synthetic results root: two budgets of the reference engine over all 960 positions and two synthetic
// outcome tables, one of them private; the peer is the shipped one.

const ALL = Array.from({ length: 960 }, (_, i) => i);
const truth = (sp: number) => ((sp * 7919) % 97) - 20;
const rng = rngFromSeed(deriveSeed(3, 4));
const noisy = (s: number) => ALL.map((sp) => truth(sp) + rng.int(-s, s));

async function setUp(root: string) {
  const small = noisy(40), large = noisy(10);
  await writeSyntheticDataset({
    root,
    folder: "quick",
    values: Object.fromEntries(ALL.map((sp) => [sp, small[sp]])),
    limit: { nodes: 125_000 },
  });
  await writeSyntheticDataset({
    root,
    folder: "quick~eval500000",
    values: Object.fromEntries(ALL.map((sp) => [sp, large[sp]])),
    limit: { nodes: 500_000 },
  });
  for (const [name, noise, priv] of [["games-a", 15, true], ["games-b", 30, false]] as const) {
    const lines = ALL.map((sp) => {
      const w = Math.max(0, Math.min(60, 30 + Math.round(truth(sp) / 4 + rng.int(-noise, noise) / 5)));
      return `${sp},${w},${100 - w - 20},20`;
    });
    const path = join(root, `${name}.csv`);
    await Deno.writeTextFile(path, "sp,white_wins,draws,black_wins\n" + lines.join("\n") + "\n");
    await buildOutcomesFromTable(path, { name, private: priv, licence: priv ? "CC BY-NC 4.0" : undefined });
  }
  return { small, large };
}

Deno.test("the study: every dataset against every table, the paired step up the budget, the tables' agreement", async () => {
  await inTempRoot(async (root) => {
    const { small, large } = await setUp(root);
    const s = await computeStudy({ resamples: 300 });
    assertEquals(s.tables.map((t) => [t.name, t.private, t.licence]), [["games-a", true, "CC BY-NC 4.0"], [
      "games-b",
      false,
      null,
    ]]);
    assertEquals(s.datasets.map((d) => [d.key, d.ladder]), [["quick", true], ["quick~eval500000", true], [
      "peer",
      false,
    ]]);
    const table = (await import("../store/mod.ts")).readOutcomeTable;
    const a = await table("games-a");
    const score = ALL.map((sp) => a.rows.find((r) => r.sp === sp)!.white_score);
    const c = s.correlations.find((x) => x.table === "games-a" && x.dataset === "quick~eval500000")!;
    assertEquals(c.eval_vs_score.rho, spearman(large, score));
    ok(c.eval_vs_score.ci95[0] < c.eval_vs_score.rho && c.eval_vs_score.rho < c.eval_vs_score.ci95[1]);
    const step = s.steps.find((x) => x.table === "games-a" && x.from === "quick" && x.to === "quick~eval500000")!;
    assertEquals(step.delta, spearman(large, score) - spearman(small, score));
    ok(
      step.delta > 0 && step.ci95[0] > 0,
      "less noise in the values predicts the games better, and the pairing shows it",
    );
    ok(s.steps.some((x) => x.from === "quick~eval500000" && x.to === "peer"), "the peer beside the top of the ladder");
    const peer = await readPeer();
    const pc = s.correlations.find((x) => x.table === "games-a" && x.dataset === "peer")!;
    assertEquals(pc.eval_vs_score.rho, spearman(peer.rows.map((r) => r.eval_cp), score));
    assertEquals(s.agreement.tables.map((x) => [x.a, x.b, x.score_rho.n]), [["games-a", "games-b", 960]]);
    assertEquals(s.published.corrected, null, "no self-play designs here");
    assertEquals(studyRows(s).length, s.correlations.length);
    // the steps as flat rows, the values in words beside their keys
    const rows = studyStepRows(s);
    const flat = rows.find((x) => x.table === "games-a" && x.from === "quick" && x.to === "quick~eval500000")!;
    assertEquals([flat.difference, flat.lo, flat.hi], [step.delta, ...step.ci95]);
    ok(flat.to_values.endsWith("500,000 nodes per position"), flat.to_values);
    ok(rows.find((x) => x.to === "peer")!.to_values.includes("depth 32"), "the peer in words");
    // only aggregates: no per-position list of a table anywhere in the file
    ok(!JSON.stringify(s).includes(`"rows"`), "no rows in the study");
  });
});

Deno.test("the correction for noisy scores: rho / sqrt(R), a joint bootstrap interval around it, and its sentence", () => {
  const r = rngFromSeed(deriveSeed(9, 9));
  const values = Array.from({ length: 60 }, (_, i) => i);
  const counts = values.map((v) => {
    const wins = Math.max(0, Math.min(40, 10 + Math.round(v / 4) + r.int(-8, 8)));
    return { wins, draws: 50 - wins - 5, losses: 5, games: 50 };
  });
  const c = correctedRho(values, counts, { resamples: 500, seed: 1, stream: 2 });
  const observed = spearman(values, counts.map((x) => whiteScore(x)));
  const R = scoreReliability(counts).reliability;
  assertEquals([c.observed, c.reliability, c.estimate], [observed, R, observed / Math.sqrt(R)]);
  ok(c.ci95[0] < c.estimate && c.estimate < c.ci95[1], JSON.stringify(c));
  // scores with hardly any spread beyond noise: resamples with R = 0 count at the bound, every value within ±1
  const flat = values.map((v) => {
    const wins = 15 + Math.round(v / 5);
    return { wins, draws: 10, losses: 40 - wins, games: 50 };
  });
  const weak = correctedRho(values, flat, { resamples: 500, seed: 1, stream: 2 });
  const noSpread = Array.from({ length: 200 }, (_, b) => {
    const rr = rngFromSeed(deriveSeed(b, 5));
    return scoreReliability(Array.from({ length: 60 }, () => flat[rr.int(0, 59)])).reliability;
  }).filter((x) => x === 0).length;
  ok(noSpread > 5 && noSpread < 100, `resamples without spread: ${noSpread} of 200`);
  assertEquals(weak.ci95[1], 1, JSON.stringify(weak));
  ok(weak.ci95[0] >= -1 && Math.abs(weak.estimate) <= 1, JSON.stringify(weak));
  const text = correctedSentence(
    { estimate: 0.72, ci95: [0.34, 1.6], reliability: 0.382, observed: 0.446 },
    "3,000 games",
  );
  ok(
    text.includes("0.446 / √0.382 = 0.72 [0.34, 1]") && text.includes("lies inside that interval"),
    text,
  );
  // the other reading, said beside it: as a figure observed in games this noisy, 0.76 is above their ceiling
  ok(text.endsWith("is more than they can show (their ceiling √R is 0.62)."), text);
  ok(
    correctedSentence({ estimate: 0.3, ci95: [0.1, 0.5], reliability: 0.5, observed: 0.2 }, "g").includes(
      "above that interval",
    ),
  );
});

Deno.test("a damaged study.json is refused naming it and the command that writes it again", async () => {
  await inTempRoot(async (root) => {
    const path = join(root, "study.json");
    assertEquals(await readStudy(path), undefined, "none yet");
    await Deno.writeTextFile(path, '{"kind": "mbi-outcome-study", "schema"');
    await rejects(
      readStudy(path),
      /study\.json is damaged \(.+\): run deno task outcome-study to write it again$/,
    );
    await Deno.writeTextFile(path, '{"kind": "something else"}');
    await rejects(readStudy(path), /study\.json is not an outcome study$/);
  });
});

Deno.test("the scores' agreement as flat rows: tables with tables, then with each self-play design in words", () => {
  const s = JSON.parse(Deno.readTextFileSync(repoPath("results", "outcomes", "study.json"))) as OutcomeStudy;
  const rows = studyAgreementRows(s);
  assertEquals(rows.length, s.agreement.tables.length + s.agreement.designs.length);
  const t = s.agreement.tables[0];
  assertEquals(rows[0], {
    scores_of: `${t.a} and ${t.b}`,
    reliability: null,
    positions: t.score_rho.n,
    rho: t.score_rho.rho,
    lo: t.score_rho.ci95[0],
    hi: t.score_rho.ci95[1],
  });
  const d = rows.find((r) => r.scores_of.endsWith("self-play 60 × 50 games at 300,000 nodes/move"))!;
  const recorded = s.agreement.designs.find((x) => x.design.endsWith("~move300000"))!;
  assertEquals([d.reliability, d.rho], [recorded.design_reliability, recorded.score_rho.rho]);
  ok(rows.every((r) => !r.scores_of.includes("~")), "no results key in the rows' words");
});
