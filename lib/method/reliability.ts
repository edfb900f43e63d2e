/**
 * Reliability and power of per-position outcome scores (docs/METHOD.md decision 6), one implementation for stage 5
 * (self-play) and the external validation (outcome tables).
 *
 * A position's score over n games (win 1, draw ½, loss 0) is its true score plus sampling noise of variance σ²/n, σ²
 * being the variance of one game's points. Across positions the observed variance of the scores is the
 * between-position variance of the true scores plus the mean sampling variance, so (method of moments)
 * between = max(0, observed − sampling) and reliability R = between / (between + sampling), and a correlation of the
 * scores with an error-free variable (the start evaluation) is attenuated to about ρ·√R (Spearman's classical
 * correction): √R is the ceiling on an observable correlation. Whether a design can show a correlation is then a
 * power question: with n positions Spearman's ρ̂ has a Fisher-z standard error of about √(1.06/(n − 3)) (Fieller,
 * Hartley and Pearson 1957), and the 95% interval excludes 0 when atanh(ρ̂) > 1.96·SE.
 *
 * @module
 */

import { normalCdf, normalQuantile } from "./stats.ts";

/** One position's outcome counts (White's view): games, White's wins, draws and losses. */
export interface OutcomeCounts {
  games: number;
  wins: number;
  draws: number;
  losses: number;
}

/** The reliability of a set of per-position scores. */
export interface ScoreReliability {
  /** Positions with at least 2 games. */
  positions: number;
  mean_games: number;
  /** Variance of one game's points, pooled over positions (each position's unbiased within-variance, averaged). */
  game_variance: number;
  /** Sample variance of the per-position scores across positions. */
  observed_variance: number;
  /** Mean sampling variance of a position's score: pooled game variance / games, averaged over positions. */
  sampling_variance: number;
  /** Estimated variance of the true scores across positions: max(0, observed − sampling). */
  between_variance: number;
  /** between / (between + sampling); 0 when the scores show no more spread than sampling noise. */
  reliability: number;
  /** √reliability: the largest correlation the scores can show with an error-free variable whose true correlation is 1. */
  ceiling: number;
  /** False when the observed spread is not larger than the sampling noise: the between-position variance is then not estimable from these scores (reported as 0). */
  between_estimable: boolean;
}

/**
 * The variances docs/METHOD.md (decision 6) states from 20,000 games per position: White's true score varies
 * between positions with an SD near 0.024, one game's points with an SD near 0.34. Used, and named, when a design's
 * own games cannot estimate them.
 */
export const METHOD_VARIANCES = {
  between: 0.024 ** 2,
  game: 0.34 ** 2,
  source:
    "docs/METHOD.md decision 6 (between-position SD 0.024 and one game's SD 0.34, from 20,000 games per position)",
} as const;

/** The variances a design's figures use (between-position and one game's), and where they come from. */
export interface DesignVariances {
  /** "measured" (the scores' own) or "method" (docs/METHOD.md decision 6). */
  source: "measured" | "method";
  between: number;
  game: number;
  /** The sentence a reader needs: where the variances come from and why. */
  note: string;
}

/**
 * The variances to plan or judge a design with: those measured in the scores when their between-position variance
 * is estimable, else {@link METHOD_VARIANCES}, named as such. The one rule for `summary.json`, `deno task power`
 * and the external validation.
 */
export function designVariances(rel: ScoreReliability, of: string): DesignVariances {
  const f4 = (x: number) => x.toFixed(4);
  if (rel.between_estimable && Number.isFinite(rel.game_variance)) {
    return {
      source: "measured",
      between: rel.between_variance,
      game: rel.game_variance,
      note: `measured in ${of}: White's score varies across positions with variance ${f4(rel.observed_variance)}, ` +
        `of which sampling noise accounts for ${f4(rel.sampling_variance)}; between-position variance ` +
        `${f4(rel.between_variance)}, one game's variance ${rel.game_variance.toFixed(3)}`,
    };
  }
  const na = (x: number) => Number.isFinite(x) ? f4(x) : "n/a";
  const games = Number.isFinite(rel.mean_games) ? rel.mean_games : "?";
  return {
    source: "method",
    between: METHOD_VARIANCES.between,
    game: METHOD_VARIANCES.game,
    note: `not estimable from ${of}: their scores spread (variance ${na(rel.observed_variance)}) no more than the ` +
      `sampling noise of ${games} games alone would make them (${na(rel.sampling_variance)}); the design figures ` +
      `use the variances of ${METHOD_VARIANCES.source}`,
  };
}

/** White's score of counts: (wins + draws / 2) / games. */
export function whiteScore(c: OutcomeCounts): number {
  return (c.wins + c.draws / 2) / c.games;
}

/** Unbiased variance of one game's points within a position (0 for fewer than 2 games). */
export function gamePointsVariance(c: OutcomeCounts): number {
  const n = c.games;
  if (n < 2) return 0;
  const mean = whiteScore(c);
  const sumSq = c.wins * 1 + c.draws * 0.25;
  return (sumSq - n * mean * mean) / (n - 1);
}

/** The positions a reliability estimate uses: at least 2 games, and counts that add up. */
export function usableCounts<T extends OutcomeCounts>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.games >= 2 && r.wins + r.draws + r.losses === r.games);
}

/** Estimates the reliability of per-position scores from their counts (positions with fewer than 2 games are left out). */
export function scoreReliability(rows: readonly OutcomeCounts[]): ScoreReliability {
  const used = usableCounts(rows);
  const k = used.length;
  if (k < 2) {
    return {
      positions: k,
      mean_games: k ? used[0].games : 0,
      game_variance: NaN,
      observed_variance: NaN,
      sampling_variance: NaN,
      between_variance: NaN,
      reliability: NaN,
      ceiling: NaN,
      between_estimable: false,
    };
  }
  const scores = used.map(whiteScore);
  const meanScore = scores.reduce((a, b) => a + b, 0) / k;
  const observed = scores.reduce((a, s) => a + (s - meanScore) ** 2, 0) / (k - 1);
  const gameVar = used.reduce((a, r) => a + gamePointsVariance(r), 0) / k;
  const sampling = used.reduce((a, r) => a + gameVar / r.games, 0) / k;
  const between = Math.max(0, observed - sampling);
  const reliability = between + sampling > 0 ? between / (between + sampling) : 0;
  return {
    positions: k,
    mean_games: used.reduce((a, r) => a + r.games, 0) / k,
    game_variance: gameVar,
    observed_variance: observed,
    sampling_variance: sampling,
    between_variance: between,
    reliability,
    ceiling: Math.sqrt(reliability),
    between_estimable: observed > sampling,
  };
}

/** Reliability of a score of `games` games, given the between-position and one-game variances. */
export function reliabilityAt(betweenVariance: number, gameVariance: number, games: number): number {
  const noise = gameVariance / games;
  return betweenVariance + noise > 0 ? betweenVariance / (betweenVariance + noise) : 0;
}

/** Fisher-z standard error of Spearman's rho over n pairs: √(1.06 / (n − 3)). */
export function spearmanZSe(n: number): number {
  return Math.sqrt(1.06 / (n - 3));
}

/**
 * Probability that the two-sided `level` interval of Spearman's rho over `positions` pairs lies above 0, when the
 * true correlation is `trueRho` and the scores have reliability `reliability` (expected observed rho = trueRho·√R).
 */
export function powerToExcludeZero(trueRho: number, reliability: number, positions: number, level = 0.95): number {
  if (positions <= 3) return 0;
  const observed = trueRho * Math.sqrt(Math.max(0, reliability));
  const z = Math.atanh(Math.min(observed, 0.999999));
  return normalCdf(z / spearmanZSe(positions) - normalQuantile(1 - (1 - level) / 2));
}

/**
 * The fewest games per position (up to `maxGames`) for which the design reaches `power` to exclude 0, or null when
 * even perfect reliability would not (too few positions) or `maxGames` is not enough.
 */
export function gamesNeeded(
  trueRho: number,
  betweenVariance: number,
  gameVariance: number,
  positions: number,
  power = 0.8,
  maxGames = 1_000_000,
): number | null {
  if (!(betweenVariance > 0) || powerToExcludeZero(trueRho, 1, positions) < power) return null;
  const ok = (g: number) =>
    powerToExcludeZero(trueRho, reliabilityAt(betweenVariance, gameVariance, g), positions) >= power;
  if (!ok(maxGames)) return null;
  let lo = 1, hi = maxGames;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The fewest positions (4..`maxPositions`) for which `games` games each reach `power`, or null. */
export function positionsNeeded(
  trueRho: number,
  betweenVariance: number,
  gameVariance: number,
  games: number,
  power = 0.8,
  maxPositions = 960,
): number | null {
  const r = reliabilityAt(betweenVariance, gameVariance, games);
  for (let n = 4; n <= maxPositions; n++) {
    if (powerToExcludeZero(trueRho, r, n) >= power) return n;
  }
  return null;
}

/** A design's expected figures for a true rho: reliability at its games, expected rho (trueRho·√R), power. */
export interface DesignPower {
  positions: number;
  games: number;
  reliability: number;
  expected_rho: number;
  /** Probability that the 95% interval lies above 0. */
  power: number;
}

/** Expected reliability, observed rho and power of a design (positions × games) at a true rho. */
export function designPower(
  trueRho: number,
  betweenVariance: number,
  gameVariance: number,
  positions: number,
  games: number,
): DesignPower {
  const reliability = reliabilityAt(betweenVariance, gameVariance, games);
  return {
    positions,
    games,
    reliability,
    expected_rho: trueRho * Math.sqrt(reliability),
    power: powerToExcludeZero(trueRho, reliability, positions),
  };
}
