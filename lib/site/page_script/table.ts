/**
 * The table of positions (browser and tests): which rows a query matches (an SP, a back rank or its beginning, a FEN)
 * in a column's order, each row in chess symbols, and a start position as an SVG board (shown while the board loads).
 *
 * @module
 */

import { type Html, markup } from "../../core/html.ts";
import { signed } from "../../core/format.ts";
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

/** The rows a query matches in a column's order, or why none match; ties by the smaller edge, then the smaller SP. */
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
export const shownCount = (found: number, query: string, all: boolean): number =>
  all || query.trim() !== "" ? found : Math.min(found, FIRST_ROWS);

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

/** White's pieces as chess symbols. */
export const WHITE: Record<string, string> = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙" };
/** Black's pieces as chess symbols. */
export const BLACK: Record<string, string> = { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟" };
/** Text presentation of the symbol before it: no emoji pawn. */
export const TEXT = "\uFE0E";

/** An MBI with its interval `[lo–hi]` when it has one. */
export const mbiText = (mbi: number, lo: number | null, hi: number | null): Html =>
  lo === null || hi === null ? markup`${mbi}` : markup`${mbi} <span class="iv">[${lo}–${hi}]</span>`;

/** A back rank drawn in White's symbols, then its letters. */
export function backRank(setup: string): Html {
  return markup`<span class="br" aria-hidden="true">${
    [...setup].map((p) => markup`<span>${WHITE[p]}${TEXT}</span>`)
  }</span> <code>${setup}</code>`;
}

/** One row of the table. */
export function rowHtml(r: PageRow): Html {
  return markup`<tr><td><a href="#sp=${r[COL.sp]}">${r[COL.sp]}</a></td><td>${backRank(r[COL.setup])}</td><td>${
    signed(r[COL.eval])
  }</td><td>${r[COL.edge]}</td><td>${r[COL.rank]}</td><td>${mbiText(r[COL.mbi], r[COL.lo], r[COL.hi])}</td></tr>`;
}

const NAMES: Record<string, string> = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight" };

/** The start position of a back rank (White's first rank, files a to h) as an SVG board with coordinates. */
export function boardSvg(setup: string, sp: number): Html {
  const s = 36, files = "abcdefgh";
  const rankOf = (y: number) => {
    if (y === 0) return [...setup.toLowerCase()].map((p) => BLACK[p.toUpperCase()]);
    if (y === 1) return Array(8).fill(BLACK.P);
    if (y === 6) return Array(8).fill(WHITE.P);
    if (y === 7) return [...setup].map((p) => WHITE[p]);
    return Array(8).fill("");
  };
  const cells: Html[] = [];
  for (let y = 0; y < 8; y++) {
    const pieces = rankOf(y);
    for (let x = 0; x < 8; x++) {
      cells.push(
        markup`<rect x="${16 + x * s}" y="${y * s}" width="${s}" height="${s}" class="${(x + y) % 2 ? "dk" : "lt"}"/>`,
      );
      if (pieces[x]) {
        cells.push(markup`<text x="${16 + x * s + s / 2}" y="${y * s + s / 2}">${pieces[x]}${TEXT}</text>`);
      }
    }
    cells.push(markup`<text class="co" x="7" y="${y * s + s / 2}">${8 - y}</text>`);
  }
  for (let x = 0; x < 8; x++) {
    cells.push(markup`<text class="co" x="${16 + x * s + s / 2}" y="${8 * s + 9}">${files[x]}</text>`);
  }
  const label = `Start position SP ${sp}: White's pieces on the first rank from a to h: ${
    [...setup].map((p) => NAMES[p]).join(", ")
  }; pawns on ranks 2 and 7; Black's pieces mirrored on rank 8.`;
  return markup`<svg class="board" viewBox="0 0 ${16 + 8 * s} ${
    8 * s + 18
  }" role="img" aria-label="${label}">${cells}</svg>`;
}
