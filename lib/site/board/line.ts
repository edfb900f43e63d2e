/**
 * A line of moves from a start position, as the board steps through it: the
 * position (FEN) before the first move and after each one, each move in SAN
 * and UCI with its from and to squares (for the arrow and the last-move
 * highlight). Moves come in SAN (the page's principal variations) or UCI (the
 * self-play games); Chess960 castling is king-takes-rook, as chessops and the
 * engine write it. Runs in the browser (bundled into `board.js`) and in tests.
 *
 * Not GameState (lib/method/rules.ts): that plays UCI moves for the referee
 * (repetitions, adjudication, errors with the project's codes); the viewer
 * reads SAN too and must stop at the first unreadable move instead of throwing.
 *
 * @module
 */

import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { makeSan, parseSan } from "chessops/san";
import { makeSquare, makeUci, parseUci } from "chessops/util";
import type { Move } from "chessops/types";

/** One move of a line and the position after it. */
export interface Ply {
  /** The move in SAN. */
  san: string;
  /** The move in UCI (castling as king-takes-rook). */
  uci: string;
  /** From square, e.g. `e2`. */
  from: string;
  /** To square (the rook's square for castling). */
  to: string;
  /** FEN after the move. */
  fen: string;
  /** True when the side to move after it is in check. */
  check: boolean;
}

/** A line: the start FEN and its plies (as far as every move was legal). */
export interface Line {
  /** The start FEN. */
  start: string;
  /** The plies that could be played, in order. */
  plies: Ply[];
  /** The first move that could not be read or played, if any. */
  stopped: string | null;
}

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
export function fenAt(line: Line, ply: number): string {
  return ply <= 0 ? line.start : line.plies[Math.min(ply, line.plies.length) - 1].fen;
}

/** The moves as numbered text: `1. e4 e5 2. Nf3` (from White's first move). */
export function numbered(plies: readonly { san: string }[]): string[] {
  return plies.map((p, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${p.san}` : p.san));
}
