/**
 * External validation: a stage-1 dataset (its evaluations and MBI) against an outcome table, over the positions with at
 * least `minGames` games — stage 5's correlations with the same seeded pairs bootstrap, plus rho(MBI, draw rate), and
 * the reliability of the table's scores with the ceiling it puts on any correlation (lib/method/reliability.ts, shared
 * with self-play); per time-control class and rating band too. Written to `outcomes/<table>/validation/<key>.json`.
 *
 * @module
 */

import { join, relative, resolve } from "node:path";
import { MbiError, sha256File } from "../core/mod.ts";
import { formatLimit, type SearchLimit } from "../engine/mod.ts";
import {
  bootstrapSpearman,
  budgetBanner,
  deriveMbi,
  evalBudgetText,
  METHOD_SEED,
  type OutcomeRow,
  outcomeRow,
  rowCounts,
  SAME_SCORES,
  type ScoreReliability,
  scoreReliability,
  whyNotDefined,
} from "../method/mod.ts";
import {
  type CodeVersion,
  codeVersion,
  displayPath,
  type EvalDataset,
  evalFilePath,
  getProfile,
  outcomePaths,
  profileDir,
  readEvalDataset,
  readOutcomeTable,
  recordedPath,
  resultsRoot,
  scanDatasets,
  writeJsonUnlessSame,
} from "../store/mod.ts";
import {
  analyse,
  type Correlation,
  correlation,
  imbalanceNotDefined,
  powerReport,
  PUBLISHED,
  REQUIRED_POWER,
  type Verdict,
} from "../analysis/mod.ts";

/** Schema version of validation files. */
export const VALIDATION_SCHEMA = 1;

/** Default minimum games per position. */
export const DEFAULT_MIN_GAMES = 20;

/** Fewest positions for a correlation within a group. */
export const MIN_GROUP_POSITIONS = 20;

/** A validation that cannot be made: a `validation` error. */
const invalid = (message: string) => new MbiError("validation", message);

/** A stage-1 dataset and the key its validation file is named by: its results key (folder name), or `file-<sha>` for a file outside the results root. */
export interface ResolvedDataset {
  dataset: EvalDataset;
  key: string;
}

/** The dataset an argument names: a results key (`quick`, `quick~eval500000`, `quick@sf18-wasm`) or a path to an evals.jsonl. */
export async function resolveDataset(arg: string): Promise<ResolvedDataset> {
  const isPath = arg.endsWith(".jsonl") || arg.includes("/");
  const path = isPath ? resolve(arg) : evalFilePath(profileDir(getProfile(arg)));
  const d = await readEvalDataset(path).catch((e) => {
    throw invalid((e as Error).message.split("\n")[0]);
  });
  if (!d) {
    const complete = (await scanDatasets()).complete.map((x) => relative(resultsRoot(), x.path).split("/")[0]);
    throw invalid(`no dataset at ${displayPath(path)} (complete datasets: ${complete.join(", ") || "none"})`);
  }
  const incomplete = d.missing.length + d.records.filter((r) => r.eval_cp === null).length;
  if (incomplete) {
    const why = `${incomplete} positions without a centipawn value`;
    throw invalid(`dataset ${displayPath(path)} is incomplete (${why}): the index needs all of them`);
  }
  const rel = relative(resultsRoot(), path).split("/");
  const key = rel.length === 2 && rel[1] === "evals.jsonl" && !rel[0].startsWith("..")
    ? rel[0]
    : `file-${(await sha256File(path)).slice(0, 12)}`;
  return { dataset: d, key };
}

/** One position as correlated: its SP, stage-1 value, index, and the table's row. */
export interface ValidationPair {
  sp: number;
  eval_cp: number;
  mbi: number;
  row: OutcomeRow;
}

/**
 * The correlations and reliability of one group of games (`kind` `all`, `time_control` or `rating_band`), over its
 * positions with at least the minimum games; a correlation is null below the minimum positions.
 */
export interface GroupValidation {
  kind: string;
  group: string;
  positions: number;
  games: number;
  white_score: number;
  eval_vs_score: Correlation | null;
  mbi_vs_imbalance: Correlation | null;
  reliability: ScoreReliability;
}

/**
 * A validation file: the table and the dataset, the positions used (in the table with at least min_games, and in the
 * dataset) and those left out, the bootstrap, the correlations (rho(MBI, |score − 0.5|) negative when balanced starts
 * score closer to 50%; rho(MBI, draw rate) positive when they are drawn more, null without draw counts), the
 * reliability (method of moments) and its ceiling √R, what this design would show at the published 0.76, the verdicts
 * by stage 5's rules (statistics.ts VERDICT_RULES), and the same per time-control class and rating band.
 */
export interface OutcomeValidation {
  kind: "mbi-outcome-validation";
  schema: number;
  outcomes: { name: string; description: string; json: string; sha256: string; games: number; positions: number };
  dataset: {
    key: string;
    path: string;
    sha256: string;
    profile: string;
    engine: string;
    limit: SearchLimit;
    budget: string;
    banner: string | null;
    positions: number;
  };
  min_games: number;
  positions: number;
  games: number;
  excluded: { fewer_games: number; not_in_dataset: number };
  resamples: number;
  seed: number;
  eval_vs_score: Correlation;
  mbi_vs_score: Correlation;
  mbi_vs_imbalance: Correlation;
  mbi_vs_draw_rate: Correlation | null;
  reliability: ScoreReliability;
  at_published: { true_rho: number; expected_rho: number; power: number };
  verdict: Verdict;
  groups: GroupValidation[];
  published: typeof PUBLISHED;
  code: CodeVersion;
}

/** Options of a validation: minimum games per position (default {@link DEFAULT_MIN_GAMES}), bootstrap resamples (default 10,000), and whether to write the file (default true; notebooks show without writing). */
export interface ValidateOptions {
  minGames?: number;
  resamples?: number;
  write?: boolean;
}

/** The file a validation is written to. */
export function validationPath(table: string, datasetKey: string): string {
  return join(outcomePaths(table).validation, `${datasetKey}.json`);
}

function groupValidation(
  kind: string,
  group: string,
  pairs: readonly ValidationPair[],
  resamples: number,
  stream: number,
): GroupValidation {
  const enough = pairs.length >= MIN_GROUP_POSITIONS;
  const score = pairs.map((p) => p.row.white_score);
  const games = pairs.reduce((a, p) => a + p.row.games, 0);
  const boot = (x: number[], y: number[], label: string, s: number, why: string | undefined) =>
    enough ? correlation(label, bootstrapSpearman(x, y, { resamples, seed: METHOD_SEED, stream: s }), why) : null;
  const evals = pairs.map((p) => p.eval_cp);
  const mbi = pairs.map((p) => p.mbi);
  const imbalance = score.map((s) => Math.abs(s - 0.5));
  const imbalanceWhy = imbalanceNotDefined(mbi, score);
  return {
    kind,
    group,
    positions: pairs.length,
    games,
    white_score: games ? pairs.reduce((a, p) => a + p.row.white_score * p.row.games, 0) / games : NaN,
    eval_vs_score: boot(evals, score, "rho(start eval, White score)", stream, whyNotDefined(evals, score, SAME_SCORES)),
    mbi_vs_imbalance: boot(mbi, imbalance, "rho(MBI, |White score - 0.5|)", stream + 1, imbalanceWhy),
    reliability: scoreReliability(pairs.map((p) => rowCounts(p.row))),
  };
}

/**
 * Validates one dataset against one outcome table and writes the validation file (unchanged content is not rewritten).
 * Returns it with the pairs used.
 */
export async function validateOutcomes(
  ds: ResolvedDataset,
  tableName: string,
  opts: ValidateOptions = {},
): Promise<{ validation: OutcomeValidation; pairs: ValidationPair[] }> {
  const minGames = opts.minGames ?? DEFAULT_MIN_GAMES;
  const resamples = opts.resamples ?? 10_000;
  const table = await readOutcomeTable(tableName);
  const { dataset, key } = ds;
  const index = new Map(deriveMbi(dataset.records).map((m) => [m.sp, m]));
  const toPairs = (rows: readonly OutcomeRow[]) =>
    rows.filter((r) => r.games >= minGames && index.has(r.sp)).map((row) => ({
      sp: row.sp,
      eval_cp: index.get(row.sp)!.eval_cp,
      mbi: index.get(row.sp)!.mbi,
      row,
    }));
  const pairs = toPairs(table.rows);
  if (pairs.length < 3) {
    throw invalid(
      `only ${pairs.length} positions of table "${tableName}" have at least ${minGames} games and a value in ${key}: ` +
        "a correlation needs at least 3 (lower --min-games or use a larger table)",
    );
  }
  const reliability = scoreReliability(pairs.map((p) => rowCounts(p.row)));
  // The same verdicts, rules and power as stage 5's (one implementation).
  const power = powerReport(reliability, pairs.length, reliability.mean_games);
  const design = power.this_design;
  const a = analyse(
    pairs.map((p) => ({ sp: p.sp, eval_cp: p.eval_cp, mbi: p.mbi, score: p.row.white_score })),
    resamples,
    METHOD_SEED,
    design.power < REQUIRED_POWER,
  );
  const mbis = pairs.map((p) => p.mbi);
  const draws = pairs.map((p) => p.row.draw_rate!);
  const drawBoot = () => bootstrapSpearman(mbis, draws, { resamples, seed: METHOD_SEED, stream: 4 });
  const sameDraws = "every position was drawn as often";
  const drawRate = pairs.every((p) => p.row.draw_rate !== null)
    ? correlation("rho(MBI, draw rate)", drawBoot(), whyNotDefined(mbis, draws, sameDraws))
    : null;

  // groups: all games, then each time-control class and rating band of the table
  const byGroup = new Map<string, OutcomeRow[]>();
  for (const g of table.groups) {
    const k = `${g.kind}\t${g.group}`;
    if (!byGroup.has(k)) byGroup.set(k, []);
    byGroup.get(k)!.push(outcomeRow(g.sp, { wins: g.white_wins, draws: g.draws, losses: g.black_wins }));
  }
  const groups = [...byGroup.entries()].sort().map(([k, rows], i) => {
    const [kind, group] = k.split("\t");
    return groupValidation(kind, group, toPairs(rows), resamples, 100 + 2 * i);
  });

  const h = dataset.header;
  const facts = { profile: key, evalLimit: h.config.limit, engine: h.engine.uci_name };
  const validation: OutcomeValidation = {
    kind: "mbi-outcome-validation",
    schema: VALIDATION_SCHEMA,
    outcomes: {
      name: tableName,
      description: table.meta.description,
      json: recordedPath(outcomePaths(tableName).json),
      sha256: await sha256File(outcomePaths(tableName).json),
      games: table.meta.totals.games,
      positions: table.meta.totals.positions,
    },
    dataset: {
      key,
      path: recordedPath(dataset.path),
      sha256: await sha256File(dataset.path),
      profile: h.profile,
      engine: h.engine.uci_name,
      limit: h.config.limit,
      budget: evalBudgetText(h.config.limit),
      banner: budgetBanner(facts),
      positions: dataset.records.length,
    },
    min_games: minGames,
    positions: pairs.length,
    games: pairs.reduce((s, p) => s + p.row.games, 0),
    excluded: {
      fewer_games: table.rows.filter((r) => r.games < minGames).length,
      not_in_dataset: table.rows.filter((r) => r.games >= minGames && !index.has(r.sp)).length,
    },
    resamples,
    seed: METHOD_SEED,
    eval_vs_score: a.eval_vs_score,
    mbi_vs_score: a.mbi_vs_score,
    mbi_vs_imbalance: a.mbi_vs_imbalance,
    mbi_vs_draw_rate: drawRate,
    reliability,
    at_published: { true_rho: PUBLISHED.rho_eval_score, expected_rho: design.expected_rho, power: design.power },
    verdict: a.verdict,
    groups,
    published: PUBLISHED,
    code: await codeVersion(),
  };
  if (opts.write === false) return { validation, pairs };
  const written = await writeJsonUnlessSame(validationPath(tableName, key), validation, ["code"]);
  return { validation: written, pairs };
}

/** Validates every complete dataset of the results root (the `ci` fixture left out) against one table. */
export async function validateAll(
  tableName: string,
  opts: ValidateOptions = {},
  log: (line: string) => void = console.error,
): Promise<OutcomeValidation[]> {
  const scan = await scanDatasets();
  for (const p of scan.problems) log(`skipped ${p.file}: ${p.reason}`);
  for (const d of scan.partial) {
    log(`skipped ${displayPath(d.path)}: incomplete (${d.missing.length} positions missing)`);
  }
  if (scan.complete.length === 0) {
    throw invalid(`no complete stage-1 dataset under ${resultsRoot()}: run deno task eval-all first`);
  }
  const out: OutcomeValidation[] = [];
  for (const d of scan.complete) {
    const key = relative(resultsRoot(), d.path).split("/")[0];
    log(`validating ${key} (${formatLimit(d.header.config.limit)}) against ${tableName} ...`);
    out.push((await validateOutcomes({ dataset: d, key }, tableName, opts)).validation);
  }
  return out;
}
