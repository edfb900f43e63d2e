/**
 * The figures' shared look, and what every figure says about itself: a title and a caption (profile, engine,
 * budget, n) drawn inside the SVG — so a saved `.svg` file says what it is — and axes robust to outliers.
 * Notebook cells pass short Observable Plot specs to {@link figure}; a figure shows in Jupyter and in the HTML
 * export as `text/html` (nbconvert blanks `image/svg+xml`).
 *
 * @module
 */

import type * as PlotTypes from "@observablehq/plot";
import { plotSvg, type RenderedPlot } from "./render.ts";
import { type BudgetFacts, datasetLabel, evalBudgetText, quantileSorted, selfplayBudgetText } from "../method/mod.ts";
import { escapeHtml, fixedNonZero, num } from "../core/mod.ts";
import { PALETTE } from "./palette.ts";

/** Sizes (px), fonts and colours shared by every figure. */
export const THEME = {
  width: 640,
  /** Height of the plot area's SVG (title and caption are added above and below). */
  height: 300,
  /** Width of a figure meant to stand beside another. */
  narrow: 440,
  /** Width of a page's figure drawn again for a phone's screen (it fits a 360 px screen without scaling). */
  phone: 320,
  font: "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  titleSize: 14,
  captionSize: 11,
  colors: PALETTE,
} as const;

/** The symbol whose method the Deno kernel calls to display a value (a MIME bundle). */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for("Jupyter.display") as typeof JUPYTER_DISPLAY;

/** A rendered figure: standalone SVG (title and caption inside), HTML, scales; shows itself in a notebook cell. */
export interface Figure extends RenderedPlot {
  title: string;
  /** The caption lines drawn at the bottom. */
  caption: string[];
  [JUPYTER_DISPLAY]: () => Record<string, string>;
}

/** Plot options plus the figure's title and caption (parts that are empty or false are left out). */
export type FigureSpec = Omit<PlotTypes.PlotOptions, "title" | "subtitle" | "caption"> & {
  title: string;
  /** One or more sentences drawn under the plot (profile, engine, budget, n; how axes are clipped). */
  caption: string | (string | null | undefined | false)[];
};

// SVG has no text wrapping and linkedom (the DOM the figures are drawn in) no text metrics, and no library here
// measures text without a canvas: a line's width is estimated per character from the advance widths of DejaVu Sans —
// what the theme's `system-ui, …, sans-serif` resolves to on these machines, and wider than Helvetica, Arial or Segoe
// UI — so that a line estimated to fit fits in each of them.

/** Advance widths in em of DejaVu Sans Book (rounded to 3 decimals): each character with the number at its place. */
const WIDTHS: [string, number[]][] = [
  ["ABCDEFGHIJKLM", [0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863]],
  ["NOPQRSTUVWXYZ", [0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685]],
  ["abcdefghijklm", [0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974]],
  ["nopqrstuvwxyz", [0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525]],
  [" !\"#$%&'()*+", [0.318, 0.4, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5, 0.838]],
  [",-./:;<=>?@[", [0.318, 0.361, 0.318, 0.337, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531, 1, 0.39]],
  ["\\]^_`{|}~·×−", [0.337, 0.39, 0.838, 0.5, 0.5, 0.636, 0.337, 0.636, 0.838, 0.318, 0.838, 0.838]],
  ["…→↑√–—±≥≤Δρ", [1, 0.838, 0.838, 0.636, 0.5, 1, 0.838, 0.838, 0.838, 0.684, 0.636]],
];

const EM = new Map(WIDTHS.flatMap(([chars, ems]) => [...chars].map((c, i) => [c, ems[i]] as const)));

/** Digits are all 0.636 em; a character not in the table counts as a wide letter. */
const DIGIT_EM = 0.636, OTHER_EM = 0.8;

/** How much wider the bold face runs than the regular one (DejaVu Sans Bold against Book). */
const BOLD = 1.12;

/** The estimated width in px of `text` at `size` px, regular or bold. */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const c of text) em += EM.get(c) ?? (c >= "0" && c <= "9" ? DIGIT_EM : OTHER_EM);
  return em * size * (bold ? BOLD : 1);
}

/** The share of a figure's width a line of text may fill (the text starts 2 px in; the widths are estimates). */
const FILL = 0.97;

/**
 * Splits text into lines that fit `width` pixels at `size` px (bold for the title). A word wider than a line (a
 * long results key) is broken before its `~` tags, and only if a piece is still too wide, between characters.
 */
export function wrapText(text: string, width: number, size: number, bold = false): string[] {
  const max = width * FILL;
  const fits = (t: string) => textWidth(t, size, bold) <= max;
  // each piece with whether it follows the one before without a space (the rest of a broken word)
  const pieces = text.split(/\s+/).filter(Boolean).flatMap((word) =>
    (fits(word) ? [word] : breakWord(word, fits)).map((t, i) => ({ t, glued: i > 0 }))
  );
  const lines: string[] = [];
  let line = "";
  for (const { t, glued } of pieces) {
    const next = line ? `${line}${glued ? "" : " "}${t}` : t;
    if (line && !fits(next)) {
      lines.push(line);
      line = t;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A word too wide for a line, in pieces that fit: before each `~`, then between characters where still needed. */
function breakWord(word: string, fits: (t: string) => boolean): string[] {
  return word.split(/(?=~)/).flatMap((part) => {
    if (fits(part)) return [part];
    const out: string[] = [];
    let cur = "";
    for (const c of part) {
      if (cur && !fits(cur + c)) {
        out.push(cur);
        cur = c;
      } else cur += c;
    }
    return cur ? [...out, cur] : out;
  });
}

/** The narrowest a figure is drawn on a page (px): below it, its 11 px text would shrink under 8 px. */
export const FIGURE_MIN_WIDTH = 480;

/** A standalone SVG that a page may scale down to fit, but never below `px` (its box scrolls instead). */
export function withMinWidth(svg: string, px: number): string {
  return svg.replace(/^<svg /, `<svg style="min-width:${px}px" `);
}

/** Renders a Plot spec with the theme: title and caption as SVG text in one standalone SVG, the plot nested in it. */
export function figure(spec: FigureSpec): Figure {
  const { title, caption, ...options } = spec;
  const width = options.width ?? THEME.width;
  const plot = plotSvg({
    height: THEME.height,
    ...options,
    width,
    style: { fontFamily: THEME.font, fontSize: "11px", ...(typeof options.style === "object" ? options.style : {}) },
  });
  const parts = [caption].flat().filter((c): c is string => typeof c === "string" && c.length > 0);
  const titleLines = wrapText(title, width, THEME.titleSize, true);
  const captionLines = parts.flatMap((p) => wrapText(p, width, THEME.captionSize));
  const tl = THEME.titleSize * 1.3, cl = THEME.captionSize * 1.4;
  const top = Math.ceil(6 + titleLines.length * tl);
  const bottom = Math.ceil(captionLines.length ? 4 + captionLines.length * cl : 0);
  const height = top + plot.height + bottom;
  const text = (lines: string[], y0: number, step: number, attrs: string) =>
    lines.map((l, i) => `<text x="2" y="${(y0 + i * step).toFixed(1)}" ${attrs}>${escapeHtml(l)}</text>`).join("");
  const inner = plot.svg.replace(/^<svg/, `<svg x="0" y="${top}"`);
  const titleAttrs = `font-size="${THEME.titleSize}" font-weight="600" fill="${PALETTE.strong}"`;
  const captionAttrs = `font-size="${THEME.captionSize}" fill="${PALETTE.caption}"`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeHtml(title)}" font-family="${escapeHtml(THEME.font)}">` +
    `<title>${escapeHtml(title)}</title><desc>${escapeHtml(parts.join(" "))}</desc>` +
    `<rect width="100%" height="100%" fill="${PALETTE.background}"/>` +
    text(titleLines, THEME.titleSize + 2, tl, titleAttrs) +
    inner +
    text(captionLines, top + plot.height + 2 + THEME.captionSize, cl, captionAttrs) +
    `</svg>`;
  // shown in a notebook: scaled down to fit, but never below FIGURE_MIN_WIDTH (its text would be too small to read);
  // narrower screens scroll the figure sideways in its box
  const shown = withMinWidth(svg, Math.min(width, FIGURE_MIN_WIDTH));
  const html = `<div style="display:inline-block;vertical-align:top;margin:0 12px 12px 0;max-width:100%;` +
    `overflow-x:auto">${shown}</div>`;
  return {
    title,
    caption: parts,
    svg,
    html,
    scales: plot.scales,
    [JUPYTER_DISPLAY]: () => ({ "text/html": html, "text/plain": `${title}\n${parts.join("\n")}` }),
  };
}

/** Figures side by side (wrapping on narrow screens), as one notebook output. */
export function figures(...figs: readonly { html: string; title?: string }[]) {
  const html = `<div>${figs.map((f) => f.html).join("")}</div>`;
  return {
    html,
    [JUPYTER_DISPLAY]: () => ({ "text/html": html, "text/plain": figs.map((f) => f.title ?? "figure").join("\n") }),
  };
}

/**
 * The standard caption line in readers' words, `Stockfish 17.1, 125,000 nodes per position · n = 960 positions`:
 * the dataset (engine and budget), self-play and n (the results key is the banner's and the file paths', not the
 * caption's).
 */
export function captionLine(f: BudgetFacts, n: number, unit = "positions"): string {
  return [
    f.engine === undefined ? evalBudgetText(f.evalLimit) : datasetLabel(f.engine, f.evalLimit),
    f.selfplay ? `self-play ${selfplayBudgetText(f.selfplay)}` : undefined,
    `n = ${n.toLocaleString("en-US")} ${unit}`,
  ].filter(Boolean).join(" · ");
}

/**
 * An axis `domain` robust to outliers (the data's range cut at Tukey's far `fences`), the rows inside it (`shown`)
 * and beyond it, and the caption's `note` of where the axis was clipped and which rows lie beyond (null: none).
 */
export interface Clip<T> {
  domain: [number, number];
  shown: T[];
  beyond: T[];
  fences: [number, number];
  note: string | null;
}

/**
 * Clips an axis at Tukey's far fences, Q1 − k·IQR and Q3 + k·IQR (k = 3 by default; type-7 quartiles), never
 * inside the data's own range unless rows lie beyond a fence, and always including `include` (e.g. 0). The rows
 * beyond are listed in the note (up to five, then a count).
 */
export function clipOutliers<T>(
  rows: readonly T[],
  value: (r: T) => number,
  opts: { k?: number; label?: (r: T) => string; unit?: string; include?: number[] } = {},
): Clip<T> {
  const k = opts.k ?? 3;
  const vs = rows.map(value).filter(Number.isFinite).sort((a, b) => a - b);
  if (vs.length === 0) return { domain: [0, 1], shown: [...rows], beyond: [], fences: [0, 1], note: null };
  const q1 = quantileSorted(vs, 0.25), q3 = quantileSorted(vs, 0.75), iqr = q3 - q1;
  const fenceLo = q1 - k * iqr, fenceHi = q3 + k * iqr;
  let lo = Math.max(vs[0], fenceLo), hi = Math.min(vs[vs.length - 1], fenceHi);
  for (const v of opts.include ?? []) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (lo === hi) hi = lo + 1;
  const inside = (r: T) => value(r) >= lo && value(r) <= hi;
  const shown = rows.filter(inside);
  const beyond = rows.filter((r) => !inside(r)).sort((a, b) => Math.abs(value(b)) - Math.abs(value(a)));
  const unit = opts.unit ? ` ${opts.unit}` : "";
  const label = opts.label ?? ((r: T) => String(value(r)));
  const fmt = (v: number) => Number.isInteger(v) ? num(v) : fixedNonZero(v, 1);
  const more = beyond.length > 5 ? ` and ${beyond.length - 5} more` : "";
  const note = beyond.length
    ? `Axis clipped at Tukey's far fences Q1 − ${k}·IQR = ${fmt(fenceLo)} and Q3 + ${k}·IQR = ${fmt(fenceHi)}${unit} ` +
      `(axis ${fmt(lo)} .. ${fmt(hi)}${unit}); not drawn: ${beyond.slice(0, 5).map(label).join(", ")}${more}.`
    : null;
  return { domain: [lo, hi], shown, beyond, fences: [fenceLo, fenceHi], note };
}
