/**
 * What the landing page of the results shows, read from the result files (every figure comes from a stage or from
 * lib/analysis): the best index with its figures, the ladder, the other engines, the outcome tables, every page.
 *
 * @module
 */

import { join } from "node:path";
import { formatLimit, loadRegistry } from "../engine/mod.ts";
import {
  datasetFolder,
  type EvalDataset,
  evalFolderName,
  getProfile,
  listOutcomeTables,
  listResultFolders,
  mbiPaths,
  type MbiTableRow,
  outcomePaths,
  parseKey,
  readJsonIfExists,
  readMbiTable,
  readOutcomeMeta,
  resultsRoot,
  rowInterval,
  scanDatasets,
  shownProgress,
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
} from "../analysis/mod.ts";
import { type OutcomeValidation } from "../outcomes/mod.ts";
import { dirEntries, hrefFrom, readOutcomeTables } from "./data_files.ts";
import { LANDING_PAGE } from "./page.ts";
import { datasetLabel, type Profile, selfplayBudgetText } from "../method/mod.ts";
import { methodSnapshot, readStudy, runningDesigns } from "../report/mod.ts";

/** A dataset page found under the results root: its profile folder, site folder (`site`, `site~games2`) and href. */
export type DatasetPage = ReturnType<typeof datasetPages>[number];

/** One rung of the ladder as the landing page lists it (see ladderRowsOf). */
export type LadderRow = ReturnType<typeof ladderRowsOf>[number];

/** One position of the best index as the landing page lists it. */
export type LandingPosition = Pick<MbiTableRow, "sp" | "setup" | "eval_cp" | "edge_cp" | "mbi">;

/** Everything on the landing page (see collectLanding). */
export type LandingData = Awaited<ReturnType<typeof collectLanding>>;

/**
 * The rendered notebooks by dataset, the best index's first: each group's name, and its notebooks in stage order, the
 * dataset's own first, then each self-play design's (the most nodes per move first), each naming the games it reads.
 */
export function notebookGroups(d: Pick<LandingData, "notebooks" | "names"> & { best: { key: string } | null }) {
  type Entry = { title: string; href: string; design: string | null; order: [number, number] };
  const groups = new Map<string, { folder: string; name: string; notebooks: Entry[] }>();
  for (const n of d.notebooks) {
    const p = getProfile(n.folder);
    const folder = evalFolderName(p);
    const g = groups.get(folder) ?? { folder, name: d.names[folder] ?? folder, notebooks: [] };
    groups.set(folder, g);
    const own = folder === n.folder;
    // a design's notebooks, and a dataset's own self-play stages (4 and 5), name the games they read
    const games = !own || (n.stage !== null && n.stage >= 4 && n.stage <= 5);
    g.notebooks.push({
      title: n.title,
      href: n.href,
      design: games ? `self-play ${selfplayBudgetText(p.selfplay)}` : null,
      order: [own ? -Infinity : -p.selfplay.nodesPerMove, n.stage ?? Infinity],
    });
  }
  for (const g of groups.values()) {
    g.notebooks.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
  }
  const best = d.best?.key;
  return [...groups.values()].sort((a, b) => Number(b.folder === best) - Number(a.folder === best));
}

const root = () => resultsRoot();
const href = (path: string) => hrefFrom(root(), path);

/** Every dataset page (`<folder>/site…/index.html`) under the result folders. */
export function datasetPages() {
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

/** The rendered notebooks (HTML in each folder's `notebooks`, and `notebooks~…` of a design) with their first heading. */
async function notebooks() {
  const out = [];
  for (const f of listResultFolders(root())) {
    for (const dir of dirEntries(f.path).filter((e) => e.isDirectory && /^notebooks(~|$)/.test(e.name))) {
      for (const n of dirEntries(join(f.path, dir.name)).map((e) => e.name).filter((n) => n.endsWith(".html"))) {
        const nb = await readJsonIfExists<{ cells?: { cell_type: string; source: string | string[] }[] }>(
          join(f.path, dir.name, n.replace(/\.html$/, ".ipynb")),
        ).catch(() => undefined);
        const md = nb?.cells?.find((c) => c.cell_type === "markdown");
        const text = md ? (Array.isArray(md.source) ? md.source.join("") : md.source) : "";
        const number = /^(\d+)_/.exec(n);
        out.push({
          /** The profile it was rendered for (a design's with its tags). */
          folder: `${f.name}${dir.name.slice("notebooks".length)}`,
          title: /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? n.replace(/\.html$/, ""),
          /** Its stage's number from the file name (`04_selfplay.html` → 4), or null. */
          stage: number ? Number(number[1]) : null,
          href: href(join(f.path, dir.name, n)),
        });
      }
    }
  }
  return out;
}

/**
 * The outcome tables whose per-position values are not published (`private` in their `outcomes.json`, e.g. CC BY-NC
 * tables): what each is, from that file alone (committed, unlike the values), and the validations against it.
 */
async function unpublishedTables() {
  const out = [];
  for (const name of listOutcomeTables()) {
    const json = outcomePaths(name).json;
    // only a private table is shown from its description alone: that one is read checked against its schema
    if ((await readJsonIfExists<{ private?: boolean }>(json))?.private !== true) continue;
    const meta = await readOutcomeMeta(name);
    out.push({
      name,
      description: meta.description.replace(/\.$/, ""),
      licence: meta.licence ?? null,
      /** The table's own description file, linked from the page. */
      href: href(json),
      validations: await validationFiles(name),
    });
  }
  return out;
}

async function validationFiles(table: string): Promise<(OutcomeValidation & { href: string })[]> {
  const dir = join(root(), "outcomes", table, "validation");
  const out: (OutcomeValidation & { href: string })[] = [];
  for (const n of dirEntries(dir).map((e) => e.name).filter((n) => n.endsWith(".json"))) {
    const v = await readJsonIfExists<OutcomeValidation>(join(dir, n));
    if (v?.kind === "mbi-outcome-validation") out.push({ ...v, href: href(join(dir, n)) });
  }
  return out;
}

/** A dataset's name in readers' words: `Stockfish 17.1, 8,000,000 nodes per position`. */
const datasetName = (d: EvalDataset) => datasetLabel(d.header.engine.uci_name, d.header.config.limit);

/** Other engines' complete datasets, and their agreement with the best index. */
const engineRows = (
  others: EvalDataset[],
  bestKey: string | null,
  pairs: PairAgreement[],
  rungs: readonly { folder: string; nodes: number }[],
) =>
  others.map((d) => {
    const folder = datasetFolder(d);
    const pairOf = (key: string) =>
      pairs.find((x) => (x.a === folder && x.b === key) || (x.b === folder && x.a === key));
    const p = bestKey ? pairOf(bestKey) : undefined;
    // the reference engine's rung at the same budget: engine alone apart, budget held equal
    const limit = d.header.config.limit;
    const rung = "nodes" in limit ? rungs.find((r) => r.nodes === limit.nodes) : undefined;
    const same = rung && rung.folder !== bestKey ? pairOf(rung.folder) : undefined;
    return {
      folder,
      engine: d.header.engine.uci_name,
      limit: formatLimit(d.header.config.limit),
      /** Spearman of the edges with the best index and its CI, the share moving > 10 and n, when compared. */
      vsBest: p
        ? { rho: p.spearman.rho, ci95: p.spearman.ci95, share_over_10: p.mbi_shift.share_over_10, n: p.common }
        : null,
      /** Spearman of the edges with the reference engine's dataset at the same budget, and its folder, when compared. */
      vsSameBudget: same && rung ? { folder: rung.folder, rho: same.spearman.rho, ci95: same.spearman.ci95 } : null,
      /** Its MBI table (`<folder>/mbi.csv`, relative to the landing page). */
      table: href(mbiPaths(join(root(), folder)).csv),
    };
  });

/** The ladder's rungs as the landing page lists them, each with its agreement with the next (null for the top). */
const ladderRowsOf = (ladder: Convergence, byFolder: Map<string, EvalDataset>) =>
  ladder.rungs.map((r, i, rs) => {
    const next = rs[i + 1];
    const p = next ? rungPair(ladder, r.folder, next.folder) : undefined;
    return {
      folder: r.folder,
      nodes: r.nodes,
      /** Depth of the last completed iteration over the positions. */
      depth: summarise(byFolder.get(r.folder)!.records.map((x) => x.depth)),
      /** Its MBI table (`<folder>/mbi.csv`, relative to the landing page), where its figures can be checked. */
      table: href(mbiPaths(join(root(), r.folder)).csv),
      next: p && next
        ? {
          folder: next.folder,
          spearman: p.spearman_edges,
          share_over_10: p.mbi_shift.share_over_10,
          coverage: p.coverage?.share ?? null,
        }
        : null,
    };
  });

/** The best index as the landing page shows it: its figures, validations, designs, positions and the rung below. */
async function bestIndex(
  profile: Profile,
  d: EvalDataset,
  on: { validations: OutcomeValidation[]; pages: DatasetPage[]; ladderRows: LadderRow[]; known?: KnownDesigns },
) {
  const key = profile.name;
  const known = on.known;
  const table = await readMbiTable(mbiPaths(join(root(), key)).json);
  const widths = table.rows.map(rowInterval)
    .flatMap((x) => x.mbi_lo === null || x.mbi_hi === null ? [] : [x.mbi_hi - x.mbi_lo]);
  const evals = d.records.map((r) => r.eval_cp!); // a complete dataset has a value at every position
  return {
    key,
    engine: d.header.engine.uci_name,
    fingerprint: d.header.config.engine_fingerprint,
    limit: formatLimit(d.header.config.limit),
    n: d.records.length,
    eval: summarise(evals),
    negatives: evals.filter((v) => v < 0).length,
    interval_width: widths.length === table.rows.length ? summarise(widths).median : null,
    validations: on.validations.filter((v) => v.dataset.key === key),
    selfplay: (await readSummary(profile)) ?? null,
    /** The other self-play designs played on it, with the method's budget on their positions (see `siteDesigns`). */
    designs: known?.profile === key ? known.designs : await siteDesigns(profile),
    page: on.pages.find((p) => p.folder === key && p.site === "site") ?? null,
    /** Its positions, most balanced first (MBI descending, ties by the smaller edge, then SP). */
    positions: mostBalancedFirst<LandingPosition>(
      table.rows.map(({ sp, setup, eval_cp, edge_cp, mbi }) => ({ sp, setup, eval_cp, edge_cp, mbi })),
    ),
    /** Self-play designs on it still being played (no summary yet). */
    running: await runningDesigns(profile),
    /** The method's own run as far as its snapshot (`partial.json`) takes it, or null. */
    method: (await methodSnapshot()) ?? null,
    /** Every dataset against every outcome table (`outcomes/study.json`), or null. */
    study: (await readStudy()) ?? null,
    /** The ladder's rung below it (the same engine at the next smaller budget): its budget, MBI and edge by SP. */
    below: await rungBelow(on.ladderRows, key),
  };
}

/** A dataset's designs as a page build has just read them. */
type KnownDesigns = { profile: string; designs: SiteDesign[] };

/** The landing page's data from the results root (`known`: reused when that dataset is the best index). */
export async function collectLanding(known?: KnownDesigns) {
  const scan = await scanDatasets();
  const best = await bestReferenceProfile();
  const pages = datasetPages();
  const tables = await readOutcomeTables();
  const outcomes = await Promise.all(
    tables.map(async (t) => ({ table: t, validations: await validationFiles(t.name) })),
  );
  const ladder = best ? await ladderConvergence(parseKey(best.profile.name).profile) : null;
  const byFolder = new Map(scan.complete.map((d) => [datasetFolder(d), d]));
  const ladderRows = ladder ? ladderRowsOf(ladder, byFolder) : [];
  const onLadder = new Set(ladderRows.map((r) => r.folder));
  const comparison = await readJsonIfExists<{ pairs?: PairAgreement[] }>(join(root(), "engine_comparison.json"));
  const reference = loadRegistry().reference_fingerprint;
  const engines = engineRows(
    scan.complete.filter((d) => !onLadder.has(datasetFolder(d)) && d.header.config.engine_fingerprint !== reference),
    best?.profile.name ?? null,
    comparison?.pairs ?? [],
    ladderRows,
  );
  const validations = outcomes.flatMap((o) => o.validations);
  return {
    /** The best index, when there is one. */
    best: best
      ? await bestIndex(best.profile, byFolder.get(best.profile.name)!, { validations, pages, ladderRows, known })
      : null,
    /** The ladder of the best index's base profile (null without a best index), and its rungs as rows. */
    ladder,
    ladderRows,
    engines,
    /** Whether `engine_comparison.json` (every pair of complete datasets compared) is there. */
    comparison: comparison !== undefined,
    /** Outcome tables with the validation files against them. */
    outcomes,
    /** Outcome tables whose per-position values are not published, with the validation files against them. */
    unpublished: await unpublishedTables(),
    notebooks: await notebooks(),
    pages,
    /** Every complete dataset's name in readers' words (`Stockfish 17.1, 8,000,000 nodes per position`), by folder. */
    names: Object.fromEntries(scan.complete.map((d) => [datasetFolder(d), datasetName(d)])),
    /** Datasets still being computed. */
    partial: await Promise.all(scan.partial.map(async (d) => ({
      folder: datasetFolder(d),
      name: datasetName(d),
      ...await shownProgress(d),
    }))),
  };
}

/** The MBI and edge of the rung below `key` on the ladder, by SP (null when `key` is its lowest rung or not on it). */
async function rungBelow(rows: readonly LadderRow[], key: string) {
  const step = rows.find((r) => r.next?.folder === key);
  if (!step) return null;
  const table = await readMbiTable(mbiPaths(join(root(), step.folder)).json);
  return {
    folder: step.folder,
    limit: formatLimit({ nodes: step.nodes }),
    mbi: Object.fromEntries(table.rows.map((r) => [r.sp, r.mbi])),
    edge: Object.fromEntries(table.rows.map((r) => [r.sp, r.edge_cp])),
  };
}

/** The landing page's path. */
export const landingPath = (): string => join(root(), LANDING_PAGE);
