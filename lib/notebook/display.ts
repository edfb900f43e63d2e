/**
 * Notebook display helpers for the Deno kernel: HTML tables, rich values,
 * and a live progress line (`Deno.jupyter.display` with a `display_id`).
 * Plain functions returning strings, so they are testable outside Jupyter.
 *
 * @module
 */

import { formatProgress, type Progress } from "../stages/progress.ts";

/** A value the Deno kernel renders with the given MIME bundle. */
export interface Displayable {
  /** Deno's display hook. */
  [key: symbol]: () => Record<string, string>;
}

/** Escapes text for HTML. */
export function escapeHtml(text: unknown): string {
  return String(text ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;")
    .replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A column of {@link htmlTable}: a key of the row, a header, an optional formatter. */
export interface Column<T> {
  /** Header text. */
  header: string;
  /** Cell value. */
  value: (row: T) => unknown;
  /** Right-align (numbers). */
  numeric?: boolean;
  /** Cell HTML instead of escaped text. */
  html?: boolean;
}

/** Renders rows as an HTML table. */
export function htmlTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  caption?: string,
): string {
  const th = columns.map((c) => `<th style="text-align:${c.numeric ? "right" : "left"}">${escapeHtml(c.header)}</th>`)
    .join("");
  const body = rows.map((r) =>
    "<tr>" + columns.map((c) => {
      const v = c.value(r);
      return `<td style="text-align:${c.numeric ? "right" : "left"}">${c.html ? String(v) : escapeHtml(v)}</td>`;
    }).join("") + "</tr>"
  ).join("\n");
  return `<table>${
    caption ? `<caption>${escapeHtml(caption)}</caption>` : ""
  }<thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** Renders key/value pairs as a two-column HTML table. */
export function htmlKeyValues(
  pairs: [string, unknown][],
  caption?: string,
): string {
  return htmlTable(pairs, [{ header: "", value: (p) => p[0] }, {
    header: "",
    value: (p) => p[1],
  }], caption);
}

/** Wraps HTML (and a plain-text fallback) so that a notebook cell shows it as `text/html`. */
export function html(markup: string, plain = "(HTML output)"): Displayable {
  return {
    [Symbol.for("Jupyter.display")]: () => ({
      "text/html": markup,
      "text/plain": plain,
    }),
  };
}

/** Several outputs (displayables or HTML strings) as one, in order: e.g. the banner and a line under it. */
export function stack(...parts: readonly (Displayable | string)[]): Displayable {
  const bundle = (p: Displayable | string) =>
    typeof p === "string" ? { "text/html": p, "text/plain": p.replace(/<[^>]*>/g, "") } : p[DISPLAY]();
  const shown = parts.map(bundle);
  return html(shown.map((b) => b["text/html"] ?? "").join(""), shown.map((b) => b["text/plain"] ?? "").join("\n"));
}

const DISPLAY = Symbol.for("Jupyter.display");

/** MIME type that makes the headless runner (run_notebook.py) stop after the cell that shows it. */
export const STOP_MIME = "application/vnd.mbi.stop+json";

/**
 * Shows `markup` and ends a headless run of the notebook after this cell
 * (successfully; the later cells stay unexecuted), e.g. when a notebook does
 * not apply to the profile. In an interactive session it only shows the text.
 */
export function stopHere(markup: string, plain = "(the rest of this notebook does not apply)"): Displayable {
  return {
    [Symbol.for("Jupyter.display")]: () => ({ "text/html": markup, "text/plain": plain, [STOP_MIME]: "{}" }),
  };
}

type JupyterApi = {
  display(
    obj: unknown,
    opts: { raw: boolean; display_id?: string; update?: boolean },
  ): Promise<void>;
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
 * A progress callback for notebooks: one display line updated in place
 * (count, rate, ETA); falls back to console.log outside Jupyter. Updates are
 * throttled to one per `everyMs` (the final one always shows).
 */
export function notebookProgress(
  displayId: string,
  everyMs = 1000,
): (p: Progress) => void {
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
    void api.display({
      "text/plain": line,
      "text/html": `<pre>${escapeHtml(line)}</pre>`,
    }, {
      raw: true,
      display_id: displayId,
      update: shown,
    });
    shown = true;
  };
}
