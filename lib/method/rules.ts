/**
 * Game rules for self-play on top of chessops (Chess960 castling, legality, checkmate, stalemate, insufficient
 * material, SAN). chessops has no threefold-repetition or fifty-move detection; they are added here. And
 * adjudication, modelled on fastchess/cutechess practice: a draw when both sides' scores stay within a small window
 * for several moves after a move number; a resignation when both sides agree on a large score for several moves; a
 * draw at a maximum game length.
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

/** A finished game's outcome: its result and why it ended. */
export interface Outcome {
  result: Result;
  termination: Termination;
}

/** Raised for a move that is not legal (or not a move) in the current position. */
export class IllegalMoveError extends errorKind("illegal-move") {}

/** A game in progress: position, moves played and repetition counts. */
export class GameState {
  /** Moves played, in UCI (Chess960 castling as king-takes-rook) and in SAN. */
  readonly moves: string[] = [];
  readonly san: string[] = [];
  #pos: Chess;
  #seen = new Map<string, number>();

  /** Starts from a FEN (Shredder-FEN or X-FEN castling). */
  constructor(readonly startFen: string) {
    this.#pos = Chess.fromSetup(parseFen(startFen).unwrap()).unwrap();
    this.#count();
  }

  get turn(): "w" | "b" {
    return this.#pos.turn === "white" ? "w" : "b";
  }

  get fen(): string {
    return makeFen(this.#pos.toSetup());
  }

  /** The position without move counters: placement, side to move, castling rights and a legal en-passant square. */
  get positionKey(): string {
    return makeFen(this.#pos.toSetup(), { epd: true });
  }

  get plies(): number {
    return this.moves.length;
  }

  get fullmoves(): number {
    return this.#pos.fullmoves;
  }

  /** Checks and plays a UCI move; throws {@link IllegalMoveError} when it is not legal. */
  play(uci: string): string {
    const move = parseUci(uci);
    if (!move || !this.#pos.isLegal(move)) throw new IllegalMoveError(`illegal move ${uci} in ${this.fen}`);
    const san = makeSanAndPlay(this.#pos, move);
    this.moves.push(uci);
    this.san.push(san);
    this.#count();
    return san;
  }

  /** The outcome by the rules alone (no adjudication), or undefined while the game goes on. */
  outcome(): Outcome | undefined {
    const pos = this.#pos;
    if (pos.isCheckmate()) return { result: pos.turn === "white" ? "0-1" : "1-0", termination: "checkmate" };
    const draw = (termination: Termination): Outcome => ({ result: "1/2-1/2", termination });
    if (pos.isStalemate()) return draw("stalemate");
    if (pos.isInsufficientMaterial()) return draw("insufficient material");
    if ((this.#seen.get(this.positionKey) ?? 0) >= 3) return draw("threefold repetition");
    if (pos.halfmoves >= 100) return draw("fifty-move rule");
    return undefined;
  }

  #count(): void {
    const k = this.positionKey;
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

/**
 * Adjudication settings (recorded with every game): a draw from full move `drawMoveNumber` on, once `drawMoveCount`
 * consecutive moves of each side have |score| <= `drawScore` cp; a resignation once `resignMoveCount` consecutive
 * moves of each side agree on a score >= `resignScore` cp for one side (mate scores always count); a draw at
 * `maxPlies` plies.
 */
export interface AdjudicationRules {
  drawMoveNumber: number;
  drawMoveCount: number;
  drawScore: number;
  resignMoveCount: number;
  resignScore: number;
  maxPlies: number;
}

/** Defaults in the range of fishtest/fastchess settings for fast self-play. */
export const DEFAULT_ADJUDICATION: AdjudicationRules = {
  drawMoveNumber: 40,
  drawMoveCount: 8,
  drawScore: 10,
  resignMoveCount: 3,
  resignScore: 600,
  maxPlies: 400,
};

/** A score from White's point of view: centipawns, or mate in n (positive: White mates). */
export type WhiteScore = { cp: number } | { mate: number };

const MATE_CP = 100_000;

/** Centipawn-like value of a score for comparisons (mate far beyond any cp value). */
export function scoreValue(s: WhiteScore): number {
  if ("cp" in s) return s.cp;
  return s.mate > 0 ? MATE_CP - s.mate : -MATE_CP - s.mate;
}

/** Adjudication after a move, from the White-POV score reported at each ply so far and the full-move number now. */
export function adjudicate(
  rules: AdjudicationRules,
  scores: readonly WhiteScore[],
  fullmoves: number,
): Outcome | undefined {
  if (scores.length >= rules.maxPlies) return { result: "1/2-1/2", termination: "max length" };
  const resignPlies = 2 * rules.resignMoveCount;
  if (scores.length >= resignPlies) {
    const last = scores.slice(-resignPlies).map(scoreValue);
    if (last.every((v) => v >= rules.resignScore)) return { result: "1-0", termination: "adjudication: resign" };
    if (last.every((v) => v <= -rules.resignScore)) return { result: "0-1", termination: "adjudication: resign" };
  }
  const drawPlies = 2 * rules.drawMoveCount;
  const quiet = (s: WhiteScore) => Math.abs(scoreValue(s)) <= rules.drawScore;
  if (fullmoves >= rules.drawMoveNumber && scores.length >= drawPlies && scores.slice(-drawPlies).every(quiet)) {
    return { result: "1/2-1/2", termination: "adjudication: draw" };
  }
  return undefined;
}

/**
 * How a game stands after a move: the rules' outcome, else adjudication on the scores so far, else a draw once it
 * reaches the maximum length (plies, also when some moves had no score); undefined while it goes on. Playing a
 * game and checking a recorded one both ask this.
 */
export function outcomeAfterMove(
  state: { outcome(): Outcome | undefined; readonly fullmoves: number; readonly plies: number },
  rules: AdjudicationRules,
  scores: readonly WhiteScore[],
): Outcome | undefined {
  const outcome = state.outcome() ?? adjudicate(rules, scores, state.fullmoves);
  if (outcome || state.plies < rules.maxPlies) return outcome;
  return { result: "1/2-1/2", termination: "max length" };
}
