/**
 * The markup of the table's rows (browser and tests): the SP linking to its
 * view, the back rank drawn in chess symbols, the values, and the MBI with
 * its interval.
 *
 * @module
 */

import { type Html, markup } from "../../core/html.ts";
import { COL, type PageRow } from "./data.ts";

/** White's pieces as chess symbols. */
export const WHITE: Record<string, string> = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙" };
/** Black's pieces as chess symbols. */
export const BLACK: Record<string, string> = { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟" };
/** Text presentation of the symbol before it: no emoji pawn. */
export const TEXT = "\uFE0E";

/** A value with its sign: `+12`, `0`, `-3`. */
export const signed = (v: number): string => (v > 0 ? `+${v}` : String(v));

/** An MBI with its interval `[lo–hi]` when it has one. */
export function mbiText(mbi: number, lo: number | null, hi: number | null): Html {
  return lo === null || hi === null ? markup`${mbi}` : markup`${mbi} <span class="iv">[${lo}–${hi}]</span>`;
}

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
