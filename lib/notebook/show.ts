/**
 * The helper an analyst's own cell shows a frame with: every row (or as many as asked for), captioned with what it
 * is and its own n — never the n of the frame it was filtered from.
 *
 * @module
 */

import { captionLine } from "../plot/mod.ts";
import { int } from "../core/mod.ts";
import type { BudgetFacts } from "../method/mod.ts";
import { type Displayable, html } from "./display.ts";
import { type DataFrame, frameHtml, frameTable, type Series } from "./frames.ts";

/** What {@link Show} may be told: rows shown from the top (default: all; the rest counted), what a row is (positions). */
export type ShowOptions = { rows?: number; unit?: string };

/** Shows a frame under `title`, labelled with the notebook's engine and budget and the frame's own n. */
export type Show = (df: DataFrame | Series, title: string, opts?: ShowOptions) => Displayable;

/** A {@link Show} for a notebook: captions name `facts` (profile, engine, budget) when given, and the frame's own n. */
export function shower(facts?: BudgetFacts): Show {
  return (df, title, opts = {}) => {
    const n = frameTable(df).rows.length;
    const unit = opts.unit ?? "positions";
    const label = facts ? captionLine(facts, n, unit) : `n = ${int(n)} ${unit}`;
    const rows = opts.rows;
    if (rows !== undefined && !(Number.isInteger(rows) && rows >= 0)) {
      throw new RangeError(`rows must be a whole number ≥ 0, not ${rows}`);
    }
    const caption = `${title} — ${label}`;
    const shown = rows === undefined ? { maxRows: Infinity } : { maxRows: rows, head: rows, tail: 0 };
    return html(frameHtml(df, { ...shown, caption }), caption);
  };
}
