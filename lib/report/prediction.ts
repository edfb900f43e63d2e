/**
 * A prediction made before a self-play design is played: from an earlier design on the same positions (its measured
 * variances and its observed rho(eval, score) with the same values), what the new design should show, with a range, and
 * what variances it would take to observe the published 0.76. Written once, before the first game (`prediction.json` in
 * the new design's folder), so the result is compared with a figure fixed in advance.
 *
 * The model (the power analysis of docs/METHOD.md decision 6): observed rho = true rho · √R, R = between / (between +
 * game / G). The true rho is estimated from the earlier design as its observed rho / √R (capped at ±1). With the
 * earlier variances the new design has the same R, so the expected figure is the earlier observed one; its range is a
 * 95% prediction interval on the Fisher-z scale, z ± 1.96 · √2 · √(1.06 / (n − 3)): the sampling error of the earlier
 * estimate and that of the new games, taken as independent (conservative: the positions and their values are the same).
 *
 * @module
 */

import { join } from "node:path";
import {
  normalQuantile,
  powerToExcludeZero,
  type Profile,
  reliabilityAt,
  selfplayBudgetText,
  spearmanZSe,
} from "../method/mod.ts";
import { checkRecord, fileKind, fix, integer, iv, MbiError, schemaVersion, text } from "../core/mod.ts";
import { CodeVersion, displayPath, getProfile, readTextIfExists, selfplayDir } from "../store/mod.ts";
import * as v from "valibot";

/** Schema version of `prediction.json`. */
export const PREDICTION_SCHEMA = 1;

/** What the prediction is made from: the earlier design's variances and its observed figure. */
export interface PredictionInputs {
  /** Positions (the same in both designs). */
  positions: number;
  /** Games per position of the earlier design and of the new one. */
  earlierGames: number;
  games: number;
  /** Between-position variance of White's score and one game's variance of White's points, in the earlier games. */
  between: number;
  game: number;
  /** The earlier design's observed rho(eval, score) with the values the new one is paired with; its 95% interval. */
  observed: number;
  observedCi95: [number, number];
  /** The figure to compare with (the published 0.76). */
  published: number;
}

/** A design's expected figures under one assumption (in words) about its variances. */
export interface PredictionScenario {
  assumption: string;
  game_variance: number;
  between_variance: number;
  reliability: number;
  expected_rho: number;
  /** Probability that the 95% interval lies above 0. */
  power: number;
}

/** The computed prediction (pure numbers and one sentence). */
export interface Prediction {
  /** Reliability of the earlier design's scores. */
  earlier_reliability: number;
  /** The true rho implied by the earlier figure (observed / √R, capped at ±1), with the range its interval implies. */
  implied_true_rho: { estimate: number; range: [number, number] };
  /** The headline: the expected figure and its 95% prediction range. */
  expected: { rho: number; range95: [number, number] };
  /** The headline and other variances (more draws at a larger budget lower one game's variance). */
  scenarios: PredictionScenario[];
  /** What observing the published figure would take. */
  to_observe_published: {
    /** Reliability needed if the true rho were 1 (the best case): published². */
    reliability_if_true_rho_1: number;
    /** Reliability needed at the implied true rho (null: not reachable, the implied true rho is below the figure). */
    reliability_at_implied: number | null;
    /** Between-position variance needed (best case) with the measured one-game variance. */
    between_needed: number;
    /** One game's variance needed (best case) with the measured between-position variance. */
    game_needed: number;
  };
  sentence: string;
}

const clamp = (x: number) => Math.max(-1, Math.min(1, x));

/** Computes the prediction (pure). */
export function predictDesign(i: PredictionInputs): Prediction {
  const r0 = reliabilityAt(i.between, i.game, i.earlierGames);
  const root = Math.sqrt(r0);
  const implied = clamp(i.observed / root);
  const impliedRange: [number, number] = [clamp(i.observedCi95[0] / root), clamp(i.observedCi95[1] / root)];
  const scenario = (assumption: string, game: number, between: number): PredictionScenario => {
    const reliability = reliabilityAt(between, game, i.games);
    return {
      assumption,
      game_variance: game,
      between_variance: between,
      reliability,
      expected_rho: implied * Math.sqrt(reliability),
      power: powerToExcludeZero(Math.max(0, implied), reliability, i.positions),
    };
  };
  const scenarios = [
    scenario("the variances measured in the earlier games", i.game, i.between),
    scenario("one game's variance 3/4 of that (more draws)", i.game * 0.75, i.between),
    scenario("one game's variance half of that (many more draws)", i.game * 0.5, i.between),
  ];
  const rho = scenarios[0].expected_rho;
  const half = normalQuantile(0.975) * Math.SQRT2 * spearmanZSe(i.positions);
  const z = Math.atanh(clamp(rho) * 0.999999);
  const range95: [number, number] = [Math.tanh(z - half), Math.tanh(z + half)];
  const p = i.published;
  const best = p * p;
  const ratio = best / (1 - best) / i.games; // between / game needed for reliability p² with G games
  const atImplied = implied >= p ? (p / implied) ** 2 : null;
  const times = (i.between > 0 ? i.game * ratio / i.between : Infinity).toFixed(1);
  const sentence = `Expected rho(eval, score) ${fix(rho, 3)}, 95% prediction range ${iv(range95)} ` +
    `(the earlier games' variances: reliability ${fix(scenarios[0].reliability, 3)}); ` +
    `observing ${p} needs reliability at least ${fix(best, 3)} even at a true correlation of 1, ` +
    `i.e. a between-position variance ${times} times the measured one.`;
  return {
    earlier_reliability: r0,
    implied_true_rho: { estimate: implied, range: impliedRange },
    expected: { rho, range95 },
    scenarios,
    to_observe_published: {
      reliability_if_true_rho_1: best,
      reliability_at_implied: atImplied,
      between_needed: i.game * ratio,
      game_needed: i.between / ratio,
    },
    sentence,
  };
}

/**
 * `prediction.json`: kind, schema, the design predicted (results key, its budget in words), the earlier design and
 * values it is made from (keys, files with hashes), the inputs, the prediction, when it was made and by which code; the
 * commit that adds it dates it before the first game.
 */
export const PredictionRecord = v.object({
  kind: fileKind("mbi-prediction"),
  schema: schemaVersion(PREDICTION_SCHEMA),
  design: text(),
  design_budget: text(),
  from: v.object({ design: text(), values: text(), budget: text() }),
  inputs: v.array(v.object({ path: text(), sha256: text() }), "is not a list of inputs"),
  made_from: v.custom<PredictionInputs>((x) => typeof x === "object" && x !== null, "is not the prediction's inputs"),
  prediction: v.custom<Prediction>((x) => typeof x === "object" && x !== null, "is not a prediction"),
  games_when_made: integer(),
  created: text(),
  code: CodeVersion,
});

/** `prediction.json`. */
export type PredictionRecord = v.InferOutput<typeof PredictionRecord>;

/** A design's result beside the prediction made before its first game. */
export interface PredictionCheck {
  /** The predicted figure and its 95% prediction range. */
  expected: { rho: number; range95: [number, number] };
  /** When the prediction was made (the file's `created`). */
  made: string;
  /** The observed figure with the same pairing (null until the design and its values are complete). */
  observed: number | null;
  /** Whether the observed figure lies inside the prediction range (null without one). */
  inside: boolean | null;
  sentence: string;
}

/** Compares an observed rho(eval, score) with the prediction (pure; `observed` null before the result exists). */
export function checkPrediction(p: PredictionRecord, observed: number | null): PredictionCheck {
  const e = p.prediction.expected;
  const [lo, hi] = e.range95;
  const range = `${fix(e.rho, 3)} (95% prediction range ${fix(lo, 3)} to ${fix(hi, 3)})`;
  const inside = observed === null ? null : observed >= lo && observed <= hi;
  const earlier = selfplayBudgetText(getProfile(p.from.design).selfplay);
  // with the earlier games' variances the expected figure is the earlier one: say so, or it reads as a result
  const carried = e.rho === p.made_from.observed ? " (their own figure, with a range for new games)" : "";
  const day = p.created.slice(0, 10);
  const made = `predicted on ${day} before the first game from the variances of the ${earlier}${carried}`;
  const values = `rho(eval, score) with the values at ${p.from.budget}`;
  const sentence = observed === null
    ? `${values}: ${range}, ${made}; no result yet.`
    : `${values}: observed ${fix(observed, 3)}, ${inside ? "inside" : "outside"} the prediction ${range}, ${made}.`;
  return { expected: e, made: p.created, observed, inside, sentence };
}

/** A design's `prediction.json`: in its self-play folder, beside its games. */
export function predictionPath(design: Profile): string {
  return join(selfplayDir(design), "prediction.json");
}

/** Reads a design's `prediction.json` (undefined when there is none); a damaged one is a `stage-input` error naming it. */
export async function readPrediction(path: string): Promise<PredictionRecord | undefined> {
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const why = `is damaged (${(e as Error).message}): a prediction is made once; restore it from git`;
    throw new MbiError("stage-input", `${displayPath(path)} ${why}`);
  }
  return checkRecord(PredictionRecord, raw, displayPath(path), "stage-input");
}
