/**
 * Parsing of UCI `info` lines, field by field, in any order.
 *
 * Written by hand: no maintained npm package parses every UCI info field
 * (bounds, wdl, multipv, info string) into a typed record.
 *
 * @module
 */

import { MbiError } from "../core/mod.ts";

/** A score as the engine reports it: centipawns or moves to mate, from the side to move. */
export type Score = { cp: number } | { mate: number };

/** One parsed `info` line. Fields the engine did not send are absent. */
export interface InfoLine {
  /** Iteration depth. */
  depth?: number;
  /** Selective depth. */
  seldepth?: number;
  /** Rank of this line in a MultiPV search (1 = best). */
  multipv?: number;
  /** Score from the side to move's point of view. */
  score?: Score;
  /** Present when the score is only a bound (fail high / fail low). */
  bound?: "lowerbound" | "upperbound";
  /** Win/draw/loss per mille, from the side to move. */
  wdl?: [number, number, number];
  /** Nodes searched so far in this search. */
  nodes?: number;
  /** Nodes per second. */
  nps?: number;
  /** Hash fill per mille. */
  hashfull?: number;
  /** Tablebase hits. */
  tbhits?: number;
  /** Milliseconds since `go`. */
  time?: number;
  /** Move currently searched. */
  currmove?: string;
  /** Number of the move currently searched. */
  currmovenumber?: number;
  /** Principal variation as UCI moves. */
  pv?: string[];
  /** Free text of an `info string` line. */
  string?: string;
}

const INTEGER_FIELDS = [
  "depth",
  "seldepth",
  "multipv",
  "nodes",
  "nps",
  "hashfull",
  "tbhits",
  "time",
  "currmovenumber",
] as const;

/**
 * The largest centipawn score an engine can report: Stockfish's mate value
 * (32,000 internal units; its UCI centipawns, tablebase wins at 20,000 included,
 * stay below it), which other engines' scales do not exceed either.
 */
export const MAX_SCORE_CP = 32_000;

/** The longest mate an engine can report, in moves (searches stop at a few hundred plies). */
export const MAX_MATE_MOVES = 500;

/** A malformed `info` line (a field without its value or a non-number): an `engine-protocol` error. */
function infoParseError(line: string, detail: string): MbiError {
  return new MbiError("engine-protocol", `bad UCI info line (${detail}): ${line}`);
}

/**
 * Parses one `info …` line. Returns `undefined` for lines that are not info
 * lines; a field without its number, a non-number, a number beyond a safe
 * integer and a score beyond {@link MAX_SCORE_CP} or {@link MAX_MATE_MOVES}
 * are `engine-protocol` errors; unknown fields (e.g. `refutation`, `currline`, `cpuload`, `sbhits`)
 * are skipped with their value so that later fields still parse.
 */
export function parseInfo(line: string): InfoLine | undefined {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] !== "info") return undefined;
  const info: InfoLine = {};
  const int = (i: number, field: string, max = Number.MAX_SAFE_INTEGER): number => {
    const t = tokens[i];
    if (t === undefined || !/^-?\d+$/.test(t)) {
      throw infoParseError(
        line,
        `${field} needs an integer, got ${t ?? "nothing"}`,
      );
    }
    if (!(Math.abs(Number(t)) <= max)) {
      throw infoParseError(line, `${field} ${t} is beyond what an engine reports (at most ${max} in size)`);
    }
    return Number(t);
  };
  let i = 1;
  while (i < tokens.length) {
    const key = tokens[i];
    if ((INTEGER_FIELDS as readonly string[]).includes(key)) {
      info[key as typeof INTEGER_FIELDS[number]] = int(i + 1, key);
      i += 2;
    } else if (key === "score") {
      const kind = tokens[i + 1];
      if (kind === "cp") info.score = { cp: int(i + 2, "score cp", MAX_SCORE_CP) };
      else if (kind === "mate") info.score = { mate: int(i + 2, "score mate", MAX_MATE_MOVES) };
      else {throw infoParseError(
          line,
          `score kind must be cp or mate, got ${kind}`,
        );}
      i += 3;
      if (tokens[i] === "lowerbound" || tokens[i] === "upperbound") {
        info.bound = tokens[i] as "lowerbound" | "upperbound";
        i += 1;
      }
    } else if (key === "lowerbound" || key === "upperbound") {
      info.bound = key;
      i += 1;
    } else if (key === "wdl") {
      info.wdl = [int(i + 1, "wdl"), int(i + 2, "wdl"), int(i + 3, "wdl")];
      i += 4;
    } else if (key === "currmove") {
      info.currmove = tokens[i + 1];
      i += 2;
    } else if (key === "pv") {
      // pv runs to the end of the line (UCI puts it last).
      info.pv = tokens.slice(i + 1);
      i = tokens.length;
    } else if (key === "string") {
      info.string = line.trim().replace(/^info\s+string\s?/, "");
      i = tokens.length;
    } else if (key === "refutation" || key === "currline") {
      // Move lists of unknown length: nothing after them can be delimited.
      i = tokens.length;
    } else {
      i += 2; // unknown "name value" field (cpuload, sbhits, ...)
    }
  }
  return info;
}

/** Negates a score (side-to-move point of view <-> the other side's). */
export function negateScore(score: Score): Score {
  return "cp" in score ? { cp: 0 - score.cp } : { mate: 0 - score.mate };
}
