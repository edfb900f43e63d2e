/**
 * `deno task site`: writes a profile's dataset card (`DATASET.md`, beside the
 * files) and its static site (`site/index.html` and `site/files/`, the
 * downloads) from the result files. Only files whose content changed are
 * written, and files the site no longer holds are removed, so a rerun with
 * nothing changed touches nothing.
 *
 * @module
 */

import { join, relative } from "node:path";
import { writeTextIfChanged } from "../store/atomic.ts";
import type { Profile } from "../method/profiles.ts";
import { profileDir, publishedPaths } from "../store/results_key.ts";
import { displayPath } from "../store/provenance.ts";
import { collectSiteData } from "./data.ts";
import { datasetCard } from "./card.ts";
import { renderPage } from "./page.ts";
import { filesUnder } from "../notebook/notebooks.ts";
import { bestReferenceProfile } from "../stages/mbi_index.ts";
import { boardConfig, boardFiles, readBoardGames } from "./board/site_board.ts";
import { buildLanding } from "./landing.ts";
import { pageLinks } from "./links.ts";

/** What a site build did. */
export interface SiteBuild {
  /** The site folder. */
  dir: string;
  /** The page. */
  index: string;
  /** Files written (changed or new), relative to the profile folder. */
  written: string[];
  /** Files removed (no longer part of the site). */
  removed: string[];
  /** Size of the page in bytes (what the browser loads before a position is opened). */
  pageBytes: number;
  /** The landing page of the results root, and whether it was written. */
  landing: { path: string; written: boolean };
}

/** Builds the dataset card and the site of a profile (stages 1 and 3 must be done; the rest is shown when present). */
export async function buildSite(profile: Profile, log: (line: string) => void = () => {}): Promise<SiteBuild> {
  const data = await collectSiteData(profile);
  const pdir = profileDir(profile);
  const { site: dir, card: cardPath } = publishedPaths(profile);
  const written: string[] = [];
  const write = async (path: string, text: string) => {
    if (await writeTextIfChanged(path, text)) written.push(relative(pdir, path));
  };
  const card = datasetCard(data);
  await write(cardPath, card);
  const downloads = [
    ...data.files,
    { name: "DATASET.md", path: cardPath, what: "the dataset card (Markdown)", bytes: 0 },
  ];
  const planned = new Set<string>();
  for (const f of downloads) {
    const text = await Deno.readTextFile(f.path);
    f.bytes = new TextEncoder().encode(text).length;
    const target = join(dir, "files", f.name);
    planned.add(target);
    await write(target, text);
  }
  const games = await readBoardGames(profile, data);
  for (const [name, text] of await boardFiles(games)) {
    const target = join(dir, name);
    planned.add(target);
    await write(target, text);
  }
  const html = renderPage(data, card, downloads, {
    board: boardConfig(data, games),
    links: pageLinks(profile, await bestReferenceProfile()),
  });
  const index = join(dir, "index.html");
  planned.add(index);
  await write(index, html);
  const removed: string[] = [];
  for (const f of filesUnder(dir, [])) {
    if (!planned.has(f)) {
      await Deno.remove(f);
      removed.push(relative(pdir, f));
    }
  }
  const pageBytes = new TextEncoder().encode(html).length;
  log(
    `site ${displayPath(index)}: page ${(pageBytes / 1000).toFixed(1)} KB, ${downloads.length} downloads; ${
      written.length ? `wrote ${written.join(", ")}` : "nothing changed"
    }${removed.length ? `; removed ${removed.join(", ")}` : ""}`,
  );
  const landing = await buildLanding(log);
  return { dir, index, written, removed, pageBytes, landing };
}
