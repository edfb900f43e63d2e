/**
 * Everything the published page and the dataset card show about one profile, read from the result files: nothing is
 * computed that a stage has not already computed, except the PV in SAN and each other dataset's index.
 *
 * @module
 */

import {
  type DistributionSummary,
  readReproduceRecord,
  readSummary,
  readVerifyRecord,
  requireCurrent,
} from "../analysis/mod.ts";
import { basename, join } from "node:path";
import { formatLimit, loadRegistry } from "../engine/mod.ts";
import { pathExists, repoPath } from "../core/mod.ts";
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
  datasetFolder,
  type DatasetScan,
  describedAs,
  displayPath,
  type EvalDataset,
  isOtherBudget,
  listOutcomeTables,
  mbiPaths,
  mbiRowsHash,
  outcomePaths,
  outcomeWho,
  PEER_FILE,
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
import { computeLimitations, designComparison, designResults, methodSnapshot } from "../report/mod.ts";
import { readSelfplayResults, selfplayBudget } from "../selfplay/mod.ts";
import { type OutcomeValidation } from "../outcomes/mod.ts";
import { siteDesigns } from "./designs.ts";
import { downloads, heldFiles, hrefFrom, privateSources, readOutcomeTables } from "./data_files.ts";

/** All the page and the card show about a profile (see {@link collectSiteData}). */
export type SiteData = Awaited<ReturnType<typeof collectSiteData>>;

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

/** How another dataset relates to this one: the same engine at another budget, another engine, or the shipped peer. */
type Relation = "budget" | "engine" | "peer";

/** Another complete dataset over the same positions, with its index by SP (and interval, when its table has one). */
async function otherDataset(d: EvalDataset, o: EvalDataset) {
  const folder = datasetFolder(o);
  const relation: Relation = o.header.profile === PEER_KEY ? "peer" : isOtherBudget(d, o) ? "budget" : "engine";
  const index = deriveMbi(o.records.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp })));
  const table = await readMbiTable(mbiPaths(join(resultsRoot(), folder)).json).catch(() => undefined);
  const rows = new Map((table?.rows ?? []).map((r) => [r.sp, r]));
  // the file its values come from, as the page links it (pages stand one folder below their dataset's)
  const href = relation === "peer"
    ? hrefFrom(join(resultsRoot(), datasetFolder(d), "site"), repoPath(PEER_FILE))
    : `../../${folder}/mbi.csv`;
  return {
    folder,
    href,
    engine: o.header.engine.uci_name,
    limit: formatLimit(o.header.config.limit),
    nodes: nodesOf(o.header.config.limit),
    relation,
    bySp: Object.fromEntries(
      index.map((v) => [v.sp, { eval_cp: v.eval_cp, mbi: v.mbi, ...rowInterval(rows.get(v.sp)) }]),
    ),
  };
}

/** This dataset's validations against every outcome table (`<results root>/outcomes/<table>/validation/<folder>.json`). */
async function siteValidations(folder: string) {
  const out = [];
  for (const table of listOutcomeTables()) {
    const path = join(outcomePaths(table).validation, `${folder}.json`);
    const v = await readJsonIfExists<OutcomeValidation>(path);
    if (v) out.push({ ...v, table, who: outcomeWho(v.outcomes.description), file: recordedPath(path) });
  }
  return out;
}

/** A dataset's site data (stages 1 and 3 must be done); `scan`: the results root's one scan, read when not given. */
export async function collectSiteData(ds: ResolvedDataset, scan?: DatasetScan) {
  const { profile } = ds;
  const results = scan ?? await scanDatasets({ includeCi: true });
  // Every file the site publishes must follow from what it was derived from (else: the command that fixes it).
  const d = await requireCurrent(profile);
  const designs = await designResults(profile); // read once: the limitations and the page's section take them
  const table = await readMbiTable(ds.mbi.json);
  const uncertainty = (table as { uncertainty?: { iterations?: unknown } }).uncertainty;
  const bySp = new Map(d.records.map((r) => [r.sp, r]));
  // each row of the MBI table with its interval, depth, nodes and PV in SAN (empty when it could not be read)
  const positions = table.rows.map((r) => {
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
  const siteHref = (path: string) => hrefFrom(publishedPaths(profile).site, path);
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
  const rank = (o: { relation: Relation }) => ({ budget: 0, engine: 1, peer: 2 })[o.relation];
  others.sort((a, b) =>
    rank(a) - rank(b) || (a.nodes ?? Infinity) - (b.nodes ?? Infinity) || a.folder.localeCompare(b.folder)
  );
  return {
    /** Results key, and the profile folder's name under the results root. */
    profile: profile.name,
    folder: ds.folder,
    engine: d.header.engine,
    /** Search limit per position in words, and the node budget (null for a depth-limited dataset). */
    limit: formatLimit(d.header.config.limit),
    nodes: nodesOf(d.header.config.limit),
    /** Budgets in words, each beside the method's. */
    budgets: formatBudgets(facts),
    /** The MBI table's rows hash (see MBI_ROWS_HASH_TEXT): what self-play records of the table it played from. */
    rows_sha256: mbiRowsHash(table),
    /** The "not the method's results" banner, or null at the method's budgets. */
    banner: budgetBanner(shown, { key: false }),
    /** UCI options for people. */
    options: formatOptions(d.header.config.options),
    /** Code versions that wrote the stage-1 file and the MBI table. */
    code: { evals: d.header.code, mbi: table.code },
    /** When stage 1 started, and its input files with their hashes. */
    created: d.header.created,
    inputs: d.header.inputs,
    n: positions.length,
    definition: table.definition,
    /** How the per-position interval is defined, and the last completed iterations it spans, when the table says. */
    uncertainty: describedAs(uncertainty),
    interval_iterations: typeof uncertainty?.iterations === "number" ? uncertainty.iterations : null,
    positions,
    /** Stages 2, 5 (the summary file named as an override names it) and 4, when present. */
    distribution: await readJsonIfExists<DistributionSummary>(ds.distribution),
    summary: await readSummary(profile),
    summaryFile: basename(ds.summary),
    selfplay,
    /** Other complete datasets over the same positions. */
    others,
    outcomes: await readOutcomeTables(),
    /** The positions whose engine `bestmove` is not the PV's first move, with that move in SAN. */
    bestmove_off_pv: bestmoveOffPv(d.records).map((r) => ({
      sp: r.sp,
      bestmove: pvSan(r.fen, [r.bestmove])[0] ?? r.bestmove,
    })),
    /** Limitations computed from the data, each with its files as links from the page (null: no such file now). */
    limitations: (await computeLimitations(profile, results, designs)).map((l) => ({
      ...l,
      links: l.sources.map((file) => ({
        file,
        href: pathExists(recordedInputPath(file)) ? siteHref(recordedInputPath(file)) : null,
      })),
    })),
    /** The last `deno task reproduce`, when there was one. */
    reproduce: await readReproduceRecord(profile),
    /** Files offered for download, and other files of the folder the card describes. */
    files: await downloads(ds),
    held: await heldFiles(ds),
    validations: await siteValidations(ds.folder),
    /** The recorded verify-reproduce checks of single positions, when there are any. */
    verified: await readVerifyRecord(d.path),
    /** The other self-play designs that stage 5 has summarised, with the method's budget on their positions. */
    designs: await siteDesigns(profile, designs),
    /** Private outcome tables with a page per position in their source (label, address template). */
    sources: await privateSources(),
    /** The method's run as far as `partial.json` takes it (an index of the reference engine only; else null). */
    method: d.header.config.engine_fingerprint === loadRegistry().reference_fingerprint
      ? (await methodSnapshot()) ?? null
      : null,
    /** Those designs and the ones being played beside the published figure, each with its file and link. */
    comparison: (await designComparison(profile, designs, `${formatLimit(d.header.config.limit)} per position`)).map(
      (r) => ({
        ...r,
        file: r.path === null ? null : recordedPath(r.path),
        href: r.path === null ? null : siteHref(r.path),
        prediction_file: r.prediction ? displayPath(r.prediction.path) : null,
        prediction_href: r.prediction ? siteHref(r.prediction.path) : null,
      }),
    ),
  };
}
