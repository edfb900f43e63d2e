/**
 * `deno task validate --evals DATASET --outcomes NAME [--min-games K] [--resamples B]`: a stage-1
 * dataset (a results key such as `quick`, `quick~eval500000`, `quick@sf18-wasm`, or a path to an
 * evals.jsonl) against an outcome table; `--all` instead of `--evals` validates every complete dataset.
 *
 * @module
 */

import { displayPath } from "../store/mod.ts";
import {
  DEFAULT_MIN_GAMES,
  type OutcomeValidation,
  resolveDataset,
  validateAll,
  validateOutcomes,
  validationPath,
} from "../outcomes/mod.ts";
import { command, flag, runCommand, text, whole } from "./command.ts";
import { OUTCOMES, RESAMPLES } from "./options.ts";
import { UsageError } from "./common.ts";
import { correlationLine } from "./stats.ts";
import { rhoDefined, rhoText, verdictsText } from "../method/mod.ts";
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

/** A validation in lines for the terminal. */
export function validationLines(v: OutcomeValidation): string[] {
  const r = v.reliability;
  const lines = [
    `${v.dataset.key} (${v.dataset.engine}, ${v.dataset.budget}) vs ${v.outcomes.name}: ${v.positions} positions with >= ${v.min_games} games (${
      int(v.games)
    } games), B = ${int(v.resamples)}, seed ${v.seed}`,
  ];
  if (v.dataset.banner) lines.push(`  note: ${v.dataset.banner}`);
  for (const c of [v.eval_vs_score, v.mbi_vs_score, v.mbi_vs_imbalance, v.mbi_vs_draw_rate]) {
    if (c) lines.push(`  ${correlationLine(c)}`);
  }
  lines.push(
    `  reliability of the scores ${r.reliability.toFixed(3)} (ceiling on rho ${r.ceiling.toFixed(3)}; ${
      int(Math.round(r.mean_games))
    } games per position, mean); at the published rho ${v.at_published.true_rho} this design expects ${
      v.at_published.expected_rho.toFixed(3)
    } (power ${v.at_published.power.toFixed(2)})`,
    `  verdict: ${verdictsText(v).validation}; the index's claim: ${verdictsText(v).claim}`,
  );
  for (const g of v.groups) {
    lines.push(
      `  ${g.kind} ${g.group}: ${g.positions} positions, ${int(g.games)} games; ${
        !g.eval_vs_score
          ? "too few positions for a correlation"
          : rhoDefined(g.eval_vs_score)
          ? `rho(eval, score) ${g.eval_vs_score.rho.toFixed(3)} [${
            g.eval_vs_score.ci95_percentile.map((x) => x.toFixed(3)).join(", ")
          }]`
          : `rho(eval, score) ${rhoText(g.eval_vs_score)}`
      }; reliability ${Number.isFinite(g.reliability.reliability) ? g.reliability.reliability.toFixed(3) : "n/a"}`,
    );
  }
  lines.push(`  -> ${displayPath(validationPath(v.outcomes.name, v.dataset.key))}`);
  return lines;
}

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    if ((values.evals === undefined) === !values.all) {
      throw new UsageError("give one of --evals DATASET (a results key or an evals.jsonl) or --all");
    }
    const opts = { minGames: values["min-games"], resamples: values.resamples };
    const results = values.all
      ? await validateAll(values.outcomes, opts)
      : [(await validateOutcomes(await resolveDataset(values.evals!), values.outcomes, opts)).validation];
    for (const v of results) for (const l of validationLines(v)) console.log(l);
    return 0;
  });
}
