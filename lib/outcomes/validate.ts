/**
 * External validation: a stage-1 dataset (its evaluations and the MBI derived
 * from them) against an outcome table, over the positions with at least
 * `minGames` games — the correlations of stage 5 with the same seeded pairs
 * bootstrap (rho(eval, score), rho(MBI, score), rho(MBI, |score − 0.5|)),
 * plus rho(MBI, draw rate); the reliability of the table's scores and the
 * ceiling it puts on any correlation (lib/method/reliability.ts, the one
 * implementation shared with self-play); the same per time-control class and
 * rating band when the table has them. Written with provenance to
 * `<results>/outcomes/<table>/validation/<dataset-key>.json`.
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

/** A stage-1 dataset and the key its validation file is named by. */
export interface ResolvedDataset {
  /** The dataset. */
  dataset: EvalDataset;
  /** Its results key (folder name), or `file-<sha>` for a file outside the results root. */
  key: string;
}

/** The dataset an argument names: a results key (`quick`, `quick~eval500000`, `quick@sf18-wasm`) or a path to an evals.jsonl. */
export async function resolveDataset(arg: string): Promise<ResolvedDataset> {
  const isPath = arg.endsWith(".jsonl") || arg.includes("/");
  const path = isPath ? resolve(arg) : evalFilePath(profileDir(getProfile(arg)));
  let d: EvalDataset | undefined;
  try {
    d = await readEvalDataset(path);
  } catch (e) {
    throw new MbiError("validation", (e as Error).message.split("\n")[0]);
  }
  if (!d) {
    const complete = (await scanDatasets()).complete.map((x) => relative(resultsRoot(), x.path).split("/")[0]);
    throw new MbiError(
      "validation",
      `no dataset at ${displayPath(path)} (complete datasets: ${complete.join(", ") || "none"})`,
    );
  }
  const incomplete = d.missing.length + d.records.filter((r) => r.eval_cp === null).length;
  if (incomplete) {
    throw new MbiError(
      "validation",
      `dataset ${
        displayPath(path)
      } is incomplete (${incomplete} positions without a centipawn value): the index needs all of them`,
    );
  }
  const rel = relative(resultsRoot(), path).split("/");
  const key = rel.length === 2 && rel[1] === "evals.jsonl" && !rel[0].startsWith("..")
    ? rel[0]
    : `file-${(await sha256File(path)).slice(0, 12)}`;
  return { dataset: d, key };
}

/** One position as correlated. */
export interface ValidationPair {
  /** Start position. */
  sp: number;
  /** Stage-1 value. */
  eval_cp: number;
  /** The index. */
  mbi: number;
  /** The table's row. */
  row: OutcomeRow;
}

/** The correlations and reliability of one group of games (all games, a time-control class, a rating band). */
export interface GroupValidation {
  /** `all`, `time_control` or `rating_band`. */
  kind: string;
  /** The group (`all` for all games). */
  group: string;
  /** Positions with at least the minimum games. */
  positions: number;
  /** Games at those positions. */
  games: number;
  /** White's score over those games. */
  white_score: number;
  /** rho(eval, score); null when fewer than the minimum positions. */
  eval_vs_score: Correlation | null;
  /** rho(MBI, |score − 0.5|). */
  mbi_vs_imbalance: Correlation | null;
  /** Reliability of the scores. */
  reliability: ScoreReliability;
}

/** A validation file. */
export interface OutcomeValidation {
  /** File kind. */
  kind: "mbi-outcome-validation";
  /** Schema version. */
  schema: number;
  /** The outcome table. */
  outcomes: { name: string; description: string; json: string; sha256: string; games: number; positions: number };
  /** The dataset. */
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
  /** Minimum games of a position to be used. */
  min_games: number;
  /** Positions used (in the table with at least min_games, and in the dataset). */
  positions: number;
  /** Games at the positions used. */
  games: number;
  /** Positions of the table left out, by reason. */
  excluded: { fewer_games: number; not_in_dataset: number };
  /** Bootstrap resamples and seed. */
  resamples: number;
  /** Bootstrap seed. */
  seed: number;
  /** rho(start eval, White score). */
  eval_vs_score: Correlation;
  /** rho(MBI, White score), with its own sign. */
  mbi_vs_score: Correlation;
  /** rho(MBI, |White score − 0.5|): negative when balanced starts score closer to 50%. */
  mbi_vs_imbalance: Correlation;
  /** rho(MBI, draw rate): positive when balanced starts are drawn more; null without draw counts. */
  mbi_vs_draw_rate: Correlation | null;
  /** Reliability of the outcome scores (method of moments) and its ceiling √R. */
  reliability: ScoreReliability;
  /** What this design would show if the true rho(eval, score) were the published 0.76. */
  at_published: { true_rho: number; expected_rho: number; power: number };
  /** Computed verdicts, by stage 5's rules (see statistics.ts VERDICT_RULES). */
  verdict: Verdict;
  /** All games and each time-control class and rating band. */
  groups: GroupValidation[];
  /** The method's published figures. */
  published: typeof PUBLISHED;
  /** Code that computed it. */
  code: CodeVersion;
}

/** Options of a validation. */
export interface ValidateOptions {
  /** Minimum games per position (default {@link DEFAULT_MIN_GAMES}). */
  minGames?: number;
  /** Bootstrap resamples (default 10,000). */
  resamples?: number;
  /** Write the validation file (default true; notebooks show without writing). */
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
  return {
    kind,
    group,
    positions: pairs.length,
    games,
    white_score: games ? pairs.reduce((a, p) => a + p.row.white_score * p.row.games, 0) / games : NaN,
    eval_vs_score: boot(
      evals,
      score,
      "rho(start eval, White score)",
      stream,
      whyNotDefined(evals, score, SAME_SCORES),
    ),
    mbi_vs_imbalance: boot(
      mbi,
      score.map((s) => Math.abs(s - 0.5)),
      "rho(MBI, |White score - 0.5|)",
      stream + 1,
      imbalanceNotDefined(mbi, score),
    ),
    reliability: scoreReliability(pairs.map((p) => rowCounts(p.row))),
  };
}

/**
 * Validates one dataset against one outcome table and writes the validation
 * file (unchanged content is not rewritten). Returns it with the pairs used.
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
    throw new MbiError(
      "validation",
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
  const withDraws = pairs.every((p) => p.row.draw_rate !== null);
  const drawRate = withDraws
    ? correlation(
      "rho(MBI, draw rate)",
      bootstrapSpearman(pairs.map((p) => p.mbi), pairs.map((p) => p.row.draw_rate!), {
        resamples,
        seed: METHOD_SEED,
        stream: 4,
      }),
      whyNotDefined(pairs.map((p) => p.mbi), pairs.map((p) => p.row.draw_rate!), "every position was drawn as often"),
    )
    : null;

  // groups: all games, then each time-control class and rating band of the table
  const groups: GroupValidation[] = [];
  const byGroup = new Map<string, OutcomeRow[]>();
  for (const g of table.groups) {
    const k = `${g.kind}\t${g.group}`;
    if (!byGroup.has(k)) byGroup.set(k, []);
    byGroup.get(k)!.push(outcomeRow(g.sp, { wins: g.white_wins, draws: g.draws, losses: g.black_wins }));
  }
  let stream = 100;
  for (const [k, rows] of [...byGroup.entries()].sort()) {
    const [kind, group] = k.split("\t");
    groups.push(groupValidation(kind, group, toPairs(rows), resamples, stream));
    stream += 2;
  }

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
    throw new MbiError(
      "validation",
      `no complete stage-1 dataset under ${resultsRoot()}: run deno task eval-all first`,
    );
  }
  const out: OutcomeValidation[] = [];
  for (const d of scan.complete) {
    const key = relative(resultsRoot(), d.path).split("/")[0];
    log(`validating ${key} (${formatLimit(d.header.config.limit)}) against ${tableName} ...`);
    out.push((await validateOutcomes({ dataset: d, key }, tableName, opts)).validation);
  }
  return out;
}
