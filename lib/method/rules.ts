/**
 * Game rules for self-play on top of chessops (Chess960 castling, legality,
 * checkmate, stalemate, insufficient material, SAN). chessops has no
 * threefold-repetition or fifty-move detection; they are added here.
 *
 * @module
 */

import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { makeSanAndPlay } from "chessops/san";
import { parseUci } from "chessops/util";
import { errorKind } from "../core/mod.ts";

/** How a game ended. */
export type Termination =
  | "checkmate"
  | "stalemate"
  | "insufficient material"
  | "threefold repetition"
  | "fifty-move rule"
  | "adjudication: draw"
  | "adjudication: resign"
  | "max length";

/** Game result in PGN notation. */
export type Result = "1-0" | "0-1" | "1/2-1/2";

/** A finished game's outcome. */
export interface Outcome {
  /** Result. */
  result: Result;
  /** Why the game ended. */
  termination: Termination;
}

/** Raised for a move that is not legal (or not a move) in the current position. */
export class IllegalMoveError extends errorKind("illegal-move") {}

/** A game in progress: position, moves played and repetition counts. */
export class GameState {
  /** Moves played, in UCI (Chess960 castling as king-takes-rook). */
  readonly moves: string[] = [];
  /** Moves played, in SAN. */
  readonly san: string[] = [];
  #pos: Chess;
  #seen = new Map<string, number>();

  /** Starts from a FEN (Shredder-FEN or X-FEN castling). */
  constructor(readonly startFen: string) {
    this.#pos = Chess.fromSetup(parseFen(startFen).unwrap()).unwrap();
    this.#count();
  }

  /** "w" or "b": the side to move. */
  get turn(): "w" | "b" {
    return this.#pos.turn === "white" ? "w" : "b";
  }

  /** Current position as FEN. */
  get fen(): string {
    return makeFen(this.#pos.toSetup());
  }

  /** The position without move counters: placement, side to move, castling rights and a legal en-passant square. */
  get positionKey(): string {
    return this.#key();
  }

  /** Plies played. */
  get plies(): number {
    return this.moves.length;
  }

  /** Full move number of the current position. */
  get fullmoves(): number {
    return this.#pos.fullmoves;
  }

  /** Checks and plays a UCI move; throws {@link IllegalMoveError} when it is not legal. */
  play(uci: string): string {
    const move = parseUci(uci);
    if (!move || !this.#pos.isLegal(move)) {
      throw new IllegalMoveError(`illegal move ${uci} in ${this.fen}`);
    }
    const san = makeSanAndPlay(this.#pos, move);
    this.moves.push(uci);
    this.san.push(san);
    this.#count();
    return san;
  }

  /** The outcome by the rules alone (no adjudication), or undefined while the game goes on. */
  outcome(): Outcome | undefined {
    const pos = this.#pos;
    if (pos.isCheckmate()) {
      return {
        result: pos.turn === "white" ? "0-1" : "1-0",
        termination: "checkmate",
      };
    }
    if (pos.isStalemate()) {
      return { result: "1/2-1/2", termination: "stalemate" };
    }
    if (pos.isInsufficientMaterial()) {
      return { result: "1/2-1/2", termination: "insufficient material" };
    }
    if ((this.#seen.get(this.#key()) ?? 0) >= 3) {
      return { result: "1/2-1/2", termination: "threefold repetition" };
    }
    if (pos.halfmoves >= 100) {
      return { result: "1/2-1/2", termination: "fifty-move rule" };
    }
    return undefined;
  }

  /** Repetition key: placement, side to move, castling rights and a legal en-passant square. */
  #key(): string {
    return makeFen(this.#pos.toSetup(), { epd: true });
  }

  #count(): void {
    const k = this.#key();
    this.#seen.set(k, (this.#seen.get(k) ?? 0) + 1);
  }
}

/** The first move of `moves` that is illegal from `fen` (with its ply, 1-based), or null when all are legal. */
export function firstIllegalMove(fen: string, moves: readonly string[]): { ply: number; uci: string } | null {
  // the moves alone (no SAN, no repetition keys): records are checked by the thousand when a file is read
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  for (let i = 0; i < moves.length; i++) {
    const move = parseUci(moves[i]);
    if (!move || !pos.isLegal(move)) return { ply: i + 1, uci: moves[i] };
    pos.play(move);
  }
  return null;
}
