import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { checkAgainstPublished } from "./published_check.ts";
import { type Correlation } from "../analysis/mod.ts";
import { type ScoreReliability } from "../method/mod.ts";

const corr = (rho: number, lo: number, hi: number): Correlation => ({
  label: "rho(start eval, White score)",
  rho,
  ci95_percentile: [lo, hi],
  ci95_bca: null,
  undefined_resamples: 0,
  stream: 1,
});
const rel = (reliability: number, estimable = true): ScoreReliability => ({
  positions: 60,
  mean_games: 50,
  game_variance: 0.1,
  observed_variance: 0.003,
  sampling_variance: 0.002,
  between_variance: 0.001,
  reliability,
  ceiling: Math.sqrt(reliability),
  between_estimable: estimable,
});

Deno.test("published 0.76 outside the interval, explained by the measured reliability", () => {
  const c = checkAgainstPublished(corr(0.3, 0.05, 0.52), rel(0.2));
  assertEquals([c.published_inside, c.intervals_overlap, c.variances_explain, c.published_above_ceiling], [
    false,
    false,
    true,
    true,
  ]);
  ok(Math.abs(c.expected_if_published_true! - 0.76 * Math.sqrt(0.2)) < 1e-12);
  ok(
    c.sentence.includes("0.76 [0.63, 0.85] lies above this design's 95% interval [0.050, 0.520] (observed"),
    c.sentence,
  );
  ok(!c.sentence.includes("borderline"), "no figure within 0.01 of an end");
  ok(c.sentence.includes("the measured variances explain the difference"), c.sentence);
  ok(c.sentence.includes("above this ceiling"), c.sentence);
  ok(!c.sentence.includes("neither confirm nor refute"), "an interval above 0 is evidence of a correlation");
});

Deno.test("published inside the interval; outside and not explained; not estimable", () => {
  const inside = checkAgainstPublished(corr(0.7, 0.55, 0.82), rel(0.9));
  assertEquals([inside.published_inside, inside.variances_explain, inside.published_above_ceiling], [
    true,
    true,
    false,
  ]);
  ok(!inside.sentence.includes("difference"), inside.sentence);
  const notExplained = checkAgainstPublished(corr(0.05, -0.2, 0.3), rel(0.9));
  assertEquals(notExplained.variances_explain, false);
  ok(notExplained.sentence.includes("do not explain"), notExplained.sentence);
  // outside, and the interval holds 0: the games do not show a correlation at all (not "neither confirm nor refute")
  ok(notExplained.sentence.includes("do not show that the values track White's score at all"), notExplained.sentence);
  ok(!notExplained.sentence.includes("neither confirm nor refute"), notExplained.sentence);
  const none = checkAgainstPublished(corr(0.1, -0.2, 0.4), rel(0, false));
  assertEquals([none.ceiling, none.expected_if_published_true, none.variances_explain], [null, null, null]);
  ok(none.sentence.includes("not estimable"), none.sentence);
  ok(none.sentence.endsWith("these games do not confirm the published figure."), none.sentence);
  // inside an interval that also holds 0, with no variances to read it by: neither confirmed nor refuted
  const wide = checkAgainstPublished(corr(0.3, -0.1, 0.8), rel(0, false));
  ok(wide.sentence.endsWith("these games neither confirm nor refute the published figure."), wide.sentence);
});

Deno.test("explained, but the interval holds 0: the games do not confirm the figure, and as a true correlation do not refute it", () => {
  const c = checkAgainstPublished(corr(0.101, -0.162, 0.348), rel(0.205));
  assertEquals(c.variances_explain, true);
  // 0.76·√0.205 = 0.344, 0.004 below the interval's upper end 0.348: inside, and borderline
  ok(
    c.sentence.includes("as about 0.344, inside the interval (borderline: 0.004 from its end, within 0.01)"),
    c.sentence,
  );
  // how far the observed figure lies from that expectation, in Fisher-z standard errors over the 60 positions
  const se = (Math.atanh(0.76 * Math.sqrt(0.205)) - Math.atanh(0.101)) / Math.sqrt(1.06 / 57);
  assertEquals(c.se_below_expected, se);
  ok(
    c.sentence.includes(`The observed 0.101 lies ${se.toFixed(1)} standard errors below it (Fisher z, 60 positions)`),
    c.sentence,
  );
  ok(
    c.sentence.includes("Read as the true correlation") &&
      c.sentence.includes("Read as what the method's own games showed"),
  );
  ok(c.sentence.includes(`a reliability of at least ${(0.76 * 0.76).toFixed(3)}`), c.sentence);
  ok(
    c.sentence.endsWith(
      "The interval also holds 0, so these games do not confirm the published figure; read as a true correlation, they do not refute it either. " +
        "Games at another budget per move (the method: 300,000 nodes) may have other variances.",
    ),
    c.sentence,
  );
  // said once per set of games: a second set of values against the same games leaves the ceiling reading out
  const again = checkAgainstPublished(corr(0.101, -0.162, 0.348), rel(0.205), { ceilingReading: false });
  ok(!again.sentence.includes("Read as what the method's own games showed"), again.sentence);
  assertEquals(again.sentence, c.sentence.replace(/ Read as what the method's own games showed[^)]*\)\./, ""));
  // 0.76 outside the interval is never followed by "neither confirm nor refute" (a reader takes that for a contradiction)
  ok(!c.sentence.includes("neither confirm nor refute"), c.sentence);
});
