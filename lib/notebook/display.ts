/**
 * Notebook display helpers for the Deno kernel: HTML tables, banners, several outputs as one, a headless run's stop
 * and a live progress line; plain functions, testable outside Jupyter.
 *
 * @module
 */

import { Html, markup } from "../core/mod.ts";
import { JUPYTER_DISPLAY as DISPLAY, PALETTE } from "../plot/mod.ts";
import { formatProgress, type Progress } from "../runs/mod.ts";

/** A value the Deno kernel renders with the MIME bundle its display hook (`Symbol.for("Jupyter.display")`) gives. */
export type Displayable = { [key: symbol]: () => Record<string, string> };

/** A column of {@link htmlTable}: its header, the cell's value (text, escaped, nothing for null; or markup), right-aligned when numeric. */
export type Column<T> = { header: string; value: (row: T) => unknown; numeric?: boolean };

/** A cell's value as text, or its markup. */
const cellValue = (v: unknown): Html | string => v instanceof Html ? v : v === null || v === undefined ? "" : String(v);

/** Renders rows as an HTML table. */
export function htmlTable<T>(rows: readonly T[], columns: readonly Column<T>[], caption?: string): Html {
  const align = (c: Column<T>) => c.numeric ? "right" : "left";
  const th = columns.map((c) => markup`<th style="text-align:${align(c)}">${c.header}</th>`);
  const body = rows.map((r, i) =>
    markup`${i > 0 && "\n"}<tr>${
      columns.map((c) => markup`<td style="text-align:${align(c)}">${cellValue(c.value(r))}</td>`)
    }</tr>`
  );
  return markup`<table>${
    caption && markup`<caption>${caption}</caption>`
  }<thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** Renders key/value pairs as a two-column HTML table. */
export const htmlKeyValues = (pairs: [string, unknown][], caption?: string): Html =>
  htmlTable(pairs, [{ header: "", value: (p) => p[0] }, { header: "", value: (p) => p[1] }], caption);

/** Wraps HTML (markup, or a string of it) and a plain-text fallback so that a notebook cell shows it as `text/html`. */
export function html(content: Html | string, plain = "(HTML output)"): Displayable {
  return { [DISPLAY]: () => ({ "text/html": String(content), "text/plain": plain }) };
}

/** A notebook's banner: at the method's budgets (the published figures' colour) or not (the accent colour). */
export function bannerBox(method: boolean, content: Html): Html {
  const [edge, tint] = method ? [PALETTE.published, PALETTE.publishedTint] : [PALETTE.accent, PALETTE.accentTint];
  return markup`<div style="border-left:4px solid ${edge};background:${tint};padding:6px 10px;margin:4px 0">${content}</div>`;
}

/** Several outputs (displayables, markup or HTML strings) as one, in order: e.g. the banner and a line under it. */
export function stack(...parts: readonly (Displayable | Html | string)[]): Displayable {
  const bundle = (p: Displayable | Html | string) =>
    typeof p === "string" || !(DISPLAY in p)
      ? { "text/html": String(p), "text/plain": String(p).replace(/<[^>]*>/g, "") }
      : p[DISPLAY]();
  const shown = parts.map(bundle);
  return html(shown.map((b) => b["text/html"] ?? "").join(""), shown.map((b) => b["text/plain"] ?? "").join("\n"));
}

/** MIME type that makes the headless runner (run_notebook.py) stop after the cell that shows it. */
export const STOP_MIME = "application/vnd.mbi.stop+json";

/**
 * Shows `content` and ends a headless run successfully after this cell (the later cells stay unexecuted), e.g. when
 * a notebook does not apply to the profile. In an interactive session it only shows the text.
 */
export function stopHere(content: Html | string, plain = "(the rest of this notebook does not apply)"): Displayable {
  return { [DISPLAY]: () => ({ "text/html": String(content), "text/plain": plain, [STOP_MIME]: "{}" }) };
}

type JupyterApi = {
  display(obj: unknown, opts: { raw: boolean; display_id?: string; update?: boolean }): Promise<void>;
};

/** The kernel's `Deno.jupyter` namespace, or undefined outside a notebook. */
function jupyter(): JupyterApi | undefined {
  try {
    return (Deno as unknown as { jupyter?: JupyterApi }).jupyter;
  } catch {
    return undefined;
  }
}

/**
 * A progress callback for notebooks: one display line updated in place (count, rate, ETA), at most one update per
 * `everyMs` but always the final one; console.log outside Jupyter.
 */
export function notebookProgress(displayId: string, everyMs = 1000): (p: Progress) => void {
  const api = jupyter();
  let shown = false;
  let last = 0;
  return (p) => {
    const now = performance.now();
    const final = p.done >= p.total;
    if (!final && shown && now - last < everyMs) return;
    last = now;
    const line = formatProgress(p);
    if (!api) {
      console.log(line);
      return;
    }
    const bundle = { "text/plain": line, "text/html": String(markup`<pre>${line}</pre>`) };
    void api.display(bundle, { raw: true, display_id: displayId, update: shown });
    shown = true;
  };
}
