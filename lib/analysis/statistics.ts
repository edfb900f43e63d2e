/**
 * Stage 5: the three correlations of docs/METHOD.md decision 4, each with a seeded bootstrap CI, and the computed
 * verdicts, written as `summary.json`: (1) rho(start eval, White score), the method's published figure; (2) rho(MBI,
 * White score), negative as MBI falls with |eval|; (3) rho(MBI, |White score − 0.5|), the index's claim: negative
 * when balanced starts score closer to 50%.
 *
 * @module
 */

import { requireCurrent } from "./derived.ts";
import {
  type Correlation,
  type PowerReport,
  PUBLISHED,
  type Summary,
  SUMMARY_SCHEMA,
  type Verdict,
} from "./summary.ts";
import { join } from "node:path";
import {
  codeVersion,
  evalFilePath,
  inputFiles,
  mbiPaths,
  profileDir,
  readMbiTable,
  selfplayDir,
  summaryPath,
  writeJsonUnlessSame,
} from "../store/mod.ts";
import {
  type BootstrapResult,
  bootstrapSpearman,
  budgetBanner,
  designPower,
  designVariances,
  gamesNeeded,
  METHOD_VARIANCES,
  positionsNeeded,
  type Profile,
  PROFILES,
  reliabilityUncertainty,
  SAME_SCORES,
  type ScoreReliability,
  scoreReliability,
  whyNotDefined,
} from "../method/mod.ts";
import { loadSelfplay, selfplayBudget } from "../selfplay/mod.ts";
import { type SearchLimit } from "../engine/mod.ts";

/** Bootstrap sub-stream of rho(eval, score) in stage 5 (rho(MBI, score) and rho(MBI, |score − 0.5|) take the next two). */
export const EVAL_SCORE_STREAM = 1;

/** Bootstrap sub-stream of the reliability's intervals (the correlations use 1–3). */
export const RELIABILITY_STREAM = 4;

/** Power under which a verdict that does not exclude 0 says "inconclusive" rather than "not validated". */
export const REQUIRED_POWER = 0.8;

/**
 * The verdict rules, written into `summary.json`: short sentences (a page prints them after "Rules: "), the first
 * word lower-case and no closing full stop.
 */
export const VERDICT_RULES = [
  "validated when the 95% percentile CI of rho(eval, score) lies above 0",
  "The claim is supported when the 95% percentile CI of rho(MBI, |score - 0.5|) lies below 0",
  `Otherwise the verdict is "inconclusive" when the design's power to exclude 0 is below ${REQUIRED_POWER}, else ` +
  `"not validated" or "not supported"`,
  "The power is that of a true correlation of 0.76, the published one, with the variances of the per-position " +
  "scores measured in these games (where they cannot be estimated, those of docs/METHOD.md decision 6)",
  "The claim is judged with the same power: no effect size is published for it",
].join(". ");

/**
 * Power of this design and of the method's at the published effect: with the variances measured in these games when
 * the between-position variance is estimable (the scores spread more than sampling noise), else docs/METHOD.md's.
 */
export function powerReport(rel: ScoreReliability, positions: number, games: number): PowerReport {
  const rho = PUBLISHED.rho_eval_score;
  const variances: PowerReport["variances"] = designVariances(rel, "these games");
  const b = variances.between, g = variances.game;
  const m = PROFILES.full.selfplay;
  return {
    assumed_rho: rho,
    required_power: REQUIRED_POWER,
    variances,
    this_design: designPower(rho, b, g, positions, games),
    method_design: designPower(rho, b, g, m.positions, m.games),
    games_needed: {
      at_this_positions: gamesNeeded(rho, b, g, positions, REQUIRED_POWER),
      at_method_positions: gamesNeeded(rho, b, g, m.positions, REQUIRED_POWER),
    },
    positions_needed: positionsNeeded(rho, b, g, games, REQUIRED_POWER),
    assumptions: `true rho(eval, score) = ${rho} (the published figure, taken as the effect to resolve); variances ${
      variances.source === "measured" ? "measured in these games" : `of ${METHOD_VARIANCES.source}`
    }; Spearman's rho with Fisher-z standard error sqrt(1.06/(n-3)); observed rho = true rho * sqrt(reliability); power = probability that the 95% interval lies above 0`,
  };
}

/** What stage 5 correlates, one per position: the stage-1 value, the index and White's self-play score. */
export type Pair = { sp: number; eval_cp: number; mbi: number; score: number };

/** A bootstrap result as a {@link Correlation}; `notDefined` says why rho is not defined, when it is not. */
export function correlation(label: string, r: BootstrapResult, notDefined?: string): Correlation {
  return {
    label,
    rho: r.estimate,
    ci95_percentile: r.percentile,
    ci95_bca: r.bca,
    undefined_resamples: r.undefined_resamples,
    stream: r.stream,
    ...(Number.isNaN(r.estimate) ? { not_defined: notDefined ?? "a column holds one value" } : {}),
  };
}

/** Why rho(x, |score − 0.5|) is not defined: the scores are all the same, or all as far from 0.5. */
export function imbalanceNotDefined(x: readonly number[], scores: readonly number[]): string | undefined {
  return whyNotDefined(x, scores, SAME_SCORES) ??
    whyNotDefined(x, scores.map((s) => Math.abs(s - 0.5)), "every position's score is as far from 0.5");
}

/** Computes the three correlations and verdicts (with the bootstrap distributions for plots). */
export function analyse(pairs: readonly Pair[], resamples: number, seed: number, underpowered = false) {
  const evals = pairs.map((p) => p.eval_cp);
  const mbi = pairs.map((p) => p.mbi);
  const score = pairs.map((p) => p.score);
  const imbalance = pairs.map((p) => Math.abs(p.score - 0.5));
  const b1 = bootstrapSpearman(evals, score, { resamples, seed, stream: EVAL_SCORE_STREAM });
  const b2 = bootstrapSpearman(mbi, score, { resamples, seed, stream: EVAL_SCORE_STREAM + 1 });
  const b3 = bootstrapSpearman(mbi, imbalance, { resamples, seed, stream: EVAL_SCORE_STREAM + 2 });
  const validation: Verdict["validation"] = b1.percentile[0] > 0
    ? "validated"
    : underpowered
    ? "inconclusive"
    : "not validated";
  const claim: Verdict["claim"] = b3.percentile[1] < 0 ? "supported" : underpowered ? "inconclusive" : "not supported";
  return {
    eval_vs_score: correlation("rho(start eval, White score)", b1, whyNotDefined(evals, score, SAME_SCORES)),
    mbi_vs_score: correlation("rho(MBI, White score)", b2, whyNotDefined(mbi, score, SAME_SCORES)),
    mbi_vs_imbalance: correlation("rho(MBI, |White score - 0.5|)", b3, imbalanceNotDefined(mbi, score)),
    verdict: { validation, claim, rules: VERDICT_RULES },
    distributions: { eval_vs_score: b1.distribution, mbi_vs_score: b2.distribution, mbi_vs_imbalance: b3.distribution },
  };
}

/**
 * Runs stage 5 for a profile: reads stages 3 and 4, checked to be derived from one another and complete (see
 * loadSelfplay), and writes `summary.json` (only when its content changes).
 */
export async function runStatistics(profile: Profile): Promise<{
  summary: Summary;
  distributions: ReturnType<typeof analyse>["distributions"];
}> {
  await requireCurrent(profile, { later: false }); // the dataset is the profile's, the MBI table its own
  const results = await loadSelfplay(profile);
  const dir = profileDir(profile);
  const tablePath = mbiPaths(dir).json;
  const table = await readMbiTable(tablePath);
  const pairs: Pair[] = results.positions.map((p) => ({ sp: p.sp, eval_cp: p.eval_cp, mbi: p.mbi, score: p.score }));
  const reliability = scoreReliability(results.positions);
  const power = powerReport(reliability, results.n_positions, results.config.games);
  const uncertainty = reliabilityUncertainty(results.positions, {
    resamples: profile.resamples,
    seed: profile.seed,
    stream: RELIABILITY_STREAM,
    trueRho: PUBLISHED.rho_eval_score,
    power: REQUIRED_POWER,
  });
  const a = analyse(pairs, profile.resamples, profile.seed, power.this_design.power < REQUIRED_POWER);
  const games = selfplayDir(profile);
  const files = [evalFilePath(dir), tablePath, join(games, "games.jsonl"), join(games, "selfplay.json")];
  const evalLimit = table.input.limit as SearchLimit;
  const summary: Summary = {
    kind: "mbi-summary",
    schema: SUMMARY_SCHEMA,
    profile: profile.name,
    banner: budgetBanner({
      profile: profile.name,
      evalLimit,
      engine: results.engine.uci_name,
      selfplay: selfplayBudget(results),
    }),
    inputs: await inputFiles(files),
    n_positions: results.positions.length,
    n_games: results.n_games,
    selfplay: { games_per_position: results.config.games, nodes_per_move: results.config.nodes_per_move },
    eval_limit: evalLimit,
    resamples: profile.resamples,
    seed: profile.seed,
    eval_vs_score: a.eval_vs_score,
    mbi_vs_score: a.mbi_vs_score,
    mbi_vs_imbalance: a.mbi_vs_imbalance,
    verdict: a.verdict,
    reliability,
    reliability_uncertainty: uncertainty,
    power,
    published: PUBLISHED,
    code: await codeVersion(),
  };
  await writeJsonUnlessSame(summaryPath(profile), summary, ["code"]);
  return { summary, distributions: a.distributions };
}
