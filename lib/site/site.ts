/**
 * `deno task site`: writes a profile's dataset card (`DATASET.md`) and static site (`site/`) from the result files. Only
 * changed files are written and stale ones removed, so a rerun with nothing changed touches nothing.
 *
 * @module
 */

import { basename, dirname, join, relative } from "node:path";
import {
  displayPath,
  guardWrite,
  recordedInputPath,
  resolveDataset,
  type ResolvedDataset,
  scanDatasets,
  withLock,
  writeError,
  writeTextIfChanged,
} from "../store/mod.ts";
import { type Profile } from "../method/mod.ts";
import { noDataset } from "../evaluation/mod.ts";
import { collectSiteData } from "./data.ts";
import { datasetCard } from "./card.ts";
import { pageLinks, renderPage } from "./page.ts";
import { siteBundles } from "./bundle.ts";
import { filesUnder } from "../notebook/mod.ts";
import { bestReferenceProfile, runDistribution } from "../analysis/mod.ts";
import { createExclusive, pathExists, randomHex, testKillPoint } from "../core/mod.ts";
import { boardConfig, boardFiles, readBoardGames } from "./site_board.ts";
import { buildLanding } from "./landing.ts";
import { hrefFrom } from "./data_files.ts";

/** What a site build did: its folder and page, the files written and removed (from the profile folder), the landing. */
export interface SiteBuild {
  dir: string;
  index: string;
  written: string[];
  removed: string[];
  landing: { path: string; written: boolean };
}

/**
 * Builds the dataset card and the site of a profile (stages 1 and 3 must be done; stage 2 is run when missing, in
 * moments). The site folder is replaced as one unit, so a kill leaves the old site or the new one, never a mix.
 */
export async function buildSite(profile: Profile, log: (line: string) => void = () => {}): Promise<SiteBuild> {
  // The dataset is resolved here, once: key, folder and every path; the layers below take it as it is.
  const ds = resolveDataset(profile);
  // a profile with no dataset has no folder to lock in: say what is missing, not that the lock could not be written
  if (!pathExists(ds.evals)) throw noDataset(profile);
  return await withLock(ds.published.site, () => build(ds, log), log);
}

async function build(ds: ResolvedDataset, log: (line: string) => void): Promise<SiteBuild> {
  const { profile } = ds;
  if (!pathExists(ds.distribution)) {
    const s2 = await runDistribution(profile);
    log(`stage 2 distribution (was missing): median ${s2.summary.eval.median} cp -> distribution.json`);
  }
  const data = await collectSiteData(ds, await scanDatasets({ includeCi: true }));
  const { site: dir, card: cardPath } = ds.published;
  await removeLeftovers(dir);
  const card = datasetCard(data);
  const cardFile = { name: "DATASET.md", path: cardPath, what: "the dataset card (Markdown)", bytes: 0 };
  const downloads = [...data.files, cardFile];
  // Every file of the new site, in memory first (the card is a download too).
  const files = new Map<string, string>();
  for (const f of downloads) {
    const text = f.path === cardPath ? card : await Deno.readTextFile(f.path);
    f.bytes = new TextEncoder().encode(text).length;
    files.set(join("files", f.name), text);
  }
  const games = await readBoardGames(profile, data);
  for (const [name, text] of await boardFiles(games)) files.set(name, text);
  const html = renderPage(data, card, downloads, (await siteBundles()).page, {
    board: boardConfig(data, games),
    links: pageLinks(profile, await bestReferenceProfile()),
    cardLink: (text) => cardFileHref(ds, text),
  });
  files.set("index.html", html);

  const old = new Map<string, string>();
  guardWrite(dir, "folder");
  const exists = await Deno.stat(dir).then((s) => s.isDirectory, () => false);
  for (const f of exists ? filesUnder(dir, []) : []) old.set(relative(dir, f), await Deno.readTextFile(f));
  const written = [...files].filter(([name, text]) => old.get(name) !== text).map(([name]) => name);
  const removed = [...old.keys()].filter((name) => !files.has(name));
  if (written.length || removed.length) await replaceFolder(dir, files, exists);
  const cardWritten = await writeTextIfChanged(cardPath, card);
  const siteRel = relative(ds.dir, dir);
  const said = [...(cardWritten ? [relative(ds.dir, cardPath)] : []), ...written.map((n) => join(siteRel, n))];
  const gone = removed.map((n) => join(siteRel, n));
  const pageBytes = new TextEncoder().encode(html).length;
  const index = join(dir, "index.html");
  log(
    `site ${displayPath(index)}: page ${(pageBytes / 1000).toFixed(1)} KB, ${downloads.length} downloads; ${
      said.length ? `wrote ${fileList(said)}` : "nothing changed"
    }${gone.length ? `; removed ${fileList(gone)}` : ""}`,
  );
  const landing = await buildLanding(log, { profile: profile.name, designs: data.designs });
  return { dir, index, written: said, removed: gone, landing };
}

/** What a file named in the card looks like: a path ending in one of the extensions the card's files have. */
const CARD_FILE = /^[\w.~@/-]+\.(csv|json|jsonl|md|pgn|ts|uci|ipynb|html)$/;

/**
 * The href from the page to a file the card names in a code span (a path from the repository, results root or
 * profile folder), or null when the text is no file that exists.
 */
export function cardFileHref(ds: ResolvedDataset, text: string): string | null {
  if (!CARD_FILE.test(text) || text.split("/").includes("..")) return null;
  const path = [recordedInputPath(text), join(ds.dir, text)].find((p) => pathExists(p));
  return path ? hrefFrom(ds.published.site, path) : null;
}

/**
 * Puts a new site folder in place of `dir`: written complete beside it in a folder made exclusively under a name no
 * one can guess (`site.new-<pid>-<random>`: nothing planted there is written through), then the old one renamed
 * aside (`site.old-…`), the new one into place, and the old one removed. Write failures are one line naming the folder.
 */
async function replaceFolder(dir: string, files: Map<string, string>, exists: boolean): Promise<void> {
  const parent = dirname(dir);
  const base = basename(dir);
  const retired = join(parent, `${base}.old-${Deno.pid}-${randomHex()}`);
  let fresh: string | undefined;
  let placed = false;
  try {
    fresh = await Deno.makeTempDir({ dir: parent, prefix: `${base}.new-${Deno.pid}-` });
    await Deno.chmod(fresh, 0o755);
    for (const [name, text] of files) {
      await Deno.mkdir(dirname(join(fresh, name)), { recursive: true });
      await createExclusive(join(fresh, name), text);
    }
    testKillPoint("site:written");
    if (exists) await Deno.rename(dir, retired);
    testKillPoint("site:retired");
    await Deno.rename(fresh, dir);
    placed = true;
    if (exists) await Deno.remove(retired, { recursive: true });
  } catch (e) {
    // a failed write (a full disk) leaves the old site in place and no half-written folder beside it
    if (!placed) {
      if (fresh) await Deno.remove(fresh, { recursive: true }).catch(() => {});
      if (exists) await Deno.rename(retired, dir).catch(() => {});
    }
    throw writeError(dir, e);
  }
}

/**
 * Removes what a build killed midway left beside the site folder: a new site not yet in place, and an old one not yet
 * removed (put back when the site folder is gone). Only folders are touched (a planted link is left alone).
 */
async function removeLeftovers(dir: string): Promise<void> {
  const parent = dirname(dir);
  const base = basename(dir);
  const left = (await Array.fromAsync(Deno.readDir(parent)).catch(() => []))
    .filter((e) =>
      e.isDirectory && new RegExp(`^${base.replace(/[.~]/g, "\\$&")}\\.(new|old)-\\d+([.-][\\w.-]+)?$`).test(e.name)
    );
  const hasSite = await Deno.stat(dir).then(() => true, () => false);
  for (const e of left) {
    const p = join(parent, e.name);
    if (!hasSite && e.name.includes(".old-")) {
      await Deno.rename(p, dir).catch(() => Deno.remove(p, { recursive: true }));
    } else await Deno.remove(p, { recursive: true });
  }
}

/** Files in a log line: every name up to six, else the first five and how many more (the games scripts run to 60). */
export const fileList = (names: readonly string[]): string =>
  names.length <= 6 ? names.join(", ") : `${names.slice(0, 5).join(", ")} and ${names.length - 5} more files`;
