/**
 * What notebook 07 shows, computed: the shipped outcome tables (built when
 * missing), the validation of a profile's dataset against every table (in
 * memory: the committed validation files come from `deno task validate`),
 * the validation files of all datasets, the rows that put the external
 * figures beside self-play and the published 0.76, and the findings in words.
 *
 * @module
 */

import { join } from "node:path";
import { repoPath } from "../../core/paths.ts";
import type { Profile } from "../../method/profiles.ts";
import type { SearchLimit } from "../../engine/limit.ts";
import { evalBudgetText } from "../../method/labels.ts";
import { listOutcomeTables, outcomePaths, type OutcomeTable, readOutcomeTable } from "../../store/outcome_table.ts";
import { evalFolderName, summaryPath } from "../../store/results_key.ts";
import { PUBLISHED, type Summary } from "../statistics.ts";
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
}

/** Everything notebook 07 shows for a profile. */
export interface ExternalReport {
  /** The profile's stage-1 dataset. */
  dataset: ResolvedDataset;
  /** One entry per outcome table. */
  tables: TableReport[];
  /** The profile's self-play summary, when stage 5 has run. */
  selfplay: Summary | null;
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

/** Validates the profile's dataset against every outcome table (shipped ones built first). */
export async function externalValidation(profile: Profile, opts: { minGames?: number } = {}): Promise<ExternalReport> {
  await ensureShippedTables();
  const dataset = await resolveDataset(evalFolderName(profile));
  const tables: TableReport[] = [];
  for (const name of listOutcomeTables()) {
    const table = await readOutcomeTable(name);
    const { validation, pairs } = await validateOutcomes(dataset, name, {
      minGames: opts.minGames,
      resamples: profile.resamples,
      write: false,
    });
    tables.push({ table, validation, pairs, files: await validationFiles(name) });
  }
  const selfplay = await Deno.readTextFile(summaryPath(profile)).then(JSON.parse).catch(() => null) as Summary | null;
  return { dataset, tables, selfplay };
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
  /** rho(eval, score) with its 95% interval. */
  eval_vs_score: { rho: number; ci: [number, number] } | null;
  /** rho(MBI, |score − 0.5|) with its 95% interval. */
  mbi_vs_imbalance: { rho: number; ci: [number, number] } | null;
  /** Reliability of the scores. */
  reliability: number | null;
  /** Its ceiling √R. */
  ceiling: number | null;
}

/** External validation, the profile's self-play (stage 5) and the published figure, side by side. */
export function comparisonRows(v: OutcomeValidation, selfplay: Summary | null): ComparisonRow[] {
  const rows: ComparisonRow[] = [{
    outcomes: `${v.outcomes.name} (outcome table)`,
    evaluations: `${v.dataset.key}: ${v.dataset.budget}`,
    positions: v.positions,
    games_per_position: v.reliability.mean_games,
    eval_vs_score: { rho: v.eval_vs_score.rho, ci: v.eval_vs_score.ci95_percentile },
    mbi_vs_imbalance: { rho: v.mbi_vs_imbalance.rho, ci: v.mbi_vs_imbalance.ci95_percentile },
    reliability: v.reliability.reliability,
    ceiling: v.reliability.ceiling,
  }];
  if (selfplay) {
    rows.push({
      outcomes: `self-play of this profile (${selfplay.selfplay.nodes_per_move.toLocaleString("en-US")} nodes/move)`,
      evaluations: `${selfplay.profile}: ${evalBudgetText(selfplay.eval_limit as SearchLimit)}`,
      positions: selfplay.n_positions,
      games_per_position: selfplay.selfplay.games_per_position,
      eval_vs_score: { rho: selfplay.eval_vs_score.rho, ci: selfplay.eval_vs_score.ci95_percentile },
      mbi_vs_imbalance: { rho: selfplay.mbi_vs_imbalance.rho, ci: selfplay.mbi_vs_imbalance.ci95_percentile },
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

const f3 = (x: number) => x.toFixed(3);
const ci = (c: [number, number]) => `[${f3(c[0])}, ${f3(c[1])}]`;

/** What a validation shows, in plain sentences computed from its numbers. */
export function findings(v: OutcomeValidation, rows: readonly { sp: number; games: number }[]): string[] {
  const r = v.reliability;
  const out: string[] = [];
  const between = Math.sqrt(r.between_variance), noise = Math.sqrt(r.sampling_variance);
  out.push(
    `${v.positions} positions with at least ${v.min_games} games each (${v.games.toLocaleString("en-US")} games, ` +
      `${r.mean_games.toFixed(0)} per position on average) of "${v.outcomes.name}".`,
  );
  const sorted = rows.map((x) => x.games).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const thin = rows.filter((x) => x.games < median / 2);
  if (thin.length && thin.length <= 10) {
    out.push(
      `Unevenly counted: ${thin.map((x) => `SP ${x.sp} has ${x.games.toLocaleString("en-US")} games`).join(", ")}, ` +
        `against a median of ${median.toLocaleString("en-US")}; the table does not say why.`,
    );
  }
  const depends = r.reliability < 0.2
    ? "Outcomes hardly depend on the start position here"
    : r.reliability < 0.5
    ? "Outcomes depend on the start position, but weakly compared with the noise of the counts"
    : "Positions differ clearly in their outcomes";
  out.push(
    `${depends}: the true scores of the positions spread by about ${between.toFixed(4)} (SD), against a sampling ` +
      `error of ${noise.toFixed(4)} per position, so the reliability of a position's score is ${
        f3(r.reliability)
      } and no ` +
      `correlation with the scores can be expected above about ${f3(r.ceiling)} (the ceiling √R).`,
  );
  const e = v.eval_vs_score;
  out.push(
    `rho(start eval, White's score) = ${f3(e.rho)} ${ci(e.ci95_percentile)}: ` +
      (e.ci95_percentile[0] > 0
        ? "positions the engine rates better for White do score better for White"
        : e.ci95_percentile[1] < 0
        ? "positions the engine rates better for White score worse for White"
        : "no dependence that can be told from zero") +
      (r.ceiling > 0 ? ` (${Math.round((100 * e.rho) / r.ceiling)}% of the ceiling).` : "."),
  );
  const m = v.mbi_vs_imbalance;
  out.push(
    `rho(MBI, |score − 0.5|) = ${f3(m.rho)} ${ci(m.ci95_percentile)}: ` +
      (m.ci95_percentile[1] < 0
        ? "balanced starts (high MBI) do score closer to 50% — the index's claim holds in these games"
        : m.ci95_percentile[0] > 0
        ? "balanced starts score further from 50%, against the index's claim"
        : "whether balanced starts score closer to 50% cannot be told from these data") +
      ".",
  );
  if (v.mbi_vs_draw_rate) {
    const d = v.mbi_vs_draw_rate;
    out.push(
      `rho(MBI, draw rate) = ${f3(d.rho)} ${ci(d.ci95_percentile)}: ` +
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
      `scores could show only about ${f3(v.at_published.expected_rho)} (power ${
        v.at_published.power.toFixed(2)
      } to exclude 0). Verdict: ${v.verdict.validation}; the index's claim: ${v.verdict.claim}.`,
  );
  if (v.dataset.banner) out.push(`The evaluations are not the method's: ${v.dataset.banner}.`);
  return out;
}
