/**
 * A table for pages read on phones too: each cell carries its column's label,
 * so that on a narrow screen (CSS `table.lr` in style.ts) each row becomes a
 * block of labelled lines instead of a table wider than the screen.
 *
 * @module
 */

import { type Html, type HtmlValue, markup } from "../core/mod.ts";

/**
 * A table whose cells carry their column's label, so that on a narrow screen
 * (CSS `table.lr`) each row becomes a block of labelled lines; the first
 * column is the row's header. Cells are text or markup (text is escaped).
 */
export function labelledTable(caption: string, head: string[], rows: HtmlValue[][], id?: string): Html {
  const body = rows.map((r) =>
    markup`<tr>${
      r.map((c, i) =>
        i === 0
          ? markup`<th scope="row" data-label="${head[0]}">${c}</th>`
          : markup`<td data-label="${head[i]}">${c}</td>`
      )
    }</tr>`
  );
  return markup`<table class="lr"${id && markup` id="${id}"`}><caption>${caption}</caption><thead><tr>${
    head.map((h) => markup`<th scope="col">${h}</th>`)
  }</tr></thead><tbody>${body}</tbody></table>`;
}
