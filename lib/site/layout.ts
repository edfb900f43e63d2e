/**
 * Headless Chromium (Debian's, driven by puppeteer-core) for the browser tests and screenshots: how a page lays out
 * at a given width (what is too wide, which captions too tall), and the site's benchmark (measured, never asserted).
 *
 * @module
 */

import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { gzipSync } from "node:zlib";
import { median } from "simple-statistics";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { MbiError } from "../core/mod.ts";

/** Where Debian's `chromium` package puts the browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** The install line printed when Chromium is missing. */
export const CHROMIUM_INSTALL = "apt-get install -y --no-install-recommends chromium";

/** True when the Chromium executable is there. */
export function chromiumAvailable(path = CHROMIUM): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** Throws the commands' one error when Chromium is missing, naming its install line. */
export function requireChromium(): void {
  if (!chromiumAvailable()) {
    throw new MbiError("chromium", `no Chromium at ${CHROMIUM}; install it with: ${CHROMIUM_INSTALL}`);
  }
}

/** A running headless Chromium; `close()` ends it and removes its temporary profile folder. */
export type Chromium = { browser: Browser; close(): Promise<void> };

/** Nothing fetched in the background, nothing asked on a first run. */
const QUIET = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** Launches headless Chromium with a fresh user-data folder (removed on close). */
export async function launchChromium(path = CHROMIUM): Promise<Chromium> {
  const profile = await Deno.makeTempDir({ prefix: "mbi-chromium-" });
  const browser = await puppeteer.launch({
    executablePath: path,
    headless: true,
    pipe: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", ...QUIET, `--user-data-dir=${profile}`],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}

/** The widths the pages are checked and photographed at: a desktop and a phone. */
export const VIEWPORTS = [
  { name: "desktop", width: 1400, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** What is wrong with a page's layout at one width (empty lists: nothing); see measureLayout. */
export type LayoutReport = Awaited<ReturnType<typeof measureLayout>>;

/** Measures the page as it is laid out now (run after it has loaded). */
export function measureLayout(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
    };
    // an element inside a sideways-scrolling box (.scroll) may be wider: the box scrolls, the page does not
    const scrolls = (e: Element) => {
      for (let p = e.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === "auto" || o === "scroll" || o === "hidden") {
          return p !== document.documentElement && p !== document.body;
        }
      }
      return false;
    };
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${
        e.classList.length ? `.${[...e.classList].join(".")}` : ""
      }`;
    const tooWide = [...document.body.querySelectorAll("*")]
      .filter((e) => visible(e) && e.getBoundingClientRect().right > vw + 1 && !scrolls(e))
      .slice(0, 10).map(name);
    const tallCaptions = [...document.querySelectorAll("table")].flatMap((t) => {
      const c = t.querySelector(":scope > caption");
      const row = t.querySelector("tbody tr");
      if (!c || !row || !visible(c) || !visible(row)) return [];
      const h = c.getBoundingClientRect().height, r = row.getBoundingClientRect().height;
      const style = getComputedStyle(c);
      const line = parseFloat(style.lineHeight) || 1.5 * parseFloat(style.fontSize);
      return h > Math.max(r, 3 * line) + 0.5
        ? [{ caption: (c.textContent ?? "").slice(0, 60), height: Math.round(h), row: Math.round(r) }]
        : [];
    });
    return {
      /** The viewport's width, and the document's scroll width (above `width` means sideways scrolling) (px). */
      width: vw,
      scrollWidth: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
      /** Visible elements whose right edge lies beyond the viewport, as `tag#id.class` (at most 10). */
      tooWide,
      /** Captions taller than their table's first row and than three of their lines, with both heights. */
      tallCaptions,
    };
  });
}

/** The report's problems in words (empty when the page lays out well). */
export const layoutProblems = (r: LayoutReport): string[] => [
  ...(r.scrollWidth > r.width ? [`the page scrolls sideways: ${r.scrollWidth} px wide at ${r.width} px`] : []),
  ...r.tooWide.map((e) => `${e} reaches beyond the ${r.width} px viewport`),
  ...r.tallCaptions.map((c) =>
    `caption "${c.caption}…" is ${c.height} px tall (more than three lines), its table's first row ${c.row} px`
  ),
];

/** One benchmark's figures (times in milliseconds, medians over the runs; see benchSite). */
export type SiteBench = Awaited<ReturnType<typeof benchSite>>;

/** Measures a site folder's page `runs` times, each in a fresh tab (and the landing page, when given). */
export async function benchSite(siteDir: string, runs = 5, landingPage?: string) {
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
    /** The page measured, and the rows in its table once usable. */
    page: index,
    rows,
    /** Bytes of index.html (everything the page loads), gzipped (what a static host sends), and of the downloads. */
    pageBytes: html.length,
    pageGzipBytes: gzipSync(html).length,
    downloadBytes,
    runs,
    /** Navigation start → table usable (the page's own mark); wall time from goto, as the driver sees it. */
    readyMs: median(all.map((x) => x[0])),
    wallMs: median(all.map((x) => x[1])),
    /** A search ("RNBQKBNR") redrawing the table, in the page. */
    searchMs: median(all.map((x) => x[2])),
    /** All runs' [readyMs, wallMs, searchMs, boardMs]. */
    all,
    /** Bytes of board.js (loaded when a position is opened), and the time from opening a position to its board. */
    boardBytes: Deno.statSync(join(siteDir, "board.js")).size,
    boardMs: median(all.map((x) => x[3])),
    /** The landing page, its bytes, and the time from navigation start to its load event. */
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

type Medians = Pick<SiteBench, "pageBytes" | "readyMs" | "wallMs" | "searchMs" | "boardMs">;
/** One row of {@link compareSites}: a results root, its page's bytes, and medians over the rounds (ms). */
export type SiteComparisonRow = Medians & { root: string; landingMs: number };

/**
 * Measures the same dataset's page (and the landing page) under several results roots, `rounds` times each
 * (interleaved, so a machine busy with other work slows every root alike), and gives each root's medians.
 */
export async function compareSites(
  roots: string[],
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
