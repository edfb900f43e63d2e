/**
 * What notebook 07 shows, computed: the profile's dataset validated in memory against every outcome table (the shipped
 * ones built when missing; the committed files come from `deno task validate`), beside self-play and the published 0.76.
 *
 * @module
 */

import {
  datasetLabel,
  evalBudgetText,
  type Profile,
  type RhoEstimate,
  rhoInterval,
  verdictsText,
} from "../method/mod.ts";
import { join } from "node:path";
import { int, MbiError, repoPath } from "../core/mod.ts";
import { type SearchLimit } from "../engine/mod.ts";
import {
  baseProfileName,
  datasetFolder,
  evalFolderName,
  listOutcomeTables,
  outcomePaths,
  type OutcomeTable,
  type OutcomeTableMeta,
  progressText,
  readDirIfExists,
  readJsonIfExists,
  readOutcomeTable,
  scanDatasets,
  type ShownProgress,
  shownProgress,
  summarisedDesigns,
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

/**
 * One outcome table and the profile's dataset validated against it: the table, the validation (computed here, not
 * written), the positions correlated, the committed validation files of every dataset against this table, and which
 * complete datasets those files cover.
 */
export interface TableReport {
  table: OutcomeTable;
  validation: OutcomeValidation;
  pairs: ValidationPair[];
  files: OutcomeValidation[];
  coverage: ValidationCoverage;
  /** A private table: no per-position rows or pairs here (never published), its validation read from its file. */
  private: boolean;
}

/**
 * Which datasets of the results root have a validation file against a table: the complete stage-1 datasets (results
 * keys, sorted), those of them with a validation file and those without, the datasets still being computed (no
 * validation expected yet), and validation files whose dataset is not complete here (or not found).
 */
export type ValidationCoverage = ReturnType<typeof validationCoverage>;

/** Compares the complete datasets with the validation files' datasets. */
export function validationCoverage(
  complete: readonly string[],
  partial: readonly ({ key: string } & ShownProgress)[],
  files: readonly OutcomeValidation[],
) {
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
  // every complete dataset validated: said in a few words (the table below lists them); else which are
  const out = [
    !c.complete.length
      ? `No complete dataset under the results root to validate against ${table}.`
      : c.missing.length === 0
      ? `Every complete dataset here (${c.complete.length}) has a validation file against ${table}.`
      : `${c.validated.length} of the ${c.complete.length} complete datasets here have a validation file against ` +
        `${table}${c.validated.length ? ` (${c.validated.join(", ")})` : ""}.`,
  ];
  if (c.missing.length) {
    const commands = c.missing.map((k) => `${k} (deno task validate --evals ${k} --outcomes ${table})`);
    out.push(`Missing, so not in the table below: ${commands.join("; ")}.`);
  }
  if (c.partial.length) {
    const partial = c.partial.map((p) => `${p.key} (${progressText(p)})`);
    out.push(`Still being computed, validated once complete: ${partial.join(", ")}.`);
  }
  if (c.without_dataset.length) {
    out.push(`Validation files whose dataset is not complete here: ${c.without_dataset.join(", ")}.`);
  }
  return out;
}

/**
 * Everything notebook 07 shows for a profile: its stage-1 dataset, one entry per outcome table, the summaries of its
 * self-play (its own when stage 5 has run, then every other design summarised in its folder), the best index here (results key; see `bestReferenceProfile`: its validation files come first),
 * and the tables left out because they cannot be validated against this dataset, with why.
 */
export interface ExternalReport {
  dataset: ResolvedDataset;
  tables: TableReport[];
  selfplay: Summary[];
  best: string | null;
  problems: { table: string; message: string }[];
}

async function validationFiles(table: string): Promise<OutcomeValidation[]> {
  const dir = outcomePaths(table).validation;
  const out: OutcomeValidation[] = [];
  for (const e of readDirIfExists(dir).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isFile && e.name.endsWith(".json")) out.push(JSON.parse(await Deno.readTextFile(join(dir, e.name))));
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
export async function externalValidation(profile: Profile): Promise<ExternalReport> {
  await ensureShippedTables();
  const dataset = await resolveDataset(evalFolderName(profile));
  const scan = await scanDatasets({ includeCi: baseProfileName(profile) === "ci" });
  const complete = scan.complete.map((d) => datasetFolder(d));
  const partial = await Promise.all(
    scan.partial.map(async (d) => ({ key: datasetFolder(d), ...await shownProgress(d) })),
  );
  const best = (await bestReferenceProfile())?.profile.name ?? null;
  const tables: TableReport[] = [];
  const problems: ExternalReport["problems"] = [];
  // the files of every dataset against a table (sorted in place, the best index's first) and what they cover
  const withFiles = (files: OutcomeValidation[]) => ({
    files: sortBest(files, best),
    coverage: validationCoverage(complete, partial, files),
  });
  for (const name of listOutcomeTables()) {
    // A private table's per-position values are never published: notebooks show its validation files only.
    const meta = await readJsonIfExists<OutcomeTableMeta>(outcomePaths(name).json).catch(() => undefined);
    if (meta?.private === true) {
      const files = await validationFiles(name);
      const own = files.find((v) => v.dataset.key === dataset.key);
      if (!own) continue;
      const table = { meta, rows: [], groups: [] };
      tables.push({ table, validation: own, pairs: [], ...withFiles(files), private: true });
      continue;
    }
    // one table that cannot be read or validated is reported in its place; the others are still shown
    let table, validation, pairs;
    try {
      table = await readOutcomeTable(name);
      ({ validation, pairs } = await validateOutcomes(dataset, name, { resamples: profile.resamples, write: false }));
    } catch (e) {
      if (!(e instanceof MbiError)) throw e;
      problems.push({ table: name, message: e.message });
      continue;
    }
    tables.push({ table, validation, pairs, ...withFiles(await validationFiles(name)), private: false });
  }
  const designs = summarisedDesigns(profile); // the method's design first
  const summaries = await Promise.all([profile, ...designs].map((p) => readSummary(p)));
  const selfplay = summaries.filter((s): s is Summary => s !== undefined && s !== null);
  return { dataset, tables, selfplay, best, problems };
}

/**
 * A row of the comparison of external, self-play and published figures, flat for a frame: each correlation with its
 * 95% interval (null where it is not defined or not published; `note` says why), the scores' reliability and ceiling.
 */
export interface ComparisonRow {
  outcomes: string;
  evaluations: string;
  positions: number;
  games_per_position: number;
  rho_eval_score: number | null;
  lo: number | null;
  hi: number | null;
  rho_mbi_imbalance: number | null;
  imbalance_lo: number | null;
  imbalance_hi: number | null;
  reliability: number | null;
  ceiling: number | null;
  note: string | null;
}

/** A correlation as rho and its 95% interval, nulls where it is not defined (or not there). */
function triple(c: Correlation | null): [number | null, number | null, number | null] {
  return c && !c.not_defined ? [c.rho, ...c.ci95_percentile] : [null, null, null];
}

/**
 * A correlation and its 95% interval as a table cell, `0.123 [-0.100, 0.300]`; or, where it is not defined, why ("not
 * defined: every position scored the same").
 */
export const correlationCell: (c: RhoEstimate, ci: readonly [number, number]) => string = rhoInterval;

/**
 * The outcome tables against one dataset, one row each, then the dataset's self-play designs (stage 5) and the
 * published figure: every row names its games and its evaluations in words (engine and budget).
 */
export function comparisonRows(
  validations: readonly OutcomeValidation[],
  selfplay: readonly Summary[],
): ComparisonRow[] {
  const row = (
    head: Pick<ComparisonRow, "outcomes" | "evaluations" | "positions" | "games_per_position">,
    evalScore: Correlation | null,
    mbiImbalance: Correlation | null,
    reliability: { reliability: number; ceiling: number } | null,
  ): ComparisonRow => {
    const [rho_eval_score, lo, hi] = triple(evalScore);
    const [rho_mbi_imbalance, imbalance_lo, imbalance_hi] = triple(mbiImbalance);
    const why = [evalScore, mbiImbalance].filter((c) => c?.not_defined).map((c) => `${c!.label}: ${c!.not_defined}`);
    return {
      ...head,
      rho_eval_score,
      lo,
      hi,
      rho_mbi_imbalance,
      imbalance_lo,
      imbalance_hi,
      reliability: reliability?.reliability ?? null,
      ceiling: reliability?.ceiling ?? null,
      note: why.length ? `not defined: ${why.join("; ")}` : null,
    };
  };
  const rows = validations.map((v) =>
    row(
      {
        outcomes: `${v.outcomes.name} (outcome table)`,
        evaluations: datasetLabel(v.dataset.engine, v.dataset.budget),
        positions: v.positions,
        games_per_position: v.reliability.mean_games,
      },
      v.eval_vs_score,
      v.mbi_vs_imbalance,
      v.reliability,
    )
  );
  // the designs of the dataset the tables were validated against: its engine
  const engine = validations[0]?.dataset.engine;
  for (const s of selfplay) {
    const { games_per_position, nodes_per_move } = s.selfplay;
    rows.push(row(
      {
        outcomes: `self-play, ${s.n_positions} × ${games_per_position} games at ${int(nodes_per_move)} nodes/move`,
        evaluations: [engine, evalBudgetText(s.eval_limit as SearchLimit)].filter(Boolean).join(", "),
        positions: s.n_positions,
        games_per_position,
      },
      s.eval_vs_score,
      s.mbi_vs_imbalance,
      s.reliability.between_estimable ? s.reliability : null,
    ));
  }
  rows.push({
    outcomes: "published (the method's documents)",
    evaluations: PUBLISHED.budgets,
    positions: 60,
    games_per_position: 50,
    rho_eval_score: PUBLISHED.rho_eval_score,
    lo: PUBLISHED.ci95[0],
    hi: PUBLISHED.ci95[1],
    rho_mbi_imbalance: null,
    imbalance_lo: null,
    imbalance_hi: null,
    reliability: null,
    ceiling: null,
    note: "rho(MBI, |score − 0.5|) not published",
  });
  return rows;
}

/**
 * What each outcome table read and kept, flat for a frame: its source (file, size, SHA-256), games read and kept, the
 * games left out with their reasons, positions, games per position, White's score, draw rate and where a damaged
 * source ended.
 */
export function tableReadRows(tables: readonly Pick<TableReport, "table">[]) {
  return tables.map(({ table: { meta: m } }) => ({
    table: m.name,
    what: m.description,
    source: m.source.file,
    bytes: m.source.bytes,
    sha256: m.source.sha256,
    read: m.counts.read,
    kept: m.counts.kept,
    left_out: Object.entries(m.counts.skipped).map(([r, n]) => `${int(n)} ${r}`).join("; ") || "none",
    positions: m.totals.positions,
    games_min: m.totals.games_per_position.min,
    games_median: m.totals.games_per_position.median,
    games_max: m.totals.games_per_position.max,
    white_score: m.totals.white_score,
    draw_rate: m.totals.draw_rate ?? null,
    damaged: m.damaged ? `ended at byte ${int(m.damaged.compressed_bytes_read)}: ${m.damaged.message}` : "no",
  }));
}

/**
 * Every table's committed validation files as flat rows for a frame (notebook 07): the table, the dataset (its key,
 * words and whether it is the best index here), the three correlations with their 95% percentile intervals, the
 * scores' reliability and ceiling, and both verdicts as every place words them.
 */
export function validationFileRows(tables: readonly TableReport[], best: string | null) {
  return tables.flatMap(({ table, files }) =>
    files.map((v) => {
      const { validation, claim } = verdictsText(v);
      return {
        table: table.meta.name,
        dataset: v.dataset.key,
        best_index: v.dataset.key === best,
        engine: v.dataset.engine,
        budget: v.dataset.budget,
        positions: v.positions,
        rho_eval_score: v.eval_vs_score.rho,
        lo: v.eval_vs_score.ci95_percentile[0],
        hi: v.eval_vs_score.ci95_percentile[1],
        rho_mbi_imbalance: v.mbi_vs_imbalance.rho,
        imbalance_lo: v.mbi_vs_imbalance.ci95_percentile[0],
        imbalance_hi: v.mbi_vs_imbalance.ci95_percentile[1],
        rho_mbi_draw_rate: v.mbi_vs_draw_rate?.rho ?? null,
        reliability: v.reliability.reliability,
        ceiling: v.reliability.ceiling,
        validation,
        claim,
      };
    })
  );
}
