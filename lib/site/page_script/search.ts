/**
 * The table's search and sort (browser and tests): which rows a query
 * matches — an SP, a back rank or its beginning, or a FEN (its back rank) —
 * and the rows in a column's order (the most balanced first unless asked).
 *
 * @module
 */

import { COL, type PageRow } from "./data.ts";

/** The columns the table sorts by. */
export type SortKey = "sp" | "mbi" | "eval" | "edge" | "rank";

/** The direction a column sorts in on its first click (the MBI: most balanced first). */
export const FIRST_DIRECTION: Record<SortKey, 1 | -1> = { sp: 1, mbi: -1, eval: 1, edge: 1, rank: 1 };

/** Which rows a query matches, or why it matches none (a sentence for the status line). */
export function matcher(q: string): ((r: PageRow) => boolean) | string {
  const t = q.trim().replace(/^sp\s*(?=\d)/i, ""); // "SP 29", as every page names positions
  if (t === "") return () => true;
  if (/^\d+$/.test(t)) {
    // positions are numbered 0–959: a number beyond says so instead of matching nothing silently
    return Number(t) <= 959 ? (r) => r[0] === Number(t) : `SP numbers run from 0 to 959, not ${t}`;
  }
  if (t.includes("/")) {
    const ranks = t.split(/\s+/)[0].split("/");
    const white = ranks[7] ?? "";
    if (ranks.length !== 8 || ranks[0] !== white.toLowerCase() || !/^[KQRBN]{8}$/.test(white)) {
      return "not a Chess960 start FEN (mirrored back ranks expected)";
    }
    return (r) => r[1] === white;
  }
  if (/^[KQRBNkqrbn]{1,8}$/.test(t)) {
    const u = t.toUpperCase();
    return (r) => r[1].startsWith(u);
  }
  return "type an SP number (0–959), a back rank such as RNBQKBNR, or a FEN";
}

/** The order the table opens in: the most balanced first (MBI descending; ties by the smaller edge, then SP). */
export const DEFAULT_SORT: { key: SortKey; dir: 1 | -1 } = { key: "mbi", dir: -1 };

/**
 * The rows a query matches in a column's order, or why none match. Ties go
 * to the smaller edge (the more balanced position), then the smaller SP: the
 * five positions tied at MBI 100 open smallest edge first.
 */
export function searchRows(rows: readonly PageRow[], query: string, key: SortKey, dir: 1 | -1): PageRow[] | string {
  const m = matcher(query);
  if (typeof m === "string") return m;
  const c = COL[key];
  return rows.filter(m).sort((a, b) =>
    ((a[c] as number) - (b[c] as number)) * dir || a[COL.edge] - b[COL.edge] || a[0] - b[0]
  );
}

/** The one position a query names (an SP, a full back rank or a FEN that one row matches), or null. */
export function singleMatch(rows: readonly PageRow[], query: string): number | null {
  const found = searchRows(rows, query, "sp", 1);
  return typeof found !== "string" && found.length === 1 && query.trim() !== "" ? found[0][0] : null;
}

/** Rows the table shows before a reader asks for all (a search shows every match): the page stays short. */
export const FIRST_ROWS = 30;

/** How many of `found` rows the table shows: all when searching or asked, else the first {@link FIRST_ROWS}. */
export function shownCount(found: number, query: string, all: boolean): number {
  return all || query.trim() !== "" ? found : Math.min(found, FIRST_ROWS);
}

/** The status line under the search box (`shown`: rows in the table, when fewer than found). */
export function statusText(
  found: PageRow[] | string,
  total: number,
  query: string,
  key: SortKey,
  dir: 1 | -1,
  shown = typeof found === "string" ? 0 : found.length,
): string {
  if (typeof found === "string") return `No match: ${found}.`;
  const order = key === "mbi" && dir === -1
    ? "most balanced first"
    : `sorted by ${key} ${dir === 1 ? "ascending" : "descending"}`;
  return shown < found.length
    ? `The first ${shown} of ${total} positions, ${order}.`
    : `${found.length} of ${total} positions${query.trim() ? ` match “${query.trim()}”` : ""}, ${order}.`;
}
