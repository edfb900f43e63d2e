/**
 * Chess960 start positions: Scharnagl SP number <-> back rank <-> FEN.
 *
 * The numbering is the standard one (SP 518 = RNBQKBNR): the SP number is
 * decomposed digit by digit into the light-squared bishop, the dark-squared
 * bishop, the queen, the knight pair (KRN code) and finally rook-king-rook on
 * the three squares left. Written by hand because no npm package implements
 * the Scharnagl numbering; chessops is used for FEN parsing and validation.
 *
 * @module
 */

import { parseFen } from "chessops/fen";
import { errorKind, MbiError } from "../core/mod.ts";
import { setupToFen } from "./start_fen.ts";

/** Number of Chess960 start positions. */
export const POSITION_COUNT = 960;

/** SP number of the classical chess start position. */
export const CLASSICAL_SP = 518;

/** A Chess960 start position in all three notations. */
export interface StartPosition {
  /** Scharnagl start position number, 0..959. */
  sp: number;
  /** White's back rank from file a to h, e.g. `RNBQKBNR`. */
  setup: string;
  /** FEN with Shredder-FEN castling rights, e.g. `... w HAha - 0 1`. */
  fen: string;
}

/** Raised for input that is not a Chess960 start position (SP, back rank or FEN). */
export class PositionError extends errorKind("position") {}

/** The ten ways to place two knights on five free squares, in Scharnagl order. */
const KNIGHT_CODES: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [1, 2],
  [1, 3],
  [1, 4],
  [2, 3],
  [2, 4],
  [3, 4],
];

/** Returns the back rank (white pieces, files a..h) of start position `sp`. */
export function spToSetup(sp: number): string {
  checkSp(sp);
  const rank: (string | undefined)[] = new Array(8).fill(undefined);
  let n = sp;
  rank[(n % 4) * 2 + 1] = "B"; // light-squared bishop: b, d, f, h
  n = Math.floor(n / 4);
  rank[(n % 4) * 2] = "B"; // dark-squared bishop: a, c, e, g
  n = Math.floor(n / 4);
  const freeSquares = () => rank.flatMap((p, i) => (p ? [] : [i]));
  rank[freeSquares()[n % 6]] = "Q";
  n = Math.floor(n / 6);
  const free = freeSquares();
  const [k1, k2] = KNIGHT_CODES[n];
  rank[free[k1]] = "N";
  rank[free[k2]] = "N";
  const [r1, k, r2] = freeSquares();
  rank[r1] = "R";
  rank[k] = "K";
  rank[r2] = "R";
  return rank.join("");
}

/** Returns SP number, back rank and FEN of start position `sp` (0..959). */
export function startPosition(sp: number): StartPosition {
  const setup = spToSetup(sp);
  return { sp, setup, fen: setupToFen(setup) };
}

/** Returns all 960 start positions in SP order. */
export function allStartPositions(): StartPosition[] {
  return Array.from({ length: POSITION_COUNT }, (_, sp) => startPosition(sp));
}

/**
 * Returns the SP number of a back rank such as `RNBQKBNR` (case-insensitive).
 * Throws {@link PositionError} naming the rule broken when it is not a Chess960 start.
 */
export function setupToSp(setup: string): number {
  const s = setup.toUpperCase();
  if (!/^[KQRBN]{8}$/.test(s)) {
    throw new PositionError(
      `not a back rank: "${setup}" (expected 8 letters from K, Q, R, B, N)`,
    );
  }
  const count = (p: string) => [...s].filter((c) => c === p).length;
  const expected: Record<string, number> = { K: 1, Q: 1, R: 2, B: 2, N: 2 };
  for (const [p, want] of Object.entries(expected)) {
    if (count(p) !== want) {
      throw new PositionError(
        `not a Chess960 start: "${setup}" has ${count(p)} ${p} (needs K 1, Q 1, R 2, B 2, N 2)`,
      );
    }
  }
  const bishops = [...s].flatMap((p, i) => (p === "B" ? [i] : []));
  if (bishops[0] % 2 === bishops[1] % 2) {
    throw new PositionError(
      `not a Chess960 start: "${setup}" has both bishops on squares of one colour`,
    );
  }
  const king = s.indexOf("K");
  const rooks = [...s].flatMap((p, i) => (p === "R" ? [i] : []));
  if (!(rooks[0] < king && king < rooks[1])) {
    throw new PositionError(
      `not a Chess960 start: "${setup}" does not have the king between the rooks`,
    );
  }
  return SETUP_TO_SP().get(s)!;
}

let setupIndex: Map<string, number> | undefined;
function SETUP_TO_SP(): Map<string, number> {
  setupIndex ??= new Map(
    Array.from({ length: POSITION_COUNT }, (_, sp) => [spToSetup(sp), sp]),
  );
  return setupIndex;
}

/**
 * The start position of a FEN by its piece placement and side to move alone
 * (mirrored back ranks, pawns on ranks 2 and 7, nothing else, White to move),
 * whatever its castling field says; undefined when it is not a start placement.
 */
export function startPlacementSp(fen: string): number | undefined {
  const fields = fen.trim().split(/\s+/);
  const ranks = fields[0].split("/");
  const setup = ranks[7] ?? "";
  if (
    ranks.length !== 8 || !/^[KQRBN]{8}$/.test(setup) || ranks[0] !== setup.toLowerCase() ||
    ranks[1] !== "pppppppp" || ranks[6] !== "PPPPPPPP" || ranks.slice(2, 6).some((r) => r !== "8") ||
    (fields[1] ?? "w") !== "w"
  ) return undefined;
  try {
    return setupToSp(setup);
  } catch {
    return undefined; // eight pieces, but not a Chess960 array
  }
}

/**
 * True when a start FEN's castling field gives exactly the start position's
 * four rights: `KQkq` (X-FEN) or the files of its rooks as Shredder letters
 * (`HAha` for SP 518), in any order. Lichess exports of late 2023 hold start
 * FENs whose field names other files (`HEhe` with the rooks on a and c) or none (`-`).
 */
export function castlingMatches(fen: string, sp: number): boolean {
  const field = fen.trim().split(/\s+/)[2] ?? "";
  const rooks = [...spToSetup(sp)].flatMap((p, i) => (p === "R" ? ["ABCDEFGH"[i]] : []));
  const sorted = (x: string) => [...x].sort().join("");
  return sorted(field) === sorted("KQkq") || sorted(field) === sorted(rooks.join("") + rooks.join("").toLowerCase());
}

/**
 * Returns the SP number of a start FEN. Accepts Shredder-FEN (`HAha`) and
 * X-FEN (`KQkq`) castling; requires the full start: pawns on ranks 2 and 7,
 * mirrored back ranks, White to move, all four castling rights.
 */
export function fenToSp(fen: string): number {
  const fields = fen.trim().split(/\s+/);
  const parsed = parseFen(fen.trim());
  if (parsed.isErr) {
    throw new PositionError(`not a FEN: "${fen}" (${parsed.error.message})`);
  }
  const ranks = fields[0].split("/");
  const setup = ranks[7];
  if (
    ranks.length !== 8 || ranks[0] !== setup.toLowerCase() ||
    ranks[1] !== "pppppppp" || ranks[6] !== "PPPPPPPP" ||
    ranks.slice(2, 6).some((r) => r !== "8")
  ) {
    throw new PositionError(
      `not a Chess960 start FEN: "${fen}" (needs mirrored back ranks and pawns on ranks 2 and 7 only)`,
    );
  }
  const sp = setupToSp(setup);
  if ((fields[1] ?? "w") !== "w") {
    throw new PositionError(
      `not a Chess960 start FEN: "${fen}" (White must be to move)`,
    );
  }
  if (parsed.value.castlingRights.size() !== 4) {
    throw new PositionError(
      `not a Chess960 start FEN: "${fen}" (needs all four castling rights, e.g. "${setupToFen(setup).split(" ")[2]}")`,
    );
  }
  return sp;
}

/**
 * Parses what a user typed — an SP number, a back rank or a FEN — into a start position.
 * Throws {@link PositionError} with a one-line message for anything else.
 */
export function parsePosition(input: string): StartPosition {
  const text = input.trim();
  if (/^[+-]?\d+$/.test(text)) {
    const sp = spDigits(text);
    checkSp(sp, text);
    return startPosition(sp);
  }
  if (/^[a-zA-Z]{8}$/.test(text)) return startPosition(setupToSp(text));
  if (text.includes("/")) return startPosition(fenToSp(text));
  throw new PositionError(
    `not a position: "${input}" (expected an SP number 0..959, a back rank such as RNBQKBNR, or a FEN)`,
  );
}

/**
 * The one rule for an SP number a person types, in every command (a position
 * argument, an `--sp` list): digits only. A sign is not part of an SP number,
 * so `-0`, `+518` and `-1` are refused alike, never read as 0, 518 or a number
 * out of range. Returns the number (its range is checked by the caller);
 * throws a {@link PositionError} naming the text otherwise.
 */
export function spDigits(text: string): number {
  if (!/^\d+$/.test(text)) {
    throw new PositionError(`not an SP number: "${text}" (SP numbers are written with digits only, 0..959; no sign)`);
  }
  return Number(text);
}

function checkSp(sp: number, typed?: string): void {
  if (!Number.isInteger(sp) || sp < 0 || sp >= POSITION_COUNT) {
    // the number as typed: 100,000 digits are no "Infinity"
    throw new PositionError(`SP out of range: ${typed ?? sp} (allowed: integers 0..959)`);
  }
}

/** Parses `--sp 0-99,518` into sorted unique SP numbers (each 0..959, written as {@link spDigits} says). */
export function parseSpList(text: string, option = "sp"): number[] {
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^\s*([+-]?\d+)\s*(?:-\s*([+-]?\d+)\s*)?$/.exec(part);
    if (!m) {
      throw new MbiError("bad-argument", `--${option} ${text}: "${part}" is not an SP number or range (e.g. 0-99,518)`);
    }
    const digits = (t: string) => {
      try {
        return spDigits(t);
      } catch (e) {
        throw e instanceof PositionError ? new MbiError("bad-argument", `--${option} ${text}: ${e.message}`) : e;
      }
    };
    const a = digits(m[1]);
    const b = m[2] === undefined ? a : digits(m[2]);
    for (const [v, typed] of [[a, m[1]], [b, m[2] ?? m[1]]] as const) {
      if (v < 0 || v >= POSITION_COUNT) {
        throw new MbiError("bad-argument", `--${option} ${text}: SP ${typed.trim()} out of range (allowed: 0..959)`);
      }
    }
    if (b < a) {
      throw new MbiError("bad-argument", `--${option} ${text}: range ${part} runs backwards`);
    }
    for (let sp = a; sp <= b; sp++) out.add(sp);
  }
  return [...out].sort((x, y) => x - y);
}
