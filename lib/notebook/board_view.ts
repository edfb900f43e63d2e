/**
 * Boards in the notebooks (HTML, no script): a back rank, a FEN's pieces, one self-play game beside its boards.
 *
 * @module
 */

import { type Html, markup } from "../core/mod.ts";
import { PALETTE } from "../plot/mod.ts";
import { type GameRecord } from "../selfplay/mod.ts";
import { GameState } from "../method/mod.ts";
import { type Displayable, html } from "./display.ts";

/** Piece letters (FEN) to their symbols. */
const PIECES: Record<string, string> = Object.fromEntries([..."KQRBNPkqrbnp"].map((p, i) => [p, "♔♕♖♗♘♙♚♛♜♝♞♟"[i]]));

const square = (piece: string, dark: boolean, size: number) =>
  markup`<span style="display:inline-block;width:${size}px;height:${size}px;line-height:${size}px;text-align:center;font-size:${
    Math.round(size * 0.8)
  }px;background:${dark ? PALETTE.darkSquare : PALETTE.lightSquare}">${PIECES[piece] ?? ""}</span>`;

/** The back rank as a small board diagram (a1 is a dark square). */
export function backRankHtml(setup: string): Html {
  return markup`<span title="${setup}" style="white-space:nowrap">${
    [...setup].map((p, i) => square(p, i % 2 === 0, 18))
  }</span>`;
}

/**
 * A board diagram of a FEN's piece placement (White at the bottom). Written here because no maintained package
 * renders a static board as HTML without a browser and its scripts (chessboard libraries draw into a live DOM).
 */
export function boardHtml(fen: string, size = 26): Html {
  const ranks = fen.split(" ")[0].split("/");
  const rows = ranks.map((rank, r) => {
    const cells = [...rank].flatMap((ch) => /\d/.test(ch) ? Array<string>(Number(ch)).fill("") : [ch]);
    return markup`<div style="height:${size}px">${cells.map((p, f) => square(p, (r + f) % 2 === 1, size))}</div>`;
  });
  return markup`<div style="display:inline-block;border:1px solid ${PALETTE.reference};line-height:0">${rows}</div>`;
}

/** Stage 4: one game as moves (SAN, numbered, the opening line in bold) beside the board where it ended. */
export function gameView(title: string, g: GameRecord, startFen: string): Displayable {
  const state = new GameState(startFen);
  for (const m of g.moves) state.play(m);
  const moves = g.info.map((m, i) =>
    markup`${i > 0 && " "}${i % 2 === 0 && `${i / 2 + 1}. `}${m.opening ? markup`<b>${m.san}</b>` : m.san}`
  );
  const note = `font-size:11px;color:${PALETTE.note}`;
  return html(
    markup`<h4 style="margin:6px 0">${title}</h4><div style="display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap"><div>${
      boardHtml(startFen, 18)
    }<div style="${note}">start</div></div><div>${
      boardHtml(state.fen, 18)
    }<div style="${note}">after ${g.plies} plies</div></div><div style="max-width:560px;font-size:12px"><p style="margin:0 0 4px"><b>${g.result}</b> (${g.termination}), ${g.plies} plies; opening line ${
      g.opening.index + 1
    } of the position's set (bold); seed ${g.seed}.</p><p style="margin:0;line-height:1.5">${moves}</p></div></div>`,
    `${title}: ${g.result} (${g.termination}), ${g.plies} plies`,
  );
}
