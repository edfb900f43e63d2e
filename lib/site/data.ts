/**
 * Everything the published page and the dataset card show about one profile,
 * gathered from its result files (and the other complete datasets and outcome
 * tables under the results root): read only, nothing is computed that a stage
 * has not already computed, except the PV in SAN and each dataset's index.
 *
 * @module
 */

import {
  type DistributionSummary,
  readReproduceRecord,
  readSummary,
  readVerifyRecord,
  type ReproduceRecord,
  requireCurrent,
  type Summary,
  type VerifyRecord,
} from "../analysis/mod.ts";
import { basename, join, relative, sep } from "node:path";
import { type EngineIdentity, formatLimit, loadRegistry } from "../engine/mod.ts";
import { pathExists } from "../core/mod.ts";
import {
  bestmoveOffPv,
  budgetBanner,
  deriveMbi,
  formatBudgets,
  formatOptions,
  GameState,
  POSITION_COUNT,
} from "../method/mod.ts";
import {
  type CodeVersion,
  datasetFolder,
  type DatasetScan,
  describedAs,
  displayPath,
  type EvalDataset,
  type InputFile,
  isOtherBudget,
  listOutcomeTables,
  mbiPaths,
  mbiRowsHash,
  type MbiTable,
  type MbiTableRow,
  outcomePaths,
  outcomeWho,
  PEER_KEY,
  peerDataset,
  publishedPaths,
  readJsonIfExists,
  readMbiTable,
  recordedInputPath,
  recordedPath,
  type ResolvedDataset,
  resultsRoot,
  rowInterval,
  sameSetDatasets,
  scanDatasets,
} from "../store/mod.ts";
import {
  type ComparisonRow,
  computeLimitations,
  designComparison,
  designResults,
  type Limitation,
  type MethodSnapshot,
  methodSnapshot,
} from "../report/mod.ts";
import { type OutcomeTable, readOutcomeTables } from "./outcome_tables.ts";
import { readSelfplayResults, selfplayBudget, type SelfplayResults } from "../selfplay/mod.ts";
import { type OutcomeValidation } from "../outcomes/mod.ts";
import { type SiteDesign, siteDesigns } from "./designs.ts";
import { type DownloadFile, downloads, type HeldFile, heldFiles, privateSources } from "./data_files.ts";

/** One position as the page shows it: its row of the MBI table, and more. */
export interface SitePosition extends MbiTableRow {
  /** Lower end of the MBI interval, when the table has one. */
  mbi_lo: number | null;
  /** Upper end of the MBI interval, when the table has one. */
  mbi_hi: number | null;
  /** Depth of the last completed iteration. */
  depth: number;
  /** Nodes searched. */
  nodes: number | null;
  /** Principal variation in SAN (empty when it could not be read). */
  pv_san: string[];
}

/** Another complete dataset over the same positions. */
export interface OtherDataset {
  /** Folder under the results root. */
  folder: string;
  /** Engine name. */
  engine: string;
  /** Bench fingerprint. */
  fingerprint: number | null;
  /** Search limit in words. */
  limit: string;
  /** Node budget per position (null for a depth-limited dataset). */
  nodes: number | null;
  /** Same engine at another budget, or another engine. */
  relation: "budget" | "engine" | "peer";
  /** Per SP: eval, MBI and interval (when that table has one). */
  bySp: Record<number, { eval_cp: number; mbi: number; mbi_lo: number | null; mbi_hi: number | null }>;
}

/** One external validation of this dataset (`results/outcomes/<table>/validation/<dataset>.json`). */
export interface SiteValidation {
  /** The outcome table. */
  table: string;
  /** Who played its games, in readers' words ("Stockfish 17.1 self-play games"). */
  who: string;
  /** The validation file (display path). */
  file: string;
  /** Positions and games used. */
  positions: number;
  /** Games. */
  games: number;
  /** rho(eval, score) and rho(MBI, |score − 0.5|) with their 95% percentile intervals. */
  eval_vs_score: { rho: number; ci95_percentile: [number, number] };
  /** rho(MBI, |score − 0.5|). */
  mbi_vs_imbalance: { rho: number; ci95_percentile: [number, number] };
  /** Reliability and ceiling of the table's scores. */
  reliability: number;
  /** √reliability. */
  ceiling: number;
  /** The computed verdicts. */
  verdict: { validation: string; claim: string };
}

/** All the page and the card show about a profile. */
export interface SiteData {
  /** Profile (results key). */
  profile: string;
  /** The profile folder's name under the results root. */
  folder: string;
  /** Engine identity from the stage-1 header. */
  engine: EngineIdentity;
  /** Search limit per position, in words. */
  limit: string;
  /** Node budget per position (null for a depth-limited dataset). */
  nodes: number | null;
  /** Budgets in words, each beside the method's. */
  budgets: string;
  /** The MBI table's rows hash (see MBI_ROWS_HASH_TEXT): what self-play records of the table it played from. */
  rows_sha256: string;
  /** The "not the method's results" banner, or null at the method's budgets. */
  banner: string | null;
  /** Its short form (the budgets, without the profile), repeated where the long one is off-screen (one position's view). */
  banner_short: string | null;
  /** UCI options for people. */
  options: string;
  /** Code versions that wrote the stage-1 file and the MBI table. */
  code: { evals: CodeVersion; mbi: CodeVersion };
  /** When stage 1 started. */
  created: string;
  /** Input files of stage 1 with their hashes. */
  inputs: InputFile[];
  /** Number of positions. */
  n: number;
  /** The MBI table's definition (edge, rank, MBI, rounding). */
  definition: MbiTable["definition"];
  /** How the per-position interval is defined, when the table has one. */
  uncertainty: string | null;
  /** The number of last completed iterations the interval spans, when the table says. */
  interval_iterations: number | null;
  /** The positions, by SP. */
  positions: SitePosition[];
  /** The positions whose engine `bestmove` is not the PV's first move, with that move in SAN (see `bestmoveOffPv`). */
  bestmove_off_pv: { sp: number; bestmove: string }[];
  /** Stage 2 summary, when present. */
  distribution?: DistributionSummary;
  /** Stage 5 summary, when present. */
  summary?: Summary;
  /** The summary file's name (overrides name it differently). */
  summaryFile: string;
  /** Stage 4 results, when present. */
  selfplay?: SelfplayResults;
  /** Other complete datasets over the same positions. */
  others: OtherDataset[];
  /** Outcome tables. */
  outcomes: OutcomeTable[];
  /** Limitations computed from the data, each with its files as links from the page (null: no such file now). */
  limitations: (Limitation & { links: { file: string; href: string | null }[] })[];
  /** The last `deno task reproduce`, when there was one. */
  reproduce?: ReproduceRecord;
  /** Files offered for download. */
  files: DownloadFile[];
  /** Other files of the profile folder the card describes (only those present). */
  held: HeldFile[];
  /** External validations of this dataset against every outcome table that has one. */
  validations: SiteValidation[];
  /** The recorded verify-reproduce checks of single positions, when there are any. */
  verified?: VerifyRecord;
  /** Other self-play designs of this dataset that stage 5 has summarised, with the method's budget on their positions. */
  designs: SiteDesign[];
  /** Private outcome tables with a page per position in their source (label, address template). */
  sources: { label: string; template: string }[];
  /** The method's run as far as `partial.json` takes it (an index of the reference engine only; null otherwise or without it). */
  method: MethodSnapshot | null;
  /** Those designs and the ones being played side by side with the published figure, each row with its file (display path) and link from the page. */
  comparison: (ComparisonRow & {
    file: string | null;
    href: string | null;
    prediction_file: string | null;
    prediction_href: string | null;
  })[];
}

/** The principal variation in SAN, played from the start FEN with the project's rules (empty if a move is not legal). */
export function pvSan(fen: string, pv: readonly string[]): string[] {
  try {
    const game = new GameState(fen);
    return pv.map((m) => game.play(m));
  } catch {
    return [];
  }
}

const nodesOf = (limit: EvalDataset["header"]["config"]["limit"]) => ("nodes" in limit ? limit.nodes : null);

async function otherDataset(d: EvalDataset, o: EvalDataset): Promise<OtherDataset> {
  const folder = datasetFolder(o);
  const index = deriveMbi(o.records.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp })));
  const table = await readMbiTable(mbiPaths(join(resultsRoot(), folder)).json).catch(() => undefined);
  const rows = new Map((table?.rows ?? []).map((r) => [r.sp, r]));
  return {
    folder,
    engine: o.header.engine.uci_name,
    fingerprint: o.header.config.engine_fingerprint,
    limit: formatLimit(o.header.config.limit),
    nodes: nodesOf(o.header.config.limit),
    relation: o.header.profile === PEER_KEY ? "peer" : isOtherBudget(d, o) ? "budget" : "engine",
    bySp: Object.fromEntries(
      index.map((v) => [v.sp, { eval_cp: v.eval_cp, mbi: v.mbi, ...rowInterval(rows.get(v.sp)) }]),
    ),
  };
}

/** This dataset's validations against every outcome table (`<results root>/outcomes/<table>/validation/<folder>.json`). */
async function siteValidations(folder: string): Promise<SiteValidation[]> {
  const out: SiteValidation[] = [];
  for (const table of listOutcomeTables()) {
    const path = join(outcomePaths(table).validation, `${folder}.json`);
    const v = await readJsonIfExists<OutcomeValidation>(path);
    if (!v) continue;
    out.push({
      table,
      who: outcomeWho(v.outcomes.description),
      file: recordedPath(path),
      positions: v.positions,
      games: v.games,
      eval_vs_score: v.eval_vs_score,
      mbi_vs_imbalance: v.mbi_vs_imbalance,
      reliability: v.reliability.reliability,
      ceiling: v.reliability.ceiling,
      verdict: { validation: v.verdict.validation, claim: v.verdict.claim },
    });
  }
  return out;
}

/**
 * Gathers a dataset's site data from its result files (stage 1 and 3 must be
 * there; the rest is shown when present). `scan` is the one scan of the
 * results root the neighbours and limitations are found in (read when not given).
 */
export async function collectSiteData(ds: ResolvedDataset, scan?: DatasetScan): Promise<SiteData> {
  const { profile } = ds;
  const results = scan ?? await scanDatasets({ includeCi: true });
  // Every file the site publishes must follow from what it was derived from (else: the command that fixes it).
  const d = await requireCurrent(profile);
  const designs = await designResults(profile); // read once: the limitations and the page's section take them
  const table = await readMbiTable(ds.mbi.json);
  const bySp = new Map(d.records.map((r) => [r.sp, r]));
  const positions: SitePosition[] = table.rows.map((r) => {
    const e = bySp.get(r.sp);
    return {
      ...r,
      ...rowInterval(r),
      depth: e?.depth ?? 0,
      nodes: e?.nodes ?? null,
      pv_san: e ? pvSan(e.fen, e.pv) : [],
    };
  });
  const selfplay = await readSelfplayResults(profile);
  const facts = {
    profile: profile.name,
    evalLimit: d.header.config.limit,
    engine: d.header.engine.uci_name,
    selfplay: selfplay ? selfplayBudget(selfplay) : undefined,
  };
  // the banner names every budget the page shows: the validation designs' too
  const shown = { ...facts, designs: designs.map((x) => selfplayBudget(x.selfplay)) };
  // the shipped depth-32 peer beside every dataset over all 960 positions
  const peer = d.records.length === POSITION_COUNT ? [await peerDataset()] : [];
  const others = await Promise.all([...await sameSetDatasets(d, results), ...peer].map((o) => otherDataset(d, o)));
  // the same engine's other budgets first, smallest budget first; then other engines by name; the peer last
  const rank = (o: OtherDataset) => ({ budget: 0, engine: 1, peer: 2 })[o.relation];
  others.sort((a, b) =>
    rank(a) - rank(b) || (a.nodes ?? Infinity) - (b.nodes ?? Infinity) || a.folder.localeCompare(b.folder)
  );
  return {
    profile: profile.name,
    folder: ds.folder,
    engine: d.header.engine,
    limit: formatLimit(d.header.config.limit),
    nodes: nodesOf(d.header.config.limit),
    budgets: formatBudgets(facts),
    rows_sha256: mbiRowsHash(table),
    banner: budgetBanner(shown, { key: false }),
    // the position view shows the values and every self-play design's scores: its banner names all their budgets
    banner_short: budgetBanner(shown) === null
      ? null
      : `Not the method's results: ${formatBudgets(shown)} — cite with engine, fingerprint and budget`,
    options: formatOptions(d.header.config.options),
    code: { evals: d.header.code, mbi: table.code },
    created: d.header.created,
    inputs: d.header.inputs,
    n: positions.length,
    definition: table.definition,
    uncertainty: describedAs((table as { uncertainty?: unknown }).uncertainty),
    interval_iterations: ((k) => typeof k === "number" ? k : null)(
      (table as { uncertainty?: { iterations?: unknown } }).uncertainty?.iterations,
    ),
    positions,
    distribution: await readJsonIfExists<DistributionSummary>(ds.distribution),
    summary: await readSummary(profile),
    summaryFile: basename(ds.summary),
    selfplay,
    others,
    outcomes: await readOutcomeTables(),
    bestmove_off_pv: bestmoveOffPv(d.records).map((r) => ({
      sp: r.sp,
      bestmove: pvSan(r.fen, [r.bestmove])[0] ?? r.bestmove,
    })),
    limitations: (await computeLimitations(profile, results, designs)).map((l) => ({
      ...l,
      links: l.sources.map((file) => {
        const path = recordedInputPath(file);
        return {
          file,
          href: pathExists(path) ? relative(publishedPaths(profile).site, path).split(sep).join("/") : null,
        };
      }),
    })),
    reproduce: await readReproduceRecord(profile),
    files: await downloads(ds),
    held: await heldFiles(ds),
    validations: await siteValidations(ds.folder),
    verified: await readVerifyRecord(d.path),
    designs: await siteDesigns(profile, designs),
    sources: await privateSources(),
    method: d.header.config.engine_fingerprint === loadRegistry().reference_fingerprint
      ? (await methodSnapshot()) ?? null
      : null,
    comparison: (await designComparison(profile, designs, `${formatLimit(d.header.config.limit)} per position`)).map(
      (r) => {
        const href = (path: string) => relative(publishedPaths(profile).site, path).split(sep).join("/");
        return {
          ...r,
          file: r.path === null ? null : recordedPath(r.path),
          href: r.path === null ? null : href(r.path),
          prediction_file: r.prediction ? displayPath(r.prediction.path) : null,
          prediction_href: r.prediction ? href(r.prediction.path) : null,
        };
      },
    ),
  };
}
