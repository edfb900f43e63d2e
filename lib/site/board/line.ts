/**
 * A line of moves from a start position as the board steps through it (browser and tests): each move in SAN and UCI
 * with its squares and the FEN after it; Chess960 castling is king-takes-rook. Not GameState (lib/method/rules.ts),
 * the referee's: the viewer reads SAN too and must stop at the first unreadable move instead of throwing.
 *
 * @module
 */

import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { makeSan, parseSan } from "chessops/san";
import { makeSquare, makeUci, parseUci } from "chessops/util";
import type { Move } from "chessops/types";

/** One move of a line (SAN, UCI, from and to squares: castling's to is the rook's) and the position after it. */
export interface Ply {
  san: string;
  uci: string;
  from: string;
  to: string;
  fen: string;
  /** True when the side to move after it is in check. */
  check: boolean;
}

/** A line: the start FEN, the plies that could be played, and the first move that could not, if any. */
export type Line = { start: string; plies: Ply[]; stopped: string | null };

/** Plays `moves` (SAN or UCI, as `notation` says) from `fen`; stops at the first unreadable or illegal move. */
export function playLine(fen: string, moves: readonly string[], notation: "san" | "uci"): Line {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  const plies: Ply[] = [];
  for (const m of moves) {
    const move: Move | undefined = notation === "san" ? parseSan(pos, m) : parseUci(m);
    if (!move || !("from" in move) || !pos.isLegal(move)) return { start: fen, plies, stopped: m };
    const san = makeSan(pos, move);
    pos.play(move);
    plies.push({
      san,
      uci: makeUci(move),
      from: makeSquare(move.from),
      to: makeSquare(move.to),
      fen: makeFen(pos.toSetup()),
      check: pos.isCheck(),
    });
  }
  return { start: fen, plies, stopped: null };
}

/** The FEN after `ply` plies of a line (0: the start). */
export const fenAt = (line: Line, ply: number): string =>
  ply <= 0 ? line.start : line.plies[Math.min(ply, line.plies.length) - 1].fen;
