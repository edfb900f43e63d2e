/**
 * A self-play design's prediction (its `prediction.json`, made before its first game) as a data frame beside the
 * published figure, the earlier design it was made from and, once there, what the games showed. A view only.
 *
 * @module
 */

import { type Profile, selfplayBudgetText } from "../method/mod.ts";
import { getProfile } from "../store/mod.ts";
import { PUBLISHED } from "../analysis/mod.ts";
import { checkPrediction, predictionPath, readPrediction } from "../report/mod.ts";
import { type DataFrame, showColumns, toFrame } from "./frames.ts";
import type { SampleState } from "./sample_frames.ts";

const ALL_NODES = "400,000,000 nodes per position";

/** One row per figure with its 95% interval; empty, its caption saying why, for a design without a prediction. */
export async function predictionFrame(design: Profile, state: SampleState, text: string): Promise<DataFrame> {
  const p = await readPrediction(predictionPath(design));
  const columns = "figure rho lo hi values_at design";
  if (!p) {
    const { positions, games, nodesPerMove } = design.selfplay;
    const own = selfplayBudgetText({ positions, games, nodesPerMove });
    return await toFrame([], columns, `${text} — none: no prediction was made before the games of this design, ${own}`);
  }
  const paired = state?.figures?.validation.find((v) => v.values_from === p.from.values);
  const check = checkPrediction(p, paired?.eval_vs_score.rho ?? null);
  const m = p.made_from;
  const row = (figure: string, rho: number, [lo, hi]: readonly number[], design: string, at = p.from.budget) => ({
    figure,
    rho,
    lo,
    hi,
    design,
    values_at: at,
  });
  const observed = paired?.eval_vs_score;
  const rows = [
    row("published (the method's documents)", PUBLISHED.rho_eval_score, PUBLISHED.ci95, PUBLISHED.budgets, ALL_NODES),
    row(
      "the earlier design, observed",
      m.observed,
      m.observedCi95,
      selfplayBudgetText(getProfile(p.from.design).selfplay),
    ),
    row("predicted before the first game", check.expected.rho, check.expected.range95, p.design_budget),
    ...(observed ? [row("observed in these games", observed.rho, observed.ci95_percentile, p.design_budget)] : []),
  ];
  return showColumns(await toFrame(rows, columns, `${text}. ${check.sentence}`), "figure rho lo hi design");
}
