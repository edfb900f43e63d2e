/**
 * `deno task stats`: stage 5 — the three Spearman correlations with bootstrap CIs and the computed verdicts.
 *
 * @module
 */

import { type Correlation, runStatistics } from "../analysis/mod.ts";
import { rhoDefined, rhoText, verdictsText } from "../method/mod.ts";
import { fixedNonZero } from "../core/mod.ts";
import { command, runCommand } from "./command.ts";
import { ENGINE, PROFILE, RESAMPLES, resultsProfile } from "./options.ts";

const f = (v: number) => (v >= 0 ? "+" : "") + fixedNonZero(v, 3);
/** One correlation in one line: rho, percentile and BCa intervals, undefined resamples; or why rho is not defined. */
export const correlationLine = (c: Correlation): string =>
  !rhoDefined(c)
    ? `${c.label}: ${rhoText(c)}`
    : `${c.label}: ${f(c.rho)}  95% CI ${f(c.ci95_percentile[0])}..${f(c.ci95_percentile[1])} (percentile), ` +
      (c.ci95_bca ? `${f(c.ci95_bca[0])}..${f(c.ci95_bca[1])} (BCa)` : "BCa n/a") +
      (c.undefined_resamples ? `; ${c.undefined_resamples} undefined resamples` : "");

/** The declaration of `deno task stats`. */
export const COMMAND = command({
  name: "stats",
  description: "stage 5: the three correlations with bootstrap CIs, reliability, power and the verdicts",
  options: { profile: PROFILE, engine: ENGINE, resamples: RESAMPLES },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { summary: s } = await runStatistics(resultsProfile(values, { resamples: values.resamples }));
  console.log(
    `profile ${s.profile}: ${s.n_positions} positions, ${s.n_games} games, B = ${s.resamples}, seed ${s.seed}`,
  );
  for (const c of [s.eval_vs_score, s.mbi_vs_score, s.mbi_vs_imbalance]) console.log(correlationLine(c));
  console.log(`verdict: ${verdictsText(s).validation}; the index's claim: ${verdictsText(s).claim}`);
});
