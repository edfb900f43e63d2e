/**
 * Stage 5's file, `summary.json`: its record (the profile's design and inputs, the three correlations, the verdicts,
 * the power and the method's published figures beside them) and its one reader. The computation: statistics.ts.
 *
 * @module
 */

import { MbiError, parseJsonText } from "../core/mod.ts";
import { type CodeVersion, displayPath, readTextIfExists, summaryPath } from "../store/mod.ts";
import {
  type DesignPower,
  type DesignVariances,
  METHOD_EVAL_TEXT,
  METHOD_SELFPLAY_TEXT,
  type Profile,
  type ReliabilityUncertainty,
  type ScoreReliability,
} from "../method/mod.ts";

/** Schema version of `summary.json` (2: reliability, power, "inconclusive", content-checked inputs, banner). */
export const SUMMARY_SCHEMA = 2;

/** The method's published validation figures (at its budgets). */
export const PUBLISHED = {
  rho_eval_score: 0.76,
  ci95: [0.63, 0.85] as [number, number],
  resamples: 10_000,
  budgets: `${METHOD_SELFPLAY_TEXT}; evaluations at ${METHOD_EVAL_TEXT}`,
};

/** The computed verdicts and the rules that gave them. */
export interface Verdict {
  /** rho(eval, score): "validated" (CI above 0), "inconclusive" (not, and the design is underpowered), "not validated". */
  validation: "validated" | "inconclusive" | "not validated";
  /** rho(MBI, |score − 0.5|): "supported" (CI below 0), "inconclusive" (not, and underpowered), "not supported". */
  claim: "supported" | "inconclusive" | "not supported";
  /** The rules, as applied. */
  rules: string;
}

/** What the self-play design can show. */
export interface PowerReport {
  /** The true correlation assumed: the published 0.76 (an observed figure, taken as the effect to resolve). */
  assumed_rho: number;
  /** Power below which a verdict that does not exclude 0 is "inconclusive". */
  required_power: number;
  /** The variances behind the design figures: measured in these games when estimable, else docs/METHOD.md's. */
  variances: DesignVariances;
  this_design: DesignPower;
  /** The method's 60 × 50 design, with the same variances (the method's games at 300,000 nodes/move may differ). */
  method_design: DesignPower;
  /** Games per position for 80% power, with this profile's positions and with the method's 60 (null: not reachable). */
  games_needed: { at_this_positions: number | null; at_method_positions: number | null };
  /** Positions for 80% power at this profile's games per position (null: not reachable with 960). */
  positions_needed: number | null;
  assumptions: string;
}

/**
 * One correlation: what is correlated, Spearman's rho, its 95% percentile and BCa intervals (BCa null when not
 * computable), the resamples with an undefined rho (counted, not used) and the seed's sub-stream; the bootstrap
 * distribution is kept out of the file.
 */
export interface Correlation {
  label: string;
  rho: number;
  ci95_percentile: [number, number];
  ci95_bca: [number, number] | null;
  undefined_resamples: number;
  stream: number;
  /** Why rho is not defined (a column of one value, e.g. "every position scored the same"); absent when it is. */
  not_defined?: string;
}

/** `summary.json`: the profile's design and inputs (with their hashes), the correlations (1)–(3) and verdicts. */
export interface Summary {
  kind: "mbi-summary";
  schema: number;
  profile: string;
  inputs: { path: string; sha256: string }[];
  n_positions: number;
  n_games: number;
  selfplay: { games_per_position: number; nodes_per_move: number };
  /** Stage-1 budget. */
  eval_limit: unknown;
  /** Bootstrap resamples and seed. */
  resamples: number;
  seed: number;
  eval_vs_score: Correlation;
  mbi_vs_score: Correlation;
  mbi_vs_imbalance: Correlation;
  verdict: Verdict;
  /** Reliability of the per-position scores and the ceiling it puts on an observable correlation. */
  reliability: ScoreReliability;
  /** How uncertain that reliability is (absent in files written before it; null under 3 positions). */
  reliability_uncertainty?: ReliabilityUncertainty | null;
  /** Power of this design and of the method's, at the published effect (assumption stated). */
  power: PowerReport;
  /** The banner for people (null at the method's budgets). */
  banner: string | null;
  /** The method's figures, for comparison. */
  published: typeof PUBLISHED;
  code: CodeVersion;
}

/**
 * The one reader of a profile's `summary.json` (undefined when there is none): a `stage-input` MbiError naming the
 * file and `deno task stats` when it is not a summary of this schema and of the profile's design (whether it still
 * follows from its inputs: {@link currentStatistics}).
 */
export async function readSummary(profile: Profile): Promise<Summary | undefined> {
  const path = summaryPath(profile);
  const fix = `run deno task stats --profile ${profile.name}`;
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  const where = displayPath(path);
  const s = parseJsonText(text, where, "stage-input", `${fix} to write it again`) as Partial<Summary> | null;
  if (s?.kind !== "mbi-summary") throw new MbiError("stage-input", `${where} is not a stage-5 summary: ${fix}`);
  if (typeof s.schema === "number" && s.schema > SUMMARY_SCHEMA) {
    throw new MbiError(
      "stage-input",
      `${where} has schema ${s.schema}, newer than this code reads (${SUMMARY_SCHEMA}): ${fix} to write it with this code`,
    );
  }
  if (s.schema !== SUMMARY_SCHEMA) {
    throw new MbiError("stage-input", `${where} has schema ${s.schema} (older code): ${fix} to write it again`);
  }
  if (s.profile !== profile.name) {
    throw new MbiError("stage-input", `${where} is the summary of profile ${s.profile}, not ${profile.name}: ${fix}`);
  }
  const design: [string, unknown, unknown][] = [
    ["positions", s.n_positions, Math.min(profile.selfplay.positions, profile.positions.length)],
    ["games per position", s.selfplay?.games_per_position, profile.selfplay.games],
    ["nodes per move", s.selfplay?.nodes_per_move, profile.selfplay.nodesPerMove],
    ["resamples", s.resamples, profile.resamples],
    ["seed", s.seed, profile.seed],
  ];
  const d = design.find(([, file, want]) => file !== want);
  if (d) {
    throw new MbiError(
      "stage-input",
      `${where} is the summary of another design than profile ${profile.name} (${d[0]} ${d[1]}, the profile's ${
        d[2]
      }): ${fix}`,
    );
  }
  return s as Summary;
}
