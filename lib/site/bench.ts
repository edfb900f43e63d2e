/**
 * The site's benchmark: the page's size (what a browser loads: `index.html`
 * alone, raw and gzipped) and the time until its table is usable in headless
 * Chromium — navigation start to the page's `mbi-table-ready` mark (every row
 * rendered, search and sort wired), and wall time from `goto` to that point —
 * plus the time a search takes to redraw the table; the board code's size and
 * its load time when a position is opened (the page's `mbi-board-start` to
 * `mbi-board-ready` marks: board.js added, parsed and the board drawn); and
 * the landing page's size and time until usable (its load event: it has no
 * script). Measured, never asserted.
 *
 * @module
 */

import { gzipSync } from "node:zlib";
import { median } from "simple-statistics";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromium } from "./browser.ts";

/** One benchmark's figures (times in milliseconds, medians over the runs). */
export interface SiteBench {
  /** The page measured. */
  page: string;
  /** Rows in the table once usable. */
  rows: number;
  /** Bytes of index.html (everything the page loads). */
  pageBytes: number;
  /** Bytes of index.html gzipped (what a static host with compression sends). */
  pageGzipBytes: number;
  /** Bytes of the downloads in files/ (not loaded by the page). */
  downloadBytes: number;
  /** Runs. */
  runs: number;
  /** Median navigation start → table usable (the page's own mark). */
  readyMs: number;
  /** Median wall time from goto to the table usable, as seen by the driver. */
  wallMs: number;
  /** Median time of a search ("RNBQKBNR") redrawing the table, in the page. */
  searchMs: number;
  /** All runs' [readyMs, wallMs, searchMs, boardMs]. */
  all: [number, number, number, number][];
  /** Bytes of board.js (loaded when a position is opened). */
  boardBytes: number;
  /** Median time from opening a position to its board drawn (the page's marks). */
  boardMs: number;
  /** The landing page measured, its bytes, and the median time from navigation start to its load event. */
  landing: { page: string; bytes: number; gzipBytes: number; loadMs: number; all: number[] } | null;
}

/** Measures a site folder's page `runs` times, each in a fresh tab (and the landing page, when given). */
export async function benchSite(siteDir: string, runs = 5, landingPage?: string): Promise<SiteBench> {
  const index = join(siteDir, "index.html");
  const html = await Deno.readFile(index);
  let downloadBytes = 0;
  for (const e of Deno.readDirSync(join(siteDir, "files"))) {
    downloadBytes += Deno.statSync(join(siteDir, "files", e.name)).size;
  }
  const chromium = await launchChromium();
  const all: [number, number, number, number][] = [];
  const landingAll: number[] = [];
  let rows = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const page = await chromium.browser.newPage();
      const t0 = performance.now();
      await page.goto(pathToFileURL(index).href, { waitUntil: "domcontentloaded" });
      await page.waitForSelector("html[data-ready]");
      const wall = performance.now() - t0;
      const r = await page.evaluate(() => {
        const ready = performance.getEntriesByName("mbi-table-ready")[0].startTime;
        const n = document.querySelectorAll("#rows tr").length;
        const q = document.getElementById("q") as HTMLInputElement;
        const s0 = performance.now();
        q.value = "RNBQKBNR";
        q.dispatchEvent(new Event("input"));
        return { ready, n, search: performance.now() - s0 };
      });
      rows = r.n;
      // open the first position (from the table): board.js is added then
      const sp = await page.$eval("#rows tr a", (a) => a.getAttribute("href")!.slice(1));
      await page.evaluate((h) => (location.hash = h), sp);
      await page.waitForSelector("html[data-board]");
      const board = await page.evaluate(() =>
        performance.measure("mbi-board", "mbi-board-start", "mbi-board-ready").duration
      );
      all.push([r.ready, wall, r.search, board]);
      await page.close();
    }
    for (let i = 0; landingPage && i < runs; i++) {
      const page = await chromium.browser.newPage();
      await page.goto(pathToFileURL(landingPage).href, { waitUntil: "load" });
      landingAll.push(
        await page.evaluate(() =>
          (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd
        ),
      );
      await page.close();
    }
  } finally {
    await chromium.close();
  }
  return {
    page: index,
    rows,
    pageBytes: html.length,
    pageGzipBytes: gzipSync(html).length,
    downloadBytes,
    runs,
    readyMs: median(all.map((x) => x[0])),
    wallMs: median(all.map((x) => x[1])),
    searchMs: median(all.map((x) => x[2])),
    all,
    boardBytes: Deno.statSync(join(siteDir, "board.js")).size,
    boardMs: median(all.map((x) => x[3])),
    landing: landingPage
      ? await Deno.readFile(landingPage).then((b) => ({
        page: landingPage,
        bytes: b.length,
        gzipBytes: gzipSync(b).length,
        loadMs: median(landingAll),
        all: landingAll,
      }))
      : null,
  };
}

/** One row of {@link compareSites}: a results root's medians over the rounds. */
export interface SiteComparisonRow {
  /** The results root measured. */
  root: string;
  /** The page's bytes. */
  pageBytes: number;
  /** Medians over the rounds of each round's median: table usable (page mark), wall from goto, search redraw, board drawn, landing load (ms). */
  readyMs: number;
  /** Wall time from `goto` to the table usable (ms). */
  wallMs: number;
  /** A search's redraw (ms). */
  searchMs: number;
  /** The board drawn after a position is opened (ms). */
  boardMs: number;
  /** The landing page's load event (ms). */
  landingMs: number;
}

/**
 * Measures the same dataset's page (and the landing page) under several
 * results roots in turn, `rounds` times each (interleaved, so a machine busy
 * with other work slows every root alike), and gives each root's medians.
 */
export async function compareSites(
  roots: readonly string[],
  folder: string,
  rounds = 4,
  runs = 5,
): Promise<SiteComparisonRow[]> {
  const per = roots.map(() => [] as SiteBench[]);
  for (let i = 0; i < rounds; i++) {
    for (const [k, root] of roots.entries()) {
      per[k].push(await benchSite(join(root, folder, "site"), runs, join(root, "index.html")));
    }
  }
  return roots.map((root, k) => {
    const m = (f: (b: SiteBench) => number) => median(per[k].map(f));
    return {
      root,
      pageBytes: per[k][0].pageBytes,
      readyMs: m((b) => b.readyMs),
      wallMs: m((b) => b.wallMs),
      searchMs: m((b) => b.searchMs),
      boardMs: m((b) => b.boardMs),
      landingMs: m((b) => b.landing?.loadMs ?? NaN),
    };
  });
}
