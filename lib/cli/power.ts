/**
 * `deno task power [--profile P | --outcomes NAME | --between-sd S --game-sd G] [--rho R] [--positions N]
 * [--games G]`: what a self-play (or outcome) design can show — the reliability of per-position scores, the
 * expected observed rho and the power to exclude 0 at a true rho — from the variances measured in a
 * profile's games, in an outcome table, or given by hand; with none of these, the variances of docs/METHOD.md
 * decision 6 (the method's design at the published 0.76 with no option at all). A profile's or table's variances
 * go through the same rule as `summary.json` (`designVariances`): when the between-position variance is not
 * estimable there, the method's variances are used and the output says so. For planning a run before paying for it.
 *
 * @module
 */

import {
  designPower,
  designVariances,
  gamesNeeded,
  METHOD_VARIANCES,
  positionsNeeded,
  scoreReliability,
} from "../method/reliability.ts";
import { PROFILES } from "../method/profiles.ts";
import { rowCounts } from "../method/outcomes.ts";
import { PUBLISHED, REQUIRED_POWER } from "../stages/statistics.ts";
import { loadStage4 } from "../stages/selfplay/stage.ts";
import { readOutcomeTable } from "../store/outcome_table.ts";
import { getProfile } from "../store/results_key.ts";
import { type CliSpec, parseCli, positiveInt, runCli, UsageError } from "./common.ts";

const USAGE: CliSpec = {
  usage: "deno task power [--profile P | --outcomes NAME | --between-sd S --game-sd G] [--rho R] [--positions N] " +
    "[--games G]\n  reliability, expected rho and power of a design (default: the method's 60 x 50 at the published 0.76,\n" +
    "  with the variances of docs/METHOD.md decision 6)",
  positionals: 0,
};

/** A positive number option (a decimal). */
function positiveNumber(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d*\.?\d+$/.test(v) || !(Number(v) > 0)) throw new UsageError(`--${name} ${v}: expected a number > 0`);
  return Number(v);
}

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      profile: { type: "string" },
      outcomes: { type: "string" },
      "between-sd": { type: "string" },
      "game-sd": { type: "string" },
      rho: { type: "string" },
      positions: { type: "string" },
      games: { type: "string" },
    }, USAGE);
    const sources = [values.profile, values.outcomes, values["between-sd"] ?? values["game-sd"]].filter((v) => v);
    if (sources.length > 1) {
      throw new UsageError("give one source of variances: --profile P, --outcomes NAME, or --between-sd and --game-sd");
    }
    let between: number, game: number, from: string;
    if (values.profile || values.outcomes) {
      const rel = values.profile
        ? scoreReliability((await loadStage4(getProfile(values.profile))).positions)
        : scoreReliability((await readOutcomeTable(values.outcomes!)).rows.map(rowCounts));
      const v = designVariances(
        rel,
        values.profile ? `the self-play games of profile ${values.profile}` : `outcome table ${values.outcomes}`,
      );
      [between, game, from] = [v.between, v.game, v.note];
    } else if (values["between-sd"] !== undefined || values["game-sd"] !== undefined) {
      const b = positiveNumber("between-sd", values["between-sd"]), g = positiveNumber("game-sd", values["game-sd"]);
      if (b === undefined || g === undefined) throw new UsageError("--between-sd and --game-sd go together");
      [between, game, from] = [b * b, g * g, "the standard deviations given"];
    } else {
      [between, game, from] = [METHOD_VARIANCES.between, METHOD_VARIANCES.game, METHOD_VARIANCES.source];
    }
    const rho = values.rho === undefined ? PUBLISHED.rho_eval_score : Number(values.rho);
    if (!(rho > 0 && rho < 1)) throw new UsageError(`--rho ${values.rho}: expected a number between 0 and 1`);
    const m = PROFILES.full.selfplay;
    const positions = positiveInt("positions", values.positions) ?? m.positions;
    const games = positiveInt("games", values.games) ?? m.games;
    const d = designPower(rho, between, game, positions, games);
    const f = (x: number) => x.toFixed(3);
    console.log(`variances: ${from}`);
    console.log(
      `  between positions ${between.toExponential(3)} (SD ${f(Math.sqrt(between))}), one game ${f(game)} (SD ${
        f(Math.sqrt(game))
      })`,
    );
    console.log(`design ${positions} positions x ${games} games, true rho ${rho}:`);
    console.log(
      `  reliability of a score ${f(d.reliability)}, ceiling ${f(Math.sqrt(d.reliability))}, expected observed rho ${
        f(d.expected_rho)
      }`,
    );
    console.log(`  power to exclude 0 (95% interval) ${f(d.power)}`);
    const g80 = gamesNeeded(rho, between, game, positions, REQUIRED_POWER);
    const p80 = positionsNeeded(rho, between, game, games, REQUIRED_POWER);
    console.log(
      `  for ${REQUIRED_POWER * 100}% power: ${
        g80 === null ? "no number of games suffices" : `${g80} games per position`
      } at ${positions} positions; ${
        p80 === null ? "no number of positions up to 960 suffices" : `${p80} positions`
      } at ${games} games`,
    );
  });
}
