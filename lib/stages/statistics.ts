/**
 * Stage 5: the three correlations of METHOD.md decision 4, each with a seeded
 * bootstrap CI, and the computed verdicts; written as `summary.json`.
 *
 * 1. rho(start eval, White score) — the method's published figure;
 * 2. rho(MBI, White score) — its own (negative) sign: MBI falls as |eval| grows;
 * 3. rho(MBI, |White score − 0.5|) — the index's claim: negative when balanced
 *    starts score closer to 50%.
 *
 * @module
 */

import { join } from "node:path";
import { writeJsonUnlessSame } from "../store/atomic.ts";
import { evalFilePath } from "../store/eval_dataset.ts";
import { sha256File } from "../core/hash.ts";
import { mbiPaths } from "../store/mbi_table.ts";
import { type Profile } from "../method/profiles.ts";
import { type CodeVersion, codeVersion, displayPath } from "../store/provenance.ts";
import { loadStage4, StageInputError } from "./selfplay/stage.ts";
import { type BootstrapResult, bootstrapSpearman } from "../method/stats.ts";
import { profileDir, selfplayDir, summaryPath } from "../store/results_key.ts";

/** Schema version of `summary.json`. */
export const SUMMARY_SCHEMA = 1;

/** The method's published validation figures (at its budgets). */
export const PUBLISHED = {
  rho_eval_score: 0.76,
  ci95: [0.63, 0.85] as [number, number],
  resamples: 10_000,
  budgets: "60 positions x 50 games at 300,000 nodes/move; evaluations at 400,000,000 nodes",
};

/** One correlation with its bootstrap (the distribution is kept out of the file). */
export interface Correlation {
  /** What is correlated. */
  label: string;
  /** Spearman's rho on the data. */
  rho: number;
  /** 95% percentile interval. */
  ci95_percentile: [number, number];
  /** 95% BCa interval (null when not computable). */
  ci95_bca: [number, number] | null;
  /** Resamples with an undefined rho (counted, not used). */
  undefined_resamples: number;
  /** Bootstrap sub-stream of the seed. */
  stream: number;
}

/** `summary.json`. */
export interface Summary {
  /** File kind. */
  kind: "mbi-summary";
  /** Schema version. */
  schema: number;
  /** Profile. */
  profile: string;
  /** Every input file with its hash. */
  inputs: { path: string; sha256: string }[];
  /** Positions played. */
  n_positions: number;
  /** Games played. */
  n_games: number;
  /** Games per position and node budget per move. */
  selfplay: { games_per_position: number; nodes_per_move: number };
  /** Stage-1 budget. */
  eval_limit: unknown;
  /** Bootstrap resamples. */
  resamples: number;
  /** Bootstrap seed. */
  seed: number;
  /** (1) rho(eval, score). */
  eval_vs_score: Correlation;
  /** (2) rho(MBI, score). */
  mbi_vs_score: Correlation;
  /** (3) rho(MBI, |score − 0.5|). */
  mbi_vs_imbalance: Correlation;
  /** Computed verdicts. */
  verdict: {
    /** "validated" when the percentile CI of (1) lies above 0, else "not validated". */
    validation: "validated" | "not validated";
    /** "supported" when the percentile CI of (3) lies below 0, else "not supported". */
    claim: "supported" | "not supported";
    /** The rules, as applied. */
    rules: string;
  };
  /** The method's figures, for comparison. */
  published: typeof PUBLISHED;
  /** Code that computed the summary. */
  code: CodeVersion;
}

/** The pairs stage 5 correlates, one per position. */
export interface Pair {
  /** Start position. */
  sp: number;
  /** Stage-1 value. */
  eval_cp: number;
  /** The index. */
  mbi: number;
  /** White's self-play score. */
  score: number;
}

/** A bootstrap result as a {@link Correlation} (without the distribution). */
export function correlation(label: string, r: BootstrapResult): Correlation {
  return {
    label,
    rho: r.estimate,
    ci95_percentile: r.percentile,
    ci95_bca: r.bca,
    undefined_resamples: r.undefined_resamples,
    stream: r.stream,
  };
}

/** Computes the three correlations and verdicts (with the bootstrap distributions for plots). */
export function analyse(
  pairs: readonly Pair[],
  resamples: number,
  seed: number,
) {
  const evals = pairs.map((p) => p.eval_cp);
  const mbi = pairs.map((p) => p.mbi);
  const score = pairs.map((p) => p.score);
  const imbalance = pairs.map((p) => Math.abs(p.score - 0.5));
  const b1 = bootstrapSpearman(evals, score, { resamples, seed, stream: 1 });
  const b2 = bootstrapSpearman(mbi, score, { resamples, seed, stream: 2 });
  const b3 = bootstrapSpearman(mbi, imbalance, { resamples, seed, stream: 3 });
  const validation: "validated" | "not validated" = b1.percentile[0] > 0 ? "validated" : "not validated";
  const claim: "supported" | "not supported" = b3.percentile[1] < 0 ? "supported" : "not supported";
  return {
    eval_vs_score: correlation("rho(start eval, White score)", b1),
    mbi_vs_score: correlation("rho(MBI, White score)", b2),
    mbi_vs_imbalance: correlation("rho(MBI, |White score - 0.5|)", b3),
    verdict: {
      validation,
      claim,
      rules:
        "validated when the 95% percentile CI of rho(eval, score) lies above 0; the claim is supported when the 95% percentile CI of rho(MBI, |score - 0.5|) lies below 0",
    },
    distributions: {
      eval_vs_score: b1.distribution,
      mbi_vs_score: b2.distribution,
      mbi_vs_imbalance: b3.distribution,
    },
  };
}

/** Runs stage 5 for a profile: reads stages 3 and 4, writes `summary.json` (only when its content changes). */
export async function runStage5(
  profile: Profile,
): Promise<
  {
    summary: Summary;
    distributions: ReturnType<typeof analyse>["distributions"];
  }
> {
  const results = await loadStage4(profile);
  const dir = profileDir(profile);
  const tablePath = mbiPaths(dir).json;
  const tableSha = await sha256File(tablePath).catch(() => "");
  if (results.inputs[0]?.sha256 !== tableSha) {
    throw new StageInputError(
      `the self-play results were played from another MBI table than ${
        displayPath(tablePath)
      }: run deno task selfplay --profile ${profile.name}`,
    );
  }
  const pairs: Pair[] = results.positions.map((p) => ({
    sp: p.sp,
    eval_cp: p.eval_cp,
    mbi: p.mbi,
    score: p.score,
  }));
  const a = analyse(pairs, profile.resamples, profile.seed);
  const files = [
    evalFilePath(dir),
    tablePath,
    join(selfplayDir(profile), "games.jsonl"),
    join(selfplayDir(profile), "selfplay.json"),
  ];
  const inputs = await Promise.all(
    files.map(async (f) => ({
      path: displayPath(f),
      sha256: await sha256File(f),
    })),
  );
  const summary: Summary = {
    kind: "mbi-summary",
    schema: SUMMARY_SCHEMA,
    profile: profile.name,
    inputs,
    n_positions: results.positions.length,
    n_games: results.n_games,
    selfplay: {
      games_per_position: results.config.games,
      nodes_per_move: results.config.nodes_per_move,
    },
    eval_limit: (JSON.parse(await Deno.readTextFile(tablePath)).input ?? {}).limit ??
      null,
    resamples: profile.resamples,
    seed: profile.seed,
    eval_vs_score: a.eval_vs_score,
    mbi_vs_score: a.mbi_vs_score,
    mbi_vs_imbalance: a.mbi_vs_imbalance,
    verdict: a.verdict,
    published: PUBLISHED,
    code: await codeVersion(),
  };
  const path = summaryPath(profile);
  await writeJsonUnlessSame(path, summary, ["code"]);
  return { summary, distributions: a.distributions };
}
