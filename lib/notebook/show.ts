/**
 * The helper an analyst's own cell uses to look at a frame: every row (or as
 * many as asked for), captioned with what it is and its own n — never the n
 * of the frame it was filtered from.
 *
 * @module
 */

import { captionLine } from "../plot/mod.ts";
import type { BudgetFacts } from "../method/mod.ts";
import { type Displayable, html } from "./display.ts";
import { frameHtml, frameTable } from "./frame_html.ts";
import type { DataFrame, Series } from "./frames.ts";

/** What {@link Show} may be told: how many rows to show (default: all) and what a row is (default: positions). */
export interface ShowOptions {
  /** Rows shown from the top; the rest are counted in a gap row (default: every row). */
  rows?: number;
  /** What one row is, for the caption's n (default "positions"). */
  unit?: string;
}

/** Shows a frame under `title`, labelled with the notebook's engine and budget and the frame's own n. */
export type Show = (df: DataFrame | Series, title: string, opts?: ShowOptions) => Displayable;

/**
 * A {@link Show} for a notebook: captions name `facts` (profile, engine,
 * budget) when given, and always the shown frame's own row count.
 */
export function shower(facts?: BudgetFacts): Show {
  return (df, title, opts = {}) => {
    const n = frameTable(df).rows.length;
    const unit = opts.unit ?? "positions";
    const label = facts ? captionLine(facts, n, unit) : `n = ${n.toLocaleString("en-US")} ${unit}`;
    const rows = opts.rows;
    if (rows !== undefined && !(Number.isInteger(rows) && rows >= 0)) {
      throw new RangeError(`rows must be a whole number ≥ 0, not ${rows}`);
    }
    const caption = `${title} — ${label}`;
    const shown = rows === undefined ? { maxRows: Infinity } : { maxRows: rows, head: rows, tail: 0 };
    return html(frameHtml(df, { ...shown, caption }), caption);
  };
}
