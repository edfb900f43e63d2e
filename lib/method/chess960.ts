/**
 * Chess960 start positions: Scharnagl SP number <-> back rank <-> FEN. The numbering is the standard one (SP 518 =
 * RNBQKBNR): the SP number is decomposed digit by digit into the light-squared bishop, the dark-squared bishop, the
 * queen, the knight pair (KRN code) and finally rook-king-rook on the three squares left. Written by hand because
 * no npm package implements the Scharnagl numbering; chessops is used for FEN parsing and validation.
 *
 * @module
 */

import { parseFen } from "chessops/fen";
import { errorKind, MbiError, toCsv } from "../core/mod.ts";
import { setupToFen } from "./start_fen.ts";

/** Number of Chess960 start positions. */
export const POSITION_COUNT = 960;

/** SP number of the classical chess start position. */
export const CLASSICAL_SP = 518;

/** A Chess960 start position in all three notations: SP 0..959, back rank (`RNBQKBNR`, files a..h), FEN. */
export interface StartPosition {
  sp: number;
  setup: string;
  /** FEN with Shredder-FEN castling rights, e.g. `... w HAha - 0 1`. */
  fen: string;
}

/** Raised for input that is not a Chess960 start position (SP, back rank or FEN). */
export class PositionError extends errorKind("position") {}

/** The ten ways to place two knights on five free squares, in Scharnagl order. */
const KNIGHT_CODES = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]] as const;

/** Returns the back rank (white pieces, files a..h) of start position `sp`. */
export function spToSetup(sp: number): string {
  checkSp(sp);
  const rank: (string | undefined)[] = new Array(8).fill(undefined);
  const free = () => rank.flatMap((p, i) => (p ? [] : [i]));
  let n = sp;
  rank[(n % 4) * 2 + 1] = "B"; // light-squared bishop: b, d, f, h
  n = Math.floor(n / 4);
  rank[(n % 4) * 2] = "B"; // dark-squared bishop: a, c, e, g
  n = Math.floor(n / 4);
  rank[free()[n % 6]] = "Q";
  const knights = free();
  for (const k of KNIGHT_CODES[Math.floor(n / 6)]) rank[knights[k]] = "N";
  for (const [i, square] of free().entries()) rank[square] = "RKR"[i]; // rook, king, rook on the three left
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

/** Path of the committed positions file (sp, setup, fen), relative to the repository root. */
export const POSITIONS_CSV_PATH = "data/positions960.csv";

/** Renders all 960 start positions as CSV text with header `sp,setup,fen`. */
export function positionsCsv(): string {
  return toCsv(allStartPositions(), ["sp", "setup", "fen"]);
}

let setupIndex: Map<string, number> | undefined;

/** The SP number of a back rank such as `RNBQKBNR` (any case), else a {@link PositionError} naming the rule broken. */
export function setupToSp(setup: string): number {
  const s = setup.toUpperCase();
  if (!/^[KQRBN]{8}$/.test(s)) {
    throw new PositionError(`not a back rank: "${setup}" (expected 8 letters from K, Q, R, B, N)`);
  }
  const broken = (rule: string) => new PositionError(`not a Chess960 start: "${setup}" ${rule}`);
  const count = (p: string) => [...s].filter((c) => c === p).length;
  const expected: Record<string, number> = { K: 1, Q: 1, R: 2, B: 2, N: 2 };
  for (const [p, want] of Object.entries(expected)) {
    if (count(p) !== want) throw broken(`has ${count(p)} ${p} (needs K 1, Q 1, R 2, B 2, N 2)`);
  }
  const bishops = filesOf(s, "B");
  if (bishops[0] % 2 === bishops[1] % 2) throw broken("has both bishops on squares of one colour");
  const king = s.indexOf("K");
  const rooks = filesOf(s, "R");
  if (!(rooks[0] < king && king < rooks[1])) throw broken("does not have the king between the rooks");
  setupIndex ??= new Map(Array.from({ length: POSITION_COUNT }, (_, sp) => [spToSetup(sp), sp]));
  return setupIndex.get(s)!;
}

/** The files (0..7) of a back rank that hold `piece`. */
function filesOf(setup: string, piece: string): number[] {
  return [...setup].flatMap((p, i) => (p === piece ? [i] : []));
}

/** True when the FEN's ranks are mirrored back ranks with pawns on ranks 2 and 7 and nothing else. */
function isStartPlacement(ranks: readonly string[]): boolean {
  return ranks.length === 8 && ranks[0] === ranks[7].toLowerCase() && ranks[1] === "pppppppp" &&
    ranks[6] === "PPPPPPPP" && ranks.slice(2, 6).every((r) => r === "8");
}

/** The SP of a FEN by its piece placement and side to move alone (whatever its castling field says), or undefined. */
export function startPlacementSp(fen: string): number | undefined {
  const fields = fen.trim().split(/\s+/);
  const ranks = fields[0].split("/");
  const setup = ranks[7] ?? "";
  if (!/^[KQRBN]{8}$/.test(setup) || !isStartPlacement(ranks) || (fields[1] ?? "w") !== "w") return undefined;
  try {
    return setupToSp(setup);
  } catch {
    return undefined; // eight pieces, but not a Chess960 array
  }
}

/**
 * True when a start FEN's castling field gives exactly the start position's four rights: `KQkq` (X-FEN) or the
 * files of its rooks as Shredder letters (`HAha` for SP 518), in any order. Lichess exports of late 2023 hold start
 * FENs whose field names other files (`HEhe` with the rooks on a and c) or none (`-`).
 */
export function castlingMatches(fen: string, sp: number): boolean {
  const field = fen.trim().split(/\s+/)[2] ?? "";
  const rooks = filesOf(spToSetup(sp), "R").map((i) => "ABCDEFGH"[i]);
  const sorted = (x: string) => [...x].sort().join("");
  return sorted(field) === sorted("KQkq") || sorted(field) === sorted(rooks.join("") + rooks.join("").toLowerCase());
}

/** The SP number of a full start FEN: Shredder (`HAha`) or X-FEN (`KQkq`) castling, all four rights, White to move. */
export function fenToSp(fen: string): number {
  const fields = fen.trim().split(/\s+/);
  const parsed = parseFen(fen.trim());
  if (parsed.isErr) throw new PositionError(`not a FEN: "${fen}" (${parsed.error.message})`);
  const notStart = (why: string) => new PositionError(`not a Chess960 start FEN: "${fen}" (${why})`);
  const ranks = fields[0].split("/");
  const setup = ranks[7];
  if (!isStartPlacement(ranks)) throw notStart("needs mirrored back ranks and pawns on ranks 2 and 7 only");
  const sp = setupToSp(setup);
  if ((fields[1] ?? "w") !== "w") throw notStart("White must be to move");
  if (parsed.value.castlingRights.size() !== 4) {
    throw notStart(`needs all four castling rights, e.g. "${setupToFen(setup).split(" ")[2]}"`);
  }
  return sp;
}

/** Parses an SP number, a back rank or a FEN a user typed into a start position, else a {@link PositionError}. */
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
 * The one rule for an SP number a person types, in every command (a position argument, an `--sp` list): digits
 * only. A sign is not part of an SP number, so `-0`, `+518` and `-1` are refused alike, never read as 0, 518 or a
 * number out of range. Returns the number (its range is checked by the caller); else a {@link PositionError}.
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
  const bad = (why: string) => new MbiError("bad-argument", `--${option} ${text}: ${why}`);
  const digits = (t: string) => {
    try {
      return spDigits(t);
    } catch (e) {
      throw e instanceof PositionError ? bad(e.message) : e;
    }
  };
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^\s*([+-]?\d+)\s*(?:-\s*([+-]?\d+)\s*)?$/.exec(part);
    if (!m) throw bad(`"${part}" is not an SP number or range (e.g. 0-99,518)`);
    const a = digits(m[1]);
    const b = m[2] === undefined ? a : digits(m[2]);
    for (const [v, typed] of [[a, m[1]], [b, m[2] ?? m[1]]] as const) {
      if (v < 0 || v >= POSITION_COUNT) throw bad(`SP ${typed.trim()} out of range (allowed: 0..959)`);
    }
    if (b < a) throw bad(`range ${part} runs backwards`);
    for (let sp = a; sp <= b; sp++) out.add(sp);
  }
  return [...out].sort((x, y) => x - y);
}
