/**
 * What notebook 07 shows, computed: the shipped outcome tables (built when
 * missing), the validation of a profile's dataset against every table (in
 * memory: the committed validation files come from `deno task validate`),
 * the validation files of all datasets, the rows that put the external
 * figures beside self-play and the published 0.76, and the findings in words.
 *
 * @module
 */

import {
  evalBudgetText,
  type Profile,
  rhoDefined,
  type RhoEstimate,
  rhoInterval,
  rhoText,
  verdictsText,
} from "../method/mod.ts";
import { join } from "node:path";
import { MbiError, repoPath } from "../core/mod.ts";
import { type SearchLimit } from "../engine/mod.ts";
import {
  baseProfileName,
  datasetFolder,
  evalFolderName,
  isPrivateOutcomeTable,
  listOutcomeTables,
  outcomePaths,
  type OutcomeTable,
  readOutcomeTable,
  scanDatasets,
} from "../store/mod.ts";
import { bestReferenceProfile, type Correlation, PUBLISHED, readSummary, type Summary } from "../analysis/mod.ts";
import { buildOutcomesFromTable } from "./build.ts";
import {
  type OutcomeValidation,
  resolveDataset,
  type ResolvedDataset,
  validateOutcomes,
  type ValidationPair,
} from "./validate.ts";
import { fix, iv } from "../core/format.ts";

/** Per-position tables shipped in `data/`, with their names and attribution. */
export const SHIPPED_TABLES = [{
  name: "lichess-2020-human",
  file: "data/lichess-human-by-setup.csv",
  description:
    "4,568,750 human Chess960 games on Lichess (the open database up to spring 2020), counted per start position",
  origin:
    "github.com/welyab/chess960-win-by-position-setup, commit f53ce97, README results table; Apache License 2.0 (data/lichess-human-by-setup.NOTICE.md)",
}];

/** The shipped table a path names, if any (so `outcomes --table data/…` gets its name and attribution). */
export function shippedTable(path: string) {
  return SHIPPED_TABLES.find((t) => repoPath(t.file) === (path.startsWith("/") ? path : join(Deno.cwd(), path)));
}

/** Builds the shipped tables that are missing under the results root; returns the names built. */
export async function ensureShippedTables(): Promise<string[]> {
  const have = new Set(listOutcomeTables());
  const built: string[] = [];
  for (const t of SHIPPED_TABLES) {
    if (have.has(t.name)) continue;
    await buildOutcomesFromTable(repoPath(t.file), { name: t.name, description: t.description, origin: t.origin });
    built.push(t.name);
  }
  return built;
}

/** One outcome table and the profile's dataset validated against it. */
export interface TableReport {
  /** The table. */
  table: OutcomeTable;
  /** The validation (computed here, not written). */
  validation: OutcomeValidation;
  /** The positions correlated. */
  pairs: ValidationPair[];
  /** The committed validation files of every dataset against this table. */
  files: OutcomeValidation[];
  /** Which complete datasets those files cover, and which are missing. */
  coverage: ValidationCoverage;
  /** A private table: no per-position rows or pairs here (never published), its validation read from its file. */
  private: boolean;
}

/** Which datasets of the results root have a validation file against a table. */
export interface ValidationCoverage {
  /** Complete stage-1 datasets found (results keys, sorted). */
  complete: string[];
  /** Of those, the ones with a validation file. */
  validated: string[];
  /** Complete datasets without a validation file. */
  missing: string[];
  /** Datasets still being computed (no validation expected yet). */
  partial: { key: string; done: number; planned: number }[];
  /** Validation files whose dataset is not complete here (or not found). */
  without_dataset: string[];
}

/** Compares the complete datasets with the validation files' datasets. */
export function validationCoverage(
  complete: readonly string[],
  partial: readonly { key: string; done: number; planned: number }[],
  files: readonly OutcomeValidation[],
): ValidationCoverage {
  const have = new Set(files.map((f) => f.dataset.key));
  const sorted = [...complete].sort();
  return {
    complete: sorted,
    validated: sorted.filter((k) => have.has(k)),
    missing: sorted.filter((k) => !have.has(k)),
    partial: [...partial].sort((a, b) => a.key.localeCompare(b.key)),
    without_dataset: [...have].filter((k) => !complete.includes(k)).sort(),
  };
}

/** The coverage in sentences, with the command that adds each missing file. */
export function coverageSentences(table: string, c: ValidationCoverage): string[] {
  const out = [
    `Complete datasets under the results root: ${c.complete.join(", ") || "none"}; with a validation file against ` +
    `${table}: ${c.validated.length} of ${c.complete.length}${
      c.validated.length ? ` (${c.validated.join(", ")})` : ""
    }.`,
  ];
  if (c.missing.length) {
    out.push(
      `Missing, so not in the table below: ${
        c.missing.map((k) => `${k} (deno task validate --evals ${k} --outcomes ${table})`).join("; ")
      }.`,
    );
  }
  if (c.partial.length) {
    out.push(
      `Still being computed, validated once complete: ${
        c.partial.map((p) => `${p.key} (${p.done} of ${p.planned} positions)`).join(", ")
      }.`,
    );
  }
  if (c.without_dataset.length) {
    out.push(`Validation files whose dataset is not complete here: ${c.without_dataset.join(", ")}.`);
  }
  return out;
}

/** Everything notebook 07 shows for a profile. */
export interface ExternalReport {
  /** The profile's stage-1 dataset. */
  dataset: ResolvedDataset;
  /** One entry per outcome table. */
  tables: TableReport[];
  /** The profile's self-play summary, when stage 5 has run. */
  selfplay: Summary | null;
  /** The best index here (results key; see `bestReferenceProfile`): its validation files come first. */
  best: string | null;
  /** Tables left out because they cannot be validated against this dataset, each with why (one line). */
  problems: { table: string; message: string }[];
}

async function validationFiles(table: string): Promise<OutcomeValidation[]> {
  const dir = outcomePaths(table).validation;
  const out: OutcomeValidation[] = [];
  try {
    for (const e of [...Deno.readDirSync(dir)].sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isFile && e.name.endsWith(".json")) out.push(JSON.parse(await Deno.readTextFile(join(dir, e.name))));
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return out;
}

/** Validation files with the best index's first, then the others by name. */
function sortBest(files: OutcomeValidation[], best: string | null): OutcomeValidation[] {
  return files.sort((a, b) =>
    Number(b.dataset.key === best) - Number(a.dataset.key === best) || a.dataset.key.localeCompare(b.dataset.key)
  );
}

/** Validates the profile's dataset against every outcome table (shipped ones built first). */
export async function externalValidation(profile: Profile, opts: { minGames?: number } = {}): Promise<ExternalReport> {
  await ensureShippedTables();
  const dataset = await resolveDataset(evalFolderName(profile));
  const scan = await scanDatasets({ includeCi: baseProfileName(profile) === "ci" });
  const complete = scan.complete.map((d) => datasetFolder(d));
  const partial = scan.partial.map((d) => ({
    key: datasetFolder(d),
    done: d.records.length,
    planned: d.header.positions.length,
  }));
  const best = (await bestReferenceProfile())?.profile.name ?? null;
  const tables: TableReport[] = [];
  const problems: ExternalReport["problems"] = [];
  for (const name of listOutcomeTables()) {
    // A private table's per-position values are never published: notebooks show its validation files only.
    if (await isPrivateOutcomeTable(name)) {
      const files = await validationFiles(name);
      const own = files.find((v) => v.dataset.key === dataset.key);
      if (!own) continue;
      const meta = JSON.parse(await Deno.readTextFile(outcomePaths(name).json));
      tables.push({
        table: { meta, rows: [], groups: [] },
        validation: own,
        pairs: [],
        files: sortBest(files, best),
        coverage: validationCoverage(complete, partial, files),
        private: true,
      });
      continue;
    }
    // one table that cannot be read or validated is reported in its place; the others are still shown
    let table, validation, pairs;
    try {
      table = await readOutcomeTable(name);
      ({ validation, pairs } = await validateOutcomes(dataset, name, {
        minGames: opts.minGames,
        resamples: profile.resamples,
        write: false,
      }));
    } catch (e) {
      if (!(e instanceof MbiError)) throw e;
      problems.push({ table: name, message: e.message });
      continue;
    }
    const files = sortBest(await validationFiles(name), best);
    tables.push({
      table,
      validation,
      pairs,
      files,
      coverage: validationCoverage(complete, partial, files),
      private: false,
    });
  }
  const selfplay = (await readSummary(profile)) ?? null;
  return { dataset, tables, selfplay, best, problems };
}

/** A row of the comparison of external, self-play and published figures. */
export interface ComparisonRow {
  /** Where the outcomes come from. */
  outcomes: string;
  /** Which evaluations. */
  evaluations: string;
  /** Positions. */
  positions: number | null;
  /** Games per position. */
  games_per_position: number | null;
  /** rho(eval, score) with its 95% interval (and why it is not defined, when it is not). */
  eval_vs_score: { rho: number; ci: [number, number]; not_defined?: string } | null;
  /** rho(MBI, |score − 0.5|) with its 95% interval (and why it is not defined, when it is not). */
  mbi_vs_imbalance: { rho: number; ci: [number, number]; not_defined?: string } | null;
  /** Reliability of the scores. */
  reliability: number | null;
  /** Its ceiling √R. */
  ceiling: number | null;
}

/** A correlation as a row of the comparison: rho, its interval, and why it is not defined when it is not. */
function cell(c: Correlation): NonNullable<ComparisonRow["eval_vs_score"]> {
  return { rho: c.rho, ci: c.ci95_percentile, ...(c.not_defined ? { not_defined: c.not_defined } : {}) };
}

/**
 * A correlation and its 95% interval as a table cell, `0.123 [-0.100, 0.300]`;
 * or, where it is not defined, why ("not defined: every position scored the same").
 */
export function correlationCell(c: RhoEstimate, ci: readonly [number, number]): string {
  return rhoInterval(c, ci);
}

/** External validation, the profile's self-play (stage 5) and the published figure, side by side. */
export function comparisonRows(v: OutcomeValidation, selfplay: Summary | null): ComparisonRow[] {
  const rows: ComparisonRow[] = [{
    outcomes: `${v.outcomes.name} (outcome table)`,
    evaluations: `${v.dataset.key}: ${v.dataset.budget}`,
    positions: v.positions,
    games_per_position: v.reliability.mean_games,
    eval_vs_score: cell(v.eval_vs_score),
    mbi_vs_imbalance: cell(v.mbi_vs_imbalance),
    reliability: v.reliability.reliability,
    ceiling: v.reliability.ceiling,
  }];
  if (selfplay) {
    rows.push({
      outcomes: `self-play of this profile (${selfplay.selfplay.nodes_per_move.toLocaleString("en-US")} nodes/move)`,
      evaluations: `${selfplay.profile}: ${evalBudgetText(selfplay.eval_limit as SearchLimit)}`,
      positions: selfplay.n_positions,
      games_per_position: selfplay.selfplay.games_per_position,
      eval_vs_score: cell(selfplay.eval_vs_score),
      mbi_vs_imbalance: cell(selfplay.mbi_vs_imbalance),
      reliability: null,
      ceiling: null,
    });
  }
  rows.push({
    outcomes: "published (the method's documents)",
    evaluations: PUBLISHED.budgets,
    positions: 60,
    games_per_position: 50,
    eval_vs_score: { rho: PUBLISHED.rho_eval_score, ci: PUBLISHED.ci95 },
    mbi_vs_imbalance: null,
    reliability: null,
    ceiling: null,
  });
  return rows;
}

const pp = (x: number) => `${(100 * x).toFixed(2)} percentage points`;

/**
 * The note a table needs when a few positions (at most 10) have fewer than
 * half the median number of games: named with their counts; null otherwise.
 * Shown by notebook 07 and on every page that shows the table.
 */
export function unevenlyCounted(rows: readonly { sp: number; games: number }[]): string | null {
  const t = thinlyCounted(rows);
  if (!t) return null;
  const { thin, median } = t;
  return `Unevenly counted: ${
    thin.map((x) => `SP ${x.sp} has ${x.games.toLocaleString("en-US")} games`).join(", ")
  }, ` +
    `against a median of ${median.toLocaleString("en-US")}; the table does not say why.`;
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

/** What a validation shows, in plain sentences computed from its numbers. */
export function findings(
  v: OutcomeValidation,
  rows: readonly { sp: number; games: number; white_score?: number }[],
): string[] {
  const r = v.reliability;
  const out: string[] = [];
  const between = Math.sqrt(r.between_variance), noise = Math.sqrt(r.sampling_variance);
  const observed = Math.sqrt(r.observed_variance);
  const scored = rows.filter((x) => typeof x.white_score === "number");
  const games = scored.reduce((a, x) => a + x.games, 0);
  const mean = games > 0 ? scored.reduce((a, x) => a + x.white_score! * x.games, 0) / games : null;
  out.push(
    `${v.positions} positions with at least ${v.min_games} games each (${v.games.toLocaleString("en-US")} games, ` +
      `${r.mean_games.toFixed(0)} per position on average) of "${v.outcomes.name}".`,
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
      `error of ${noise.toFixed(4)} per position, so the reliability of a position's score is ${
        fix(r.reliability, 3)
      } and no ` +
      `correlation with the scores can be expected above about ${fix(r.ceiling, 3)} (the ceiling √R).`,
  );
  out.push(
    `How large the start position's effect is: ${
      mean === null ? "" : `White scores ${(100 * mean).toFixed(2)}% over all games of the table; `
    }the positions' scores spread by an SD of ${pp(observed)} as counted, and ${
      r.between_estimable
        ? `by about ±${pp(between)} (1 SD) once the counting noise is taken out: that is how far the start position ` +
          `moves White's expected score`
        : "by no more than the counting noise: a spread between positions cannot be estimated from these counts"
    }.`,
  );
  const e = v.eval_vs_score;
  // a correlation that is not defined (a column of one value) is said so, and nothing is read from it
  const said = (label: string, c: Correlation) => `${label} is ${rhoText(c)}.`;
  if (!rhoDefined(e)) out.push(said("rho(start eval, White's score)", e));
  else {
    out.push(
      `rho(start eval, White's score) = ${fix(e.rho, 3)} ${iv(e.ci95_percentile)}: ` +
        (e.ci95_percentile[0] > 0
          ? "positions the engine rates better for White do score better for White"
          : e.ci95_percentile[1] < 0
          ? "positions the engine rates better for White score worse for White"
          : "no dependence that can be told from zero") +
        (r.ceiling > 0 ? ` (${Math.round((100 * e.rho) / r.ceiling)}% of the ceiling).` : "."),
    );
  }
  const m = v.mbi_vs_imbalance;
  if (!rhoDefined(m)) out.push(said("rho(MBI, |score − 0.5|)", m));
  else {
    out.push(
      `rho(MBI, |score − 0.5|) = ${fix(m.rho, 3)} ${iv(m.ci95_percentile)}: ` +
        (m.ci95_percentile[1] < 0
          ? "balanced starts (high MBI) do score closer to 50% — the index's claim holds in these games"
          : m.ci95_percentile[0] > 0
          ? "balanced starts score further from 50%, against the index's claim"
          : "whether balanced starts score closer to 50% cannot be told from these data") +
        ".",
    );
  }
  if (v.mbi_vs_draw_rate && !rhoDefined(v.mbi_vs_draw_rate)) out.push(said("rho(MBI, draw rate)", v.mbi_vs_draw_rate));
  else if (v.mbi_vs_draw_rate) {
    const d = v.mbi_vs_draw_rate;
    out.push(
      `rho(MBI, draw rate) = ${fix(d.rho, 3)} ${iv(d.ci95_percentile)}: ` +
        (d.ci95_percentile[0] > 0
          ? "balanced starts are drawn more often"
          : d.ci95_percentile[1] < 0
          ? "balanced starts are drawn less often"
          : "no link of the index with the draw rate can be told from zero") +
        ".",
    );
  }
  out.push(
    `The published 0.76 comes from engine self-play at the method's budgets; if the true correlation were 0.76, these ` +
      `scores could show only about ${fix(v.at_published.expected_rho, 3)} (power ${
        v.at_published.power.toFixed(2)
      } to exclude 0). Verdict: ${verdictsText(v).validation}; the index's claim: ${verdictsText(v).claim}.`,
  );
  if (v.verdict.validation === "validated" || v.verdict.claim === "supported") {
    out.push(
      `"${v.verdict.validation === "validated" ? "Validated" : "Supported"}" here means detectable with ${
        v.games.toLocaleString("en-US")
      } games, not large: rho(start eval, White's score) is ${rhoText(e)} and rho(MBI, |score − 0.5|) ${
        rhoText(m)
      }, and ${
        r.between_estimable
          ? `the start position moves White's expected score by about ${pp(between)} (1 SD)`
          : "a spread of White's expected score between positions cannot even be estimated from these counts"
      }.`,
    );
  }
  if (v.dataset.banner) out.push(`The evaluations are not the method's: ${v.dataset.banner}.`);
  return out;
}

/** The correlations that notebook 07 compares across datasets, with their labels. */
const ACROSS = [
  ["eval_vs_score", "rho(start eval, White's score)"],
  ["mbi_vs_imbalance", "rho(MBI, |score − 0.5|)"],
  ["mbi_vs_draw_rate", "rho(MBI, draw rate)"],
] as const;

/**
 * Whether the validation files of several datasets (other budgets, other
 * engines) against one table tell them apart: per correlation, the range of
 * the estimates and whether every pair of 95% intervals overlaps (then this
 * check cannot tell them apart), else the pairs that do not (a hint of a
 * difference; no test of it is made).
 */
export function acrossDatasets(files: readonly OutcomeValidation[]): string[] {
  if (files.length < 2) return [];
  const out: string[] = [];
  for (const [key, label] of ACROSS) {
    const xs = files.flatMap((f) => {
      const c = f[key];
      return c && rhoDefined(c) ? [{ key: f.dataset.key, rho: c.rho, ci: c.ci95_percentile }] : [];
    });
    if (xs.length < 2) continue;
    const byRho = [...xs].sort((a, b) => a.rho - b.rho);
    const lo = byRho[0], hi = byRho[byRho.length - 1];
    const range = `from ${fix(lo.rho, 3)} (${lo.key}) to ${fix(hi.rho, 3)} (${hi.key}) across ${xs.length} datasets`;
    const apart: string[] = [];
    xs.forEach((a, i) =>
      xs.slice(i + 1).forEach((b) => {
        if (a.ci[1] < b.ci[0] || b.ci[1] < a.ci[0]) apart.push(`${a.key} ${iv(a.ci)} and ${b.key} ${iv(b.ci)}`);
      })
    );
    if (apart.length === 0) {
      const common: [number, number] = [Math.max(...xs.map((x) => x.ci[0])), Math.min(...xs.map((x) => x.ci[1]))];
      out.push(
        `${label}: ${range}; every 95% interval holds ${iv(common)}, so on these games this check does not tell ` +
          `the datasets (their engines and budgets) apart.`,
      );
    } else {
      out.push(
        `${label}: ${range}; ${apart.length} pair${apart.length > 1 ? "s" : ""} of intervals do not overlap (${
          apart.slice(0, 6).join("; ")
        }${apart.length > 6 ? `; and ${apart.length - 6} more` : ""}) — a hint that those datasets differ here, ` +
          `not a test of the difference.`,
      );
    }
  }
  return out;
}
