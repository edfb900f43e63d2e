/**
 * Parsing of UCI `info` lines, field by field, in any order. Written by hand: no maintained npm package parses every
 * UCI info field (bounds, wdl, multipv, info string) into a typed record.
 *
 * @module
 */

import { MbiError } from "../core/mod.ts";

/** A score as the engine reports it: centipawns or moves to mate, from the side to move. */
export type Score = { cp: number } | { mate: number };

/**
 * One parsed `info` line; fields the engine did not send are absent. The score is from the side to move's point of view
 * (`bound` present when it is only a fail-high or fail-low bound), `wdl` per mille from the side to move, `nodes` so
 * far in this search, `hashfull` per mille, `time` in ms since `go`, `pv` as UCI moves, `string` the free text of an
 * `info string` line.
 */
export interface InfoLine {
  depth?: number;
  seldepth?: number;
  /** Rank of this line in a MultiPV search (1 = best). */
  multipv?: number;
  score?: Score;
  bound?: "lowerbound" | "upperbound";
  wdl?: [number, number, number];
  nodes?: number;
  nps?: number;
  hashfull?: number;
  tbhits?: number;
  time?: number;
  currmove?: string;
  currmovenumber?: number;
  pv?: string[];
  string?: string;
}

const INTEGER_FIELDS = new Set("depth seldepth multipv nodes nps hashfull tbhits time currmovenumber".split(" "));

/**
 * The largest centipawn score an engine can report: Stockfish's mate value (32,000 internal units; its UCI centipawns,
 * tablebase wins at 20,000 included, stay below it), which other engines' scales do not exceed either.
 */
export const MAX_SCORE_CP = 32_000;

/** The longest mate an engine can report, in moves (searches stop at a few hundred plies). */
export const MAX_MATE_MOVES = 500;

/** A malformed `info` line (a field without its value or a non-number): an `engine-protocol` error. */
function infoParseError(line: string, detail: string): MbiError {
  return new MbiError("engine-protocol", `bad UCI info line (${detail}): ${line}`);
}

/**
 * Parses one `info …` line (`undefined` for other lines). A field without its number, a non-number, a number beyond a
 * safe integer and a score beyond {@link MAX_SCORE_CP} or {@link MAX_MATE_MOVES} are `engine-protocol` errors; unknown
 * fields (`cpuload`, `sbhits`, …) are skipped with their value so that later fields still parse.
 */
export function parseInfo(line: string): InfoLine | undefined {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] !== "info") return undefined;
  const info: InfoLine = {};
  const int = (i: number, field: string, max = Number.MAX_SAFE_INTEGER): number => {
    const t = tokens[i];
    if (t === undefined || !/^-?\d+$/.test(t)) {
      throw infoParseError(line, `${field} needs an integer, got ${t ?? "nothing"}`);
    }
    if (!(Math.abs(Number(t)) <= max)) {
      throw infoParseError(line, `${field} ${t} is beyond what an engine reports (at most ${max} in size)`);
    }
    return Number(t);
  };
  let i = 1;
  while (i < tokens.length) {
    const key = tokens[i];
    if (INTEGER_FIELDS.has(key)) {
      (info as Record<string, number>)[key] = int(i + 1, key);
      i += 2;
    } else if (key === "score") {
      const kind = tokens[i + 1];
      if (kind === "cp") info.score = { cp: int(i + 2, "score cp", MAX_SCORE_CP) };
      else if (kind === "mate") info.score = { mate: int(i + 2, "score mate", MAX_MATE_MOVES) };
      else throw infoParseError(line, `score kind must be cp or mate, got ${kind}`);
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
