/**
 * The figures' shared look, and what every figure says about itself: sizes and
 * colours, a title and a caption (profile, engine, budget, n) drawn inside the
 * SVG — so a saved `.svg` file says what it is — and axes robust to outliers.
 * Notebook cells write short Observable Plot specs (marks, channels) and pass
 * them to {@link figure}; a figure shown at the end of a cell renders in Jupyter
 * and in the HTML export (as `text/html`: nbconvert blanks `image/svg+xml`).
 *
 * @module
 */

import type * as PlotTypes from "@observablehq/plot";
import { plotSvg, type RenderedPlot } from "./render.ts";
import { type BudgetFacts, evalBudgetText, quantileSorted, selfplayBudgetText } from "../method/mod.ts";
import { escapeHtml } from "../core/mod.ts";
import { PALETTE } from "./palette.ts";
import { textWidth } from "./text_width.ts";

/** Sizes, fonts and colours shared by every figure. */
export const THEME = {
  /** Default width of a figure (px). */
  width: 640,
  /** Default height of the plot area's SVG (px; title and caption are added above and below). */
  height: 300,
  /** Width of a figure meant to stand beside another. */
  narrow: 440,
  /** Font of the title, caption and axes. */
  font: "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  /** Title size (px). */
  titleSize: 14,
  /** Caption size (px). */
  captionSize: 11,
  /** Colours by role (the project's one palette, `palette.ts`). */
  colors: PALETTE,
} as const;

/** The symbol whose method the Deno kernel calls to display a value (a MIME bundle). */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for("Jupyter.display") as typeof JUPYTER_DISPLAY;

/** A rendered figure: standalone SVG (title and caption inside), HTML, scales; shows itself in a notebook cell. */
export interface Figure extends RenderedPlot {
  /** The title drawn at the top. */
  title: string;
  /** The caption lines drawn at the bottom. */
  caption: string[];
  /** The Deno kernel's display hook (`text/html`). */
  [JUPYTER_DISPLAY]: () => Record<string, string>;
}

/** Plot options plus the figure's title and caption (parts that are empty or false are left out). */
export type FigureSpec = Omit<PlotTypes.PlotOptions, "title" | "subtitle" | "caption"> & {
  /** Title drawn at the top of the SVG. */
  title: string;
  /** Caption: one or more sentences drawn under the plot (profile, engine, budget, n; how axes are clipped). */
  caption: string | (string | null | undefined | false)[];
};

/** The share of a figure's width a line of text may fill (the text starts 2 px in; the widths are estimates). */
const FILL = 0.97;

/**
 * Splits text into lines that fit `width` pixels at `size` px (bold for the
 * title), by the widths of `text_width.ts`. A word wider than a line (a long
 * results key) is broken before its `~` tags, and only if a piece is still too
 * wide, between characters.
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

/**
 * Renders a Plot spec with the theme: the title at the top and the caption at
 * the bottom as SVG text inside one standalone SVG (the plot nested in it), so
 * the file, the notebook and the HTML export all show what the figure is.
 */
export function figure(spec: FigureSpec): Figure {
  const { title, caption, ...options } = spec;
  const width = options.width ?? THEME.width;
  const plot = plotSvg({
    height: THEME.height,
    ...options,
    width,
    style: { fontFamily: THEME.font, fontSize: "11px", ...(typeof options.style === "object" ? options.style : {}) },
  });
  const given: (string | null | undefined | false)[] = Array.isArray(caption) ? caption : [caption];
  const parts = given.filter((c): c is string => typeof c === "string" && c.length > 0);
  const titleLines = wrapText(title, width, THEME.titleSize, true);
  const captionLines = parts.flatMap((p) => wrapText(p, width, THEME.captionSize));
  const tl = THEME.titleSize * 1.3, cl = THEME.captionSize * 1.4;
  const top = Math.ceil(6 + titleLines.length * tl);
  const bottom = Math.ceil(captionLines.length ? 4 + captionLines.length * cl : 0);
  const height = top + plot.height + bottom;
  const text = (lines: string[], y0: number, step: number, attrs: string) =>
    lines.map((l, i) => `<text x="2" y="${(y0 + i * step).toFixed(1)}" ${attrs}>${escapeHtml(l)}</text>`).join("");
  const inner = plot.svg.replace(/^<svg/, `<svg x="0" y="${top}"`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeHtml(title)}" font-family="${escapeHtml(THEME.font)}">` +
    `<title>${escapeHtml(title)}</title><desc>${escapeHtml(parts.join(" "))}</desc>` +
    `<rect width="100%" height="100%" fill="${PALETTE.background}"/>` +
    text(
      titleLines,
      THEME.titleSize + 2,
      tl,
      `font-size="${THEME.titleSize}" font-weight="600" fill="${PALETTE.strong}"`,
    ) +
    inner +
    text(
      captionLines,
      top + plot.height + 2 + THEME.captionSize,
      cl,
      `font-size="${THEME.captionSize}" fill="${PALETTE.caption}"`,
    ) +
    `</svg>`;
  const html = `<div style="display:inline-block;vertical-align:top;margin:0 12px 12px 0">${svg}</div>`;
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
 * The standard caption line of a figure or table: profile, engine, budgets and
 * n, e.g. `quick profile · Stockfish 17.1 · 125,000 nodes per position · n = 960 positions`.
 */
export function captionLine(f: BudgetFacts, n: number, unit = "positions"): string {
  return [
    `${f.profile} profile`,
    f.engine,
    evalBudgetText(f.evalLimit),
    f.selfplay ? `self-play ${selfplayBudgetText(f.selfplay)}` : undefined,
    `n = ${n.toLocaleString("en-US")} ${unit}`,
  ].filter(Boolean).join(" · ");
}

/** An axis domain robust to outliers, the rows inside it, those beyond it, and a sentence saying so. */
export interface Clip<T> {
  /** The domain to give the scale. */
  domain: [number, number];
  /** Rows inside the domain (to draw). */
  shown: T[];
  /** Rows beyond it (named in the note). */
  beyond: T[];
  /** Tukey's far fences Q1 − k·IQR and Q3 + k·IQR (the domain is the data's range cut at them). */
  fences: [number, number];
  /** For the caption: where the axis was clipped and which rows lie beyond (null when none). */
  note: string | null;
}

/**
 * Clips an axis at Tukey's far fences, Q1 − k·IQR and Q3 + k·IQR (k = 3 by
 * default; type-7 quartiles), never inside the data's own range unless rows
 * lie beyond a fence, and always including `include` (e.g. 0). The rows
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
  const fmt = (v: number) => Number.isInteger(v) ? String(v) : v.toFixed(1);
  const note = beyond.length
    ? `Axis clipped at Tukey's far fences Q1 − ${k}·IQR = ${fmt(fenceLo)} and Q3 + ${k}·IQR = ${
      fmt(fenceHi)
    }${unit} (axis ${fmt(lo)} .. ${fmt(hi)}${unit}); not drawn: ${beyond.slice(0, 5).map(label).join(", ")}${
      beyond.length > 5 ? ` and ${beyond.length - 5} more` : ""
    }.`
    : null;
  return { domain: [lo, hi], shown, beyond, fences: [fenceLo, fenceHi], note };
}
