/**
 * A self-play design's prediction (its `prediction.json`, made before its
 * first game) as a data frame beside what it is compared with: the method's
 * published figure, the earlier design it was made from, the prediction's
 * range, and — once the design and its method's-budget figures are complete —
 * what the games showed. A view only: every number comes from
 * `prediction.json` and `sample.json` (or the design's own figures file).
 *
 * @module
 */

import { type Profile, selfplayBudgetText } from "../method/mod.ts";
import { PUBLISHED } from "../analysis/mod.ts";
import { checkPrediction, type MethodSampleState, predictionPath, readPrediction } from "../report/mod.ts";
import { type DataFrame, showColumns, toFrame } from "./frames.ts";

/**
 * One row per figure (the published one, the earlier design's, the
 * prediction, the result once there is one) with its 95% interval; empty,
 * its caption saying why, for a design without a prediction.
 */
export async function predictionFrame(
  design: Profile,
  state: MethodSampleState | undefined,
  text: string,
): Promise<DataFrame> {
  const p = await readPrediction(predictionPath(design));
  const columns = ["figure", "rho", "lo", "hi", "design", "values_at"];
  if (!p) {
    const own = selfplayBudgetText({
      positions: design.selfplay.positions,
      games: design.selfplay.games,
      nodesPerMove: design.selfplay.nodesPerMove,
    });
    return await toFrame([], columns, `${text} — none: no prediction was made before the games of this design, ${own}`);
  }
  const paired = state?.figures?.validation.find((v) => v.values_from === p.from.values);
  const check = checkPrediction(p, paired?.eval_vs_score.rho ?? null);
  const m = p.made_from;
  const rows = [
    {
      figure: "published (the method's documents)",
      rho: PUBLISHED.rho_eval_score,
      lo: PUBLISHED.ci95[0],
      hi: PUBLISHED.ci95[1],
      design: PUBLISHED.budgets,
      values_at: "400,000,000 nodes per position",
    },
    {
      figure: "the earlier design, observed",
      rho: m.observed,
      lo: m.observedCi95[0],
      hi: m.observedCi95[1],
      design: p.from.design,
      values_at: p.from.budget,
    },
    {
      figure: "predicted before the first game",
      rho: check.expected.rho,
      lo: check.expected.range95[0],
      hi: check.expected.range95[1],
      design: p.design_budget,
      values_at: p.from.budget,
    },
    ...(paired
      ? [{
        figure: "observed in these games",
        rho: paired.eval_vs_score.rho,
        lo: paired.eval_vs_score.ci95_percentile[0],
        hi: paired.eval_vs_score.ci95_percentile[1],
        design: p.design_budget,
        values_at: p.from.budget,
      }]
      : []),
  ];
  return showColumns(
    await toFrame(rows, columns, `${text}. ${check.sentence}`),
    ["figure", "rho", "lo", "hi", "design"],
  );
}
