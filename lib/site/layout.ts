/**
 * How a page lays out in headless Chromium at a given width, as a reader
 * would see it: what is wider than the viewport (sideways scrolling), and
 * which table captions are taller than their table's first row and than
 * three of their own lines (a caption squeezed into a narrow column, one word
 * or one character a line; a caption that wraps to two or three lines at a
 * phone's width is ordinary). Used by the browser test and by
 * `deno task screenshots`.
 *
 * @module
 */

import type { Page } from "puppeteer-core";

/** The widths the pages are checked and photographed at: a desktop and a phone. */
export const VIEWPORTS = [{ name: "desktop", width: 1400, height: 900 }, {
  name: "phone",
  width: 390,
  height: 844,
}] as const;

/** What is wrong with a page's layout at one width (empty lists: nothing). */
export interface LayoutReport {
  /** The viewport's width (px). */
  width: number;
  /** The document's scroll width (px): above `width` means sideways scrolling. */
  scrollWidth: number;
  /** The page's height (px). */
  height: number;
  /** Visible elements whose right edge lies beyond the viewport, as `tag#id.class` (at most 10). */
  tooWide: string[];
  /** Captions taller than their table's first row and than three of their lines: the caption's start, its height and the row's. */
  tallCaptions: { caption: string; height: number; row: number }[];
}

/** Measures the page as it is laid out now (run after it has loaded). */
export function measureLayout(page: Page): Promise<LayoutReport> {
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
      width: vw,
      scrollWidth: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
      tooWide,
      tallCaptions,
    };
  });
}

/** The report's problems in words (empty when the page lays out well). */
export function layoutProblems(r: LayoutReport): string[] {
  return [
    ...(r.scrollWidth > r.width ? [`the page scrolls sideways: ${r.scrollWidth} px wide at ${r.width} px`] : []),
    ...r.tooWide.map((e) => `${e} reaches beyond the ${r.width} px viewport`),
    ...r.tallCaptions.map((c) =>
      `caption "${c.caption}…" is ${c.height} px tall (more than three lines), its table's first row ${c.row} px`
    ),
  ];
}
