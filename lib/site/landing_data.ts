/**
 * What the landing page of the results shows, gathered from the result files
 * (read only; every figure comes from a stage or from the ladder's and the
 * engines' comparisons in lib/analysis): the best index (`bestReferenceProfile`,
 * the one `deno task mbi` answers from) with its headline figures and its
 * validations, the budget ladder (`ladderConvergence`), the other engines
 * (`engine_comparison.json`), the outcome tables and their validation files,
 * the rendered notebooks and every dataset page.
 *
 * @module
 */

import { join, relative } from "node:path";
import { formatLimit, loadRegistry } from "../engine/mod.ts";
import {
  datasetFolder,
  type EvalDataset,
  evalFolderName,
  getProfile,
  listResultFolders,
  mbiPaths,
  parseKey,
  readJsonIfExists,
  readMbiTable,
  resultsRoot,
  scanDatasets,
} from "../store/mod.ts";
import { type SiteDesign, siteDesigns } from "./designs.ts";
import {
  bestReferenceProfile,
  type Convergence,
  ladderConvergence,
  mostBalancedFirst,
  type PairAgreement,
  readSummary,
  rungPair,
  summarise,
  type Summary,
  type ValueSummary,
} from "../analysis/mod.ts";
import { type OutcomeValidation } from "../outcomes/mod.ts";
import { type OutcomeTable, readOutcomeTables } from "./outcome_tables.ts";
import { LANDING_PAGE } from "./links.ts";
import { selfplayBudgetText } from "../method/mod.ts";
import {
  type MethodSnapshot,
  methodSnapshot,
  type OutcomeStudy,
  readStudy,
  type RunningDesign,
  runningDesigns,
} from "../report/mod.ts";

/** A dataset page found under the results root. */
export interface DatasetPage {
  /** The profile folder. */
  folder: string;
  /** The site folder's name (`site`, `site~games2`). */
  site: string;
  /** Href from the landing page. */
  href: string;
}

/** One rung of the ladder as the landing page lists it. */
export interface LadderRow {
  /** Result folder. */
  folder: string;
  /** Node budget. */
  nodes: number;
  /** Engine build (UCI name) and its id. */
  engine: string;
  /** Engine id. */
  engine_id: string;
  /** Depth of the last completed iteration over the positions. */
  depth: ValueSummary;
  /** Its MBI table (`<folder>/mbi.csv`, relative to the landing page), where its figures can be checked. */
  table: string;
  /** Agreement with the next rung (null for the top rung). */
  next:
    | { folder: string; spearman: number; share_over_10: number; median_shift: number; coverage: number | null }
    | null;
}

/** Another engine's complete dataset, and its agreement with the best index. */
export interface EngineRow {
  /** Result folder. */
  folder: string;
  /** Engine (UCI name). */
  engine: string;
  /** Search limit in words. */
  limit: string;
  /** Spearman of the edges with the best index and its CI, and the share moving > 10, when compared. */
  vsBest: { rho: number; ci95: [number, number]; share_over_10: number } | null;
  /** Its MBI table (`<folder>/mbi.csv`, relative to the landing page). */
  table: string;
}

/** A rendered notebook. */
export interface NotebookLink {
  /** Profile it was rendered for: its folder, with the self-play design's tags for a design's notebooks. */
  folder: string;
  /** Its title (first heading) or file name. */
  title: string;
  /** Href from the landing page. */
  href: string;
}

/** One position of the best index as the landing page lists it. */
export interface LandingPosition {
  /** Start position number. */
  sp: number;
  /** Back rank. */
  setup: string;
  /** Engine value (cp, White's view). */
  eval_cp: number;
  /** |eval_cp|. */
  edge_cp: number;
  /** The index. */
  mbi: number;
}

/** Everything on the landing page. */
export interface LandingData {
  /** The best index, when there is one. */
  best: {
    key: string;
    engine: string;
    engine_id: string;
    fingerprint: number | null;
    limit: string;
    n: number;
    eval: ValueSummary;
    negatives: number;
    interval_width: number | null;
    validations: OutcomeValidation[];
    selfplay: Summary | null;
    /** The other self-play designs played on it, with the method's budget on their positions (see `siteDesigns`). */
    designs: SiteDesign[];
    page: DatasetPage | null;
    /** Its positions, most balanced first (MBI descending, ties by the smaller edge, then SP). */
    positions: LandingPosition[];
    /** Self-play designs on it still being played (no summary yet). */
    running: RunningDesign[];
    /** The method's own run as far as its snapshot (`partial.json`) takes it, or null. */
    method: MethodSnapshot | null;
    /** Every dataset against every outcome table (`outcomes/study.json`), or null. */
    study: OutcomeStudy | null;
    /** The ladder's rung below it (the same engine at the next smaller budget): its budget and MBI by SP. */
    below: { folder: string; limit: string; mbi: Record<number, number> } | null;
  } | null;
  /** The ladder of the best index's base profile (null without a best index). */
  ladder: Convergence | null;
  /** Its rungs as rows. */
  ladderRows: LadderRow[];
  /** Other engines' datasets. */
  engines: EngineRow[];
  /** Outcome tables with the validation files against them. */
  outcomes: { table: OutcomeTable; validations: (OutcomeValidation & { href: string })[] }[];
  /** Rendered notebooks. */
  notebooks: NotebookLink[];
  /** Every dataset page. */
  pages: DatasetPage[];
  /** Datasets still being computed. */
  partial: { folder: string; name: string; done: number; planned: number }[];
  /** Every complete dataset's name in readers' words (`Stockfish 17.1 · 8,000,000 nodes per position`), by folder. */
  names: Record<string, string>;
}

/**
 * A results key in readers' words: its dataset's name, and the self-play
 * design its tags name (`… · self-play 60 × 50 games at 30,000 nodes/move`);
 * the key itself where the dataset has no name here.
 */
export function readerName(key: string, names: Readonly<Record<string, string>>): string {
  const folder = evalFolderName(getProfile(key));
  const base = names[folder] ?? folder;
  if (folder === key) return base;
  const p = getProfile(key);
  return `${base} · self-play ${
    selfplayBudgetText({
      positions: p.selfplay.positions,
      games: p.selfplay.games,
      nodesPerMove: p.selfplay.nodesPerMove,
    })
  }`;
}

const root = () => resultsRoot();
const href = (path: string) => relative(root(), path).split("\\").join("/");

/** Every dataset page (`<folder>/site…/index.html`) under the result folders. */
export function datasetPages(): DatasetPage[] {
  return listResultFolders(root()).flatMap((f) =>
    [...Deno.readDirSync(f.path)].filter((e) => e.isDirectory && /^site(~[a-z]+\d+)*$/.test(e.name))
      .filter((e) => {
        try {
          return Deno.statSync(join(f.path, e.name, "index.html")).isFile;
        } catch {
          return false;
        }
      })
      .map((e) => ({ folder: f.name, site: e.name, href: href(join(f.path, e.name, "index.html")) }))
      .sort((a, b) => a.site.localeCompare(b.site))
  );
}

/**
 * The rendered notebooks (the HTML files in each folder's `notebooks`, and in
 * `notebooks~…` for a self-play design's profile) with their first heading.
 */
async function notebooks(): Promise<NotebookLink[]> {
  const out: NotebookLink[] = [];
  for (const f of listResultFolders(root())) {
    let dirs: string[];
    try {
      dirs = [...Deno.readDirSync(f.path)].filter((e) => e.isDirectory && /^notebooks(~|$)/.test(e.name))
        .map((e) => e.name).sort();
    } catch {
      continue;
    }
    for (const dir of dirs) {
      const names = [...Deno.readDirSync(join(f.path, dir))].map((e) => e.name).filter((n) => n.endsWith(".html"))
        .sort();
      for (const n of names) {
        const nb = await readJsonIfExists<{ cells?: { cell_type: string; source: string | string[] }[] }>(
          join(f.path, dir, n.replace(/\.html$/, ".ipynb")),
        ).catch(() => undefined);
        const md = nb?.cells?.find((c) => c.cell_type === "markdown");
        const text = md ? (Array.isArray(md.source) ? md.source.join("") : md.source) : "";
        const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim();
        out.push({
          folder: dir === "notebooks" ? f.name : `${f.name}${dir.slice("notebooks".length)}`,
          title: heading ?? n.replace(/\.html$/, ""),
          href: href(join(f.path, dir, n)),
        });
      }
    }
  }
  return out;
}

async function validationFiles(table: string): Promise<(OutcomeValidation & { href: string })[]> {
  const dir = join(root(), "outcomes", table, "validation");
  let names: string[];
  try {
    names = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".json")).sort();
  } catch {
    return [];
  }
  const out: (OutcomeValidation & { href: string })[] = [];
  for (const n of names) {
    const v = await readJsonIfExists<OutcomeValidation>(join(dir, n));
    if (v?.kind === "mbi-outcome-validation") out.push({ ...v, href: href(join(dir, n)) });
  }
  return out;
}

function engineRows(others: EvalDataset[], bestKey: string | null, pairs: PairAgreement[]): EngineRow[] {
  return others.map((d) => {
    const folder = datasetFolder(d);
    const p = bestKey
      ? pairs.find((x) => (x.a === folder && x.b === bestKey) || (x.b === folder && x.a === bestKey))
      : undefined;
    return {
      folder,
      engine: d.header.engine.uci_name,
      limit: formatLimit(d.header.config.limit),
      vsBest: p ? { rho: p.spearman.rho, ci95: p.spearman.ci95, share_over_10: p.mbi_shift.share_over_10 } : null,
      table: href(mbiPaths(join(root(), folder)).csv),
    };
  });
}

/**
 * Gathers the landing page's data from the results root; `known` is a
 * dataset's designs as a page build has just read them (reused when that
 * dataset is the best one, not read again).
 */
export async function collectLanding(known?: { profile: string; designs: SiteDesign[] }): Promise<LandingData> {
  const scan = await scanDatasets();
  const best = await bestReferenceProfile();
  const pages = datasetPages();
  const tables = await readOutcomeTables();
  const outcomes = await Promise.all(
    tables.map(async (t) => ({ table: t, validations: await validationFiles(t.name) })),
  );
  const ladder = best ? await ladderConvergence(parseKey(best.profile.name).profile) : null;
  const byFolder = new Map(scan.complete.map((d) => [datasetFolder(d), d]));
  const ladderRows: LadderRow[] = (ladder?.rungs ?? []).map((r, i, rs) => {
    const next = rs[i + 1];
    const p = next ? rungPair(ladder!, r.folder, next.folder) : undefined;
    return {
      folder: r.folder,
      nodes: r.nodes,
      engine: r.engine,
      engine_id: r.engine_id,
      depth: summarise(byFolder.get(r.folder)!.records.map((x) => x.depth)),
      table: href(mbiPaths(join(root(), r.folder)).csv),
      next: p && next
        ? {
          folder: next.folder,
          spearman: p.spearman_edges,
          share_over_10: p.mbi_shift.share_over_10,
          median_shift: p.mbi_shift.median,
          coverage: p.coverage?.share ?? null,
        }
        : null,
    };
  });
  const onLadder = new Set(ladderRows.map((r) => r.folder));
  const comparison = await readJsonIfExists<{ pairs?: PairAgreement[] }>(join(root(), "engine_comparison.json"));
  const reference = loadRegistry().reference_fingerprint;
  const engines = engineRows(
    scan.complete.filter((d) => !onLadder.has(datasetFolder(d)) && d.header.config.engine_fingerprint !== reference),
    best?.profile.name ?? null,
    comparison?.pairs ?? [],
  );
  let bestData: LandingData["best"] = null;
  if (best) {
    const d = byFolder.get(best.profile.name)!;
    const table = await readMbiTable(mbiPaths(join(root(), best.profile.name)).json);
    const widths = table.rows.flatMap((r) => {
      const x = r as { mbi_lo?: number; mbi_hi?: number };
      return typeof x.mbi_lo === "number" && typeof x.mbi_hi === "number" ? [x.mbi_hi - x.mbi_lo] : [];
    });
    const evals = d.records.map((r) => r.eval_cp!); // a complete dataset has a value at every position
    bestData = {
      key: best.profile.name,
      engine: d.header.engine.uci_name,
      engine_id: d.header.engine.id,
      fingerprint: d.header.config.engine_fingerprint,
      limit: formatLimit(d.header.config.limit),
      n: d.records.length,
      eval: summarise(evals),
      negatives: evals.filter((v) => v < 0).length,
      interval_width: widths.length === table.rows.length ? summarise(widths).median : null,
      validations: outcomes.flatMap((o) => o.validations.filter((v) => v.dataset.key === best.profile.name)),
      selfplay: (await readSummary(best.profile)) ?? null,
      designs: known?.profile === best.profile.name ? known.designs : await siteDesigns(best.profile),
      page: pages.find((p) => p.folder === best.profile.name && p.site === "site") ?? null,
      positions: mostBalancedFirst(table.rows.map((r) => ({
        sp: r.sp,
        setup: r.setup,
        eval_cp: r.eval_cp,
        edge_cp: r.edge_cp,
        mbi: r.mbi,
      }))),
      running: await runningDesigns(best.profile),
      method: (await methodSnapshot()) ?? null,
      study: (await readStudy()) ?? null,
      below: await rungBelow(ladderRows, best.profile.name),
    };
  }
  return {
    best: bestData,
    ladder,
    ladderRows,
    engines,
    outcomes,
    notebooks: await notebooks(),
    pages,
    names: Object.fromEntries(
      scan.complete.map((
        d,
      ) => [datasetFolder(d), `${d.header.engine.uci_name} · ${formatLimit(d.header.config.limit)} per position`]),
    ),
    partial: scan.partial.map((d) => ({
      folder: datasetFolder(d),
      name: `${d.header.engine.uci_name} · ${formatLimit(d.header.config.limit)} per position`,
      done: d.records.length,
      planned: d.header.positions.length,
    })),
  };
}

/** The MBI of the rung below `key` on the ladder, by SP (null when `key` is its lowest rung or not on it). */
async function rungBelow(
  rows: readonly LadderRow[],
  key: string,
): Promise<{ folder: string; limit: string; mbi: Record<number, number> } | null> {
  const step = rows.find((r) => r.next?.folder === key);
  if (!step) return null;
  const table = await readMbiTable(mbiPaths(join(root(), step.folder)).json);
  return {
    folder: step.folder,
    limit: formatLimit({ nodes: step.nodes }),
    mbi: Object.fromEntries(table.rows.map((r) => [r.sp, r.mbi])),
  };
}

/** The landing page's path. */
export const landingPath = (): string => join(root(), LANDING_PAGE);
