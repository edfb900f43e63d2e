/**
 * A data frame's HTML table for people (danfojs only prints text tables):
 * caption, index, columns (the chosen ones, the others named), head and tail
 * of a long frame, its shape, and numbers formatted for reading — the
 * display `frames.ts` installs on every danfojs DataFrame and Series.
 *
 * @module
 */

import { markup } from "../core/mod.ts";
import { PALETTE } from "../plot/mod.ts";
import type { DataFrame, Series } from "./frames.ts";

/** The key of a frame's caption (set by `withCaption`). */
export const FRAME_CAPTION = Symbol.for("mbi.caption");
/** The key of the columns a frame's table shows (set by `showColumns`). */
export const FRAME_COLUMNS = Symbol.for("mbi.shownColumns");

/** The caption of a frame, if it has one. */
export function captionOf(df: DataFrame | Series): string | undefined {
  return (df as unknown as Record<symbol, string | undefined>)[FRAME_CAPTION];
}

function isSeries(df: DataFrame | Series): df is Series {
  return (df as unknown as { $isSeries?: boolean }).$isSeries === true;
}

/** Columns and rows of a frame or series as plain arrays. */
export function frameTable(
  df: DataFrame | Series,
): { columns: string[]; index: (string | number)[]; rows: unknown[][] } {
  if (isSeries(df)) {
    return { columns: df.columns.length ? df.columns : ["value"], index: df.index, rows: df.values.map((v) => [v]) };
  }
  return { columns: df.columns, index: df.index, rows: df.values as unknown[][] };
}

/** One cell for people: integers plainly (thousands separated from 10,000), others to 4 significant digits. */
export function formatCell(v: unknown): string {
  if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v))) return "—";
  if (typeof v === "number") {
    if (Number.isInteger(v)) return Math.abs(v) >= 10_000 ? v.toLocaleString("en-US") : String(v);
    if (Math.abs(v) >= 10_000) return Math.round(v).toLocaleString("en-US");
    return String(Number(v.toPrecision(4)));
  }
  if (Array.isArray(v)) return v.join(" ");
  return String(v);
}

/** Options of {@link frameHtml}. */
export interface FrameHtmlOptions {
  /** Longest frame shown whole; longer ones show head and tail (default 40). */
  maxRows?: number;
  /** Rows shown from the top of a long frame (default 12). */
  head?: number;
  /** Rows shown from the bottom of a long frame (default 5). */
  tail?: number;
  /** The caption (default: the frame's own, set by `withCaption`). */
  caption?: string;
  /** Longest text shown in a cell; longer text is cut with "…" (whole in the frame; default 160). */
  maxText?: number;
}

/** A frame (or series) as an HTML table: caption, index, columns, head and tail when long, and its shape. */
export function frameHtml(df: DataFrame | Series, opts: FrameHtmlOptions = {}): string {
  const all = frameTable(df);
  const chosen = (df as unknown as Record<symbol, string[] | undefined>)[FRAME_COLUMNS]?.filter((c) =>
    all.columns.includes(c)
  );
  const keep = chosen?.length ? chosen.map((c) => all.columns.indexOf(c)) : all.columns.map((_, j) => j);
  const columns = keep.map((j) => all.columns[j]), index = all.index, rows = all.rows.map((r) => keep.map((j) => r[j]));
  const hidden = all.columns.filter((c) => !columns.includes(c));
  const maxRows = opts.maxRows ?? 40, head = opts.head ?? 12, tail = opts.tail ?? 5;
  const numeric = columns.map((_, j) =>
    rows.length > 0 && rows.every((r) => r[j] === null || r[j] === undefined || typeof r[j] === "number")
  );
  // A long text column keeps a readable width (the table scrolls sideways in its box) instead of being squeezed
  // into a narrow column of many lines.
  const longest = columns.map((_, j) => Math.max(0, ...rows.map((r) => formatCell(r[j]).length)));
  const width = (j: number) =>
    numeric[j] || longest[j] <= 24
      ? ";white-space:nowrap"
      : `;min-width:${Math.min(22, Math.round(longest[j] * 0.5))}em;max-width:32em`;
  const maxText = opts.maxText ?? 160;
  let cut = false;
  const text = (v: unknown) => {
    const t = formatCell(v);
    if (t.length <= maxText) return t;
    cut = true;
    return t.slice(0, maxText - 1) + "…";
  };
  const cell = (v: unknown, j: number) =>
    markup`<td style="text-align:${numeric[j] ? "right" : "left"};padding:2px 8px;vertical-align:top${width(j)}">${
      text(v)
    }</td>`;
  // The index is shown, headed "row", unless a shown column holds the same values (e.g. sp): then it adds nothing.
  const showIndex = !columns.some((_, j) => rows.every((r, i) => String(r[j]) === String(index[i])));
  const tr = (i: number) =>
    markup`<tr>${
      showIndex &&
      markup`<th style="text-align:right;padding:2px 8px;color:${PALETTE.note};font-weight:normal;vertical-align:top">${
        index[i]
      }</th>`
    }${rows[i].map(cell)}</tr>`;
  const shown = rows.length > maxRows
    ? [
      ...Array.from({ length: head }, (_, i) => tr(i)),
      markup`<tr><td colspan="${
        columns.length + (showIndex ? 1 : 0)
      }" style="text-align:center;color:${PALETTE.note}">… ${rows.length - head - tail} more rows …</td></tr>`,
      ...Array.from({ length: tail }, (_, i) => tr(rows.length - tail + i)),
    ]
    : rows.map((_, i) => tr(i));
  const th = columns.map((c, j) =>
    markup`<th style="text-align:${
      numeric[j] ? "right" : "left"
    };padding:2px 8px;border-bottom:1px solid ${PALETTE.reference}">${c}</th>`
  );
  const caption = opts.caption ?? captionOf(df);
  const shape = isSeries(df)
    ? `${rows.length} values`
    : `${rows.length} row${rows.length === 1 ? "" : "s"} × ${all.columns.length} columns${
      hidden.length ? ` (${columns.length} shown; also in the frame: ${hidden.join(", ")})` : ""
    }${cut ? `; text longer than ${maxText} characters is cut here, whole in the frame` : ""}`;
  return String(
    markup`<div style="max-width:100%;overflow-x:auto"><table class="dataframe" style="border-collapse:collapse;font-size:12px">${
      caption &&
      markup`<caption style="caption-side:top;text-align:left;color:${PALETTE.caption};padding:2px 0">${caption}</caption>`
    }<thead><tr>${
      showIndex &&
      markup`<th style="text-align:right;padding:2px 8px;color:${PALETTE.note};font-weight:normal;border-bottom:1px solid ${PALETTE.reference}" title="the frame's index: df.loc({ rows: [...] }) selects by it">row</th>`
    }${th}</tr></thead><tbody>${shown}</tbody></table><p style="font-size:11px;color:${PALETTE.note};margin:2px 0">${shape}</p></div>`,
  );
}

/** A frame's plain-text fallback: caption, shape and columns. */
export function framePlainText(df: DataFrame | Series): string {
  const { columns, rows } = frameTable(df);
  const caption = captionOf(df);
  return `${caption ? caption + "\n" : ""}${rows.length} rows × ${columns.length} columns: ${columns.join(", ")}`;
}
