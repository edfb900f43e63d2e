/**
 * `deno task validate`: a stage-1 dataset (a results key or the path of an evals.jsonl), or every complete dataset,
 * against an outcome table.
 *
 * @module
 */

import { displayPath } from "../store/mod.ts";
import type { Correlation } from "../analysis/mod.ts";
import {
  DEFAULT_MIN_GAMES,
  type OutcomeValidation,
  resolveDataset,
  validateAll,
  validateOutcomes,
  validationPath,
} from "../outcomes/mod.ts";
import { command, flag, runCommand, text, UsageError, whole } from "./command.ts";
import { OUTCOMES, RESAMPLES } from "./options.ts";
import { correlationLine } from "./stats.ts";
import { datasetLabel, rhoInterval, verdictsText } from "../method/mod.ts";
import { int } from "../core/mod.ts";

/** The declaration of `deno task validate`. */
export const COMMAND = command({
  name: "validate",
  description:
    "a stage-1 dataset against an outcome table: the correlations, rho(MBI, draw rate), reliability, verdict",
  details: ["give one of --evals DATASET or --all"],
  options: {
    evals: text("DATASET", "a results key (quick, quick~eval500000, quick@sf18-wasm) or the path of an evals.jsonl"),
    all: flag("validate every complete dataset under results/ instead"),
    outcomes: { ...OUTCOMES, required: true },
    "min-games": whole("K", "positions with at least K games only", { default: DEFAULT_MIN_GAMES }),
    resamples: { ...RESAMPLES, defaultText: "10000" },
  },
});

/** A group's rho(eval, score) in words: with its interval, or why there is none. */
function groupRho(c: Correlation | null): string {
  if (!c) return "too few positions for a correlation";
  return `rho(eval, score) ${rhoInterval(c, c.ci95_percentile)}`;
}

/** A validation in lines for the terminal. */
function validationLines(v: OutcomeValidation): string[] {
  const r = v.reliability, d = v.dataset, at = v.at_published;
  const lines = [
    `${d.key} (${
      datasetLabel(d.engine, d.budget)
    }) vs ${v.outcomes.name}: ${v.positions} positions with >= ${v.min_games} ` +
    `games (${int(v.games)} games), B = ${int(v.resamples)}, seed ${v.seed}`,
  ];
  if (d.banner) lines.push(`  note: ${d.banner}`);
  for (const c of [v.eval_vs_score, v.mbi_vs_score, v.mbi_vs_imbalance, v.mbi_vs_draw_rate]) {
    if (c) lines.push(`  ${correlationLine(c)}`);
  }
  lines.push(
    `  reliability of the scores ${r.reliability.toFixed(3)} (ceiling on rho ${r.ceiling.toFixed(3)}; ` +
      `${int(Math.round(r.mean_games))} games per position, mean); at the published rho ${at.true_rho} ` +
      `this design expects ${at.expected_rho.toFixed(3)} (power ${at.power.toFixed(2)})`,
    `  verdict: ${verdictsText(v).validation}; the index's claim: ${verdictsText(v).claim}`,
  );
  for (const g of v.groups) {
    const rel = Number.isFinite(g.reliability.reliability) ? g.reliability.reliability.toFixed(3) : "n/a";
    const rho = groupRho(g.eval_vs_score);
    lines.push(`  ${g.kind} ${g.group}: ${g.positions} positions, ${int(g.games)} games; ${rho}; reliability ${rel}`);
  }
  lines.push(`  -> ${displayPath(validationPath(v.outcomes.name, d.key))}`);
  return lines;
}

await runCommand(import.meta, COMMAND, async ({ values }) => {
  if ((values.evals === undefined) === !values.all) {
    throw new UsageError("give one of --evals DATASET (a results key or an evals.jsonl) or --all");
  }
  const opts = { minGames: values["min-games"], resamples: values.resamples };
  const results = values.all
    ? await validateAll(values.outcomes, opts)
    : [(await validateOutcomes(await resolveDataset(values.evals!), values.outcomes, opts)).validation];
  for (const v of results) for (const l of validationLines(v)) console.log(l);
});
