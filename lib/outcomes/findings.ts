/**
 * What an outcome validation shows, in plain sentences computed from its numbers: the table's noise and ceiling, the
 * correlations and what they say, unevenly counted positions, and what holds across datasets.
 *
 * @module
 */

import { datasetPhrase, rhoDefined, rhoText, strength, verdictsText } from "../method/mod.ts";
import type { Correlation } from "../analysis/mod.ts";
import type { OutcomeValidation } from "./validate.ts";
import { fix, fixedNonZero, int, iv } from "../core/mod.ts";

const pp = (x: number) => `${fixedNonZero(100 * x, 2)} percentage points`;

/**
 * The note a table needs when a few positions (at most 10) have fewer than half the median number of games: named with
 * their counts; null otherwise. Shown by notebook 07 and on every page that shows the table.
 */
export function unevenlyCounted(rows: readonly { sp: number; games: number }[]): string | null {
  const t = thinlyCounted(rows);
  if (!t) return null;
  const { thin, median } = t;
  return `Unevenly counted: ${thin.map((x) => `SP ${x.sp} has ${int(x.games)} games`).join(", ")}, ` +
    `against a median of ${int(median)}; the table does not say why.`;
}

/** The few positions (at most 10) with fewer than half the median number of games, and that median; null when none or more. */
export function thinlyCounted<T extends { sp: number; games: number }>(
  rows: readonly T[],
): { thin: T[]; median: number } | null {
  const sorted = rows.map((x) => x.games).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const thin = rows.filter((x) => x.games < median / 2);
  return !thin.length || thin.length > 10 ? null : { thin, median };
}

/**
 * What a validation shows, in plain sentences computed from its numbers and its table (White's score over all its
 * games from the table's totals, so that a private table, whose per-position rows are not shipped, says it too).
 */
export function findings(
  v: OutcomeValidation,
  table: { rows: readonly { sp: number; games: number }[]; meta: { totals: { white_score: number } } },
): string[] {
  const r = v.reliability;
  const rows = table.rows;
  const out: string[] = [];
  const between = Math.sqrt(r.between_variance), noise = Math.sqrt(r.sampling_variance);
  const observed = Math.sqrt(r.observed_variance);
  const mean = table.meta.totals.white_score;
  out.push(
    `${v.positions} positions with at least ${v.min_games} games each (${int(v.games)} games, ` +
      `${int(Math.round(r.mean_games))} per position on average) of "${v.outcomes.name}".`,
  );
  const uneven = unevenlyCounted(rows);
  if (uneven) out.push(uneven);
  const depends = r.reliability < 0.2
    ? "Outcomes hardly depend on the start position here"
    : r.reliability < 0.5
    ? "Outcomes depend on the start position, but weakly compared with the noise of the counts"
    : "Positions differ clearly in their outcomes";
  out.push(
    `${depends}: the true scores of the positions spread by about ${between.toFixed(4)} (SD), against a sampling ` +
      `error of ${noise.toFixed(4)} per position, so the reliability of a position's score is ` +
      `${fix(r.reliability, 3)} and no correlation with the scores can be expected above about ` +
      `${fix(r.ceiling, 3)} (the ceiling √R).`,
  );
  const overall = `White scores ${(100 * mean).toFixed(2)}% over all games of the table; `;
  const spread = r.between_estimable
    ? `by about ±${pp(between)} (1 SD) once the counting noise is taken out: that is how far the start position ` +
      `moves White's expected score`
    : "by no more than the counting noise: a spread between positions cannot be estimated from these counts";
  out.push(
    `How large the start position's effect is: ${overall}the positions' scores spread by an SD of ` +
      `${pp(observed)} as counted, and ${spread}.`,
  );
  // a correlation that is not defined (a column of one value) is said so, and nothing is read from it; else what
  // its interval says: above zero, below zero, or neither
  const read = (label: string, c: Correlation, says: readonly [string, string, string], end = ".") =>
    rhoDefined(c)
      ? `${label} = ${fix(c.rho, 3)} ${iv(c.ci95_percentile)}: ` +
        (c.ci95_percentile[0] > 0 ? says[0] : c.ci95_percentile[1] < 0 ? says[1] : says[2]) + end
      : `${label} is ${rhoText(c)}.`;
  const e = v.eval_vs_score;
  const m = v.mbi_vs_imbalance;
  out.push(read("rho(start eval, White's score)", e, [
    "positions the engine rates better for White do score better for White",
    "positions the engine rates better for White score worse for White",
    "no dependence that can be told from zero",
  ], r.ceiling > 0 ? ` (${Math.round((100 * e.rho) / r.ceiling)}% of the ceiling).` : "."));
  out.push(read("rho(MBI, |score − 0.5|)", m, [
    "balanced starts score further from 50%, against the index's claim",
    "balanced starts (high MBI) do score closer to 50% — the index's claim holds in these games",
    "whether balanced starts score closer to 50% cannot be told from these data",
  ]));
  if (v.mbi_vs_draw_rate) {
    out.push(read("rho(MBI, draw rate)", v.mbi_vs_draw_rate, [
      "balanced starts are drawn more often",
      "balanced starts are drawn less often",
      "no link of the index with the draw rate can be told from zero",
    ]));
  }
  const { expected_rho, power } = v.at_published;
  const verdicts = verdictsText(v);
  out.push(
    `The published 0.76 comes from engine self-play at the method's budgets; if the true correlation were 0.76, these ` +
      `scores could show ${expected_rho < 0.7 ? "only " : ""}about ${fix(expected_rho, 3)} (power ${
        power.toFixed(2)
      } to exclude 0). ` +
      `Verdict: ${verdicts.validation}; the index's claim: ${verdicts.claim}.`,
  );
  if (v.verdict.validation === "validated" || v.verdict.claim === "supported") {
    const word = v.verdict.validation === "validated" ? "Validated" : "Supported";
    const moves = r.between_estimable
      ? `the start position moves White's expected score by about ${pp(between)} (1 SD)`
      : "a spread of White's expected score between positions cannot even be estimated from these counts";
    // "not large" only where the correlation is weak by the stated bands (a strong one is large)
    const small = strength(e.rho, e.ci95_percentile) === "weak" ? ", not large" : "";
    out.push(
      `"${word}" here means detectable with ${int(v.games)} games${small}: rho(start eval, White's score) is ` +
        `${rhoText(e)} (${strength(e.rho, e.ci95_percentile)}) and rho(MBI, |score − 0.5|) ${
          rhoText(m)
        }, and ${moves}.`,
    );
  }
  // no banner here: the notebook that shows these opens with its own, and each block's heading names its dataset
  return out;
}

/** The correlations that notebook 07 compares across datasets, with their labels. */
const ACROSS = [
  ["eval_vs_score", "rho(start eval, White's score)"],
  ["mbi_vs_imbalance", "rho(MBI, |score − 0.5|)"],
  ["mbi_vs_draw_rate", "rho(MBI, draw rate)"],
] as const;

/**
 * Whether the validation files of several datasets (other budgets, other engines) against one table tell them apart:
 * per correlation, the range of the estimates and whether every pair of 95% intervals overlaps (then this check cannot
 * tell them apart), else the pairs that do not (a hint of a difference; no test of it is made).
 */
export function acrossDatasets(files: readonly OutcomeValidation[]): string[] {
  if (files.length < 2) return [];
  const out: string[] = [];
  for (const [key, label] of ACROSS) {
    const xs = files.flatMap((f) => {
      const c = f[key];
      // each dataset in readers' words: its engine at its budget
      const words = datasetPhrase(f.dataset.engine, f.dataset.limit);
      return c && rhoDefined(c) ? [{ words, rho: c.rho, ci: c.ci95_percentile }] : [];
    });
    if (xs.length < 2) continue;
    const byRho = [...xs].sort((a, b) => a.rho - b.rho);
    const lo = byRho[0], hi = byRho[byRho.length - 1];
    const range = `from ${fix(lo.rho, 3)} (${lo.words}) to ${
      fix(hi.rho, 3)
    } (${hi.words}) across ${xs.length} datasets`;
    const apart: string[] = [];
    xs.forEach((a, i) =>
      xs.slice(i + 1).forEach((b) => {
        if (a.ci[1] < b.ci[0] || b.ci[1] < a.ci[0]) apart.push(`${a.words} ${iv(a.ci)} and ${b.words} ${iv(b.ci)}`);
      })
    );
    if (apart.length === 0) {
      const common: [number, number] = [Math.max(...xs.map((x) => x.ci[0])), Math.min(...xs.map((x) => x.ci[1]))];
      out.push(
        `${label}: ${range}; every 95% interval holds ${iv(common)}, so on these games this check does not tell ` +
          `the datasets (their engines and budgets) apart.`,
      );
    } else {
      const pairs = apart.slice(0, 6).join("; ") + (apart.length > 6 ? `; and ${apart.length - 6} more` : "");
      out.push(
        `${label}: ${range}; ${apart.length} pair${apart.length > 1 ? "s" : ""} of intervals do not overlap ` +
          `(${pairs}) — a hint that those datasets differ here, not a test of the difference.`,
      );
    }
  }
  return out;
}
