/**
 * `deno task power`: what a self-play (or outcome) design can show, for planning a run. Measured variances go through
 * `designVariances`, as for `summary.json`: where the between-position variance is not estimable, the method's
 * (docs/METHOD.md decision 6) are used and the output says so.
 *
 * @module
 */

import {
  designPower,
  designVariances,
  gamesNeeded,
  METHOD_VARIANCES,
  positionsNeeded,
  PROFILES,
  rowCounts,
  scoreReliability,
} from "../method/mod.ts";
import { PUBLISHED, REQUIRED_POWER } from "../analysis/mod.ts";
import { loadSelfplay } from "../selfplay/mod.ts";
import { getProfile, readOutcomeTable } from "../store/mod.ts";
import { fixedNonZero } from "../core/mod.ts";
import { command, runCommand, UsageError, valueOf, whole } from "./command.ts";
import { OUTCOMES, PROFILE } from "./options.ts";

/** A positive number option (a decimal). */
function positiveNumber(v: string, name: string): number {
  if (!/^\d*\.?\d+$/.test(v) || !(Number(v) > 0)) throw new UsageError(`--${name} ${v}: expected a number > 0`);
  return Number(v);
}

/** A correlation strictly between 0 and 1. */
function trueRho(v: string, name: string): number {
  const rho = Number(v);
  if (!(rho > 0 && rho < 1)) throw new UsageError(`--${name} ${v}: expected a number between 0 and 1`);
  return rho;
}

const METHOD = PROFILES.full.selfplay;

/** The declaration of `deno task power`. */
export const COMMAND = command({
  name: "power",
  description: "reliability, expected rho and power of a self-play (or outcome) design, for planning a run",
  details: [
    "variances from a profile's games, an outcome table, or given by hand; with none of these, those of",
    "docs/METHOD.md decision 6 (the method's design at the published rho)",
  ],
  options: {
    profile: {
      ...PROFILE,
      help: "take the variances from the self-play games of this profile",
      defaultText: undefined,
    },
    outcomes: { ...OUTCOMES, help: "take the variances from this outcome table (see deno task outcomes --list)" },
    "between-sd": valueOf("S", "the SD of the true scores between positions (with --game-sd)", positiveNumber),
    "game-sd": valueOf("G", "the SD of one game's score (with --between-sd)", positiveNumber),
    rho: valueOf("R", "the true rho", trueRho, { default: PUBLISHED.rho_eval_score }),
    positions: whole("N", "positions of the design", { default: METHOD.positions }),
    games: whole("G", "games per position", { default: METHOD.games }),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { profile, outcomes, "between-sd": b, "game-sd": g } = values;
  if ([profile, outcomes, b ?? g].filter((v) => v).length > 1) {
    throw new UsageError("give one source of variances: --profile P, --outcomes NAME, or --between-sd and --game-sd");
  }
  let between: number, game: number, from: string;
  if (profile || outcomes) {
    const rel = profile
      ? scoreReliability((await loadSelfplay(getProfile(profile))).positions)
      : scoreReliability((await readOutcomeTable(outcomes!)).rows.map(rowCounts));
    const v = designVariances(rel, profile ? `the self-play games of profile ${profile}` : `outcome table ${outcomes}`);
    [between, game, from] = [v.between, v.game, v.note];
  } else if (b !== undefined || g !== undefined) {
    if (b === undefined || g === undefined) throw new UsageError("--between-sd and --game-sd go together");
    [between, game, from] = [b * b, g * g, "the standard deviations given"];
  } else {
    [between, game, from] = [METHOD_VARIANCES.between, METHOD_VARIANCES.game, METHOD_VARIANCES.source];
  }
  const { rho, positions, games } = values;
  const d = designPower(rho, between, game, positions, games);
  const f = (x: number) => fixedNonZero(x, 3);
  const g80 = gamesNeeded(rho, between, game, positions, REQUIRED_POWER);
  const p80 = positionsNeeded(rho, between, game, games, REQUIRED_POWER);
  console.log(`variances: ${from}`);
  console.log(
    `  between positions ${between.toExponential(3)} (SD ${f(Math.sqrt(between))}), ` +
      `one game ${f(game)} (SD ${f(Math.sqrt(game))})`,
  );
  console.log(`design ${positions} positions × ${games} games, true rho ${rho}:`);
  console.log(
    `  reliability of a score ${f(d.reliability)}, ceiling ${f(Math.sqrt(d.reliability))}, ` +
      `expected observed rho ${f(d.expected_rho)}`,
  );
  console.log(`  power to exclude 0 (95% interval) ${f(d.power)}`);
  console.log(
    `  for ${REQUIRED_POWER * 100}% power: ` +
      `${g80 === null ? "no number of games suffices" : `${g80} games per position`} at ${positions} positions; ` +
      `${p80 === null ? "no number of positions up to 960 suffices" : `${p80} positions`} at ${games} games`,
  );
});
