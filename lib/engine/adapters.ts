/**
 * Adapters: per-engine translation of UCI traffic, for engines whose protocol differs from UCI as the project reads it.
 * A UCI engine needs none; an entry in `data/engines.json` names one with `"adapter": "<name>"`.
 *
 * @module
 */

import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";

/** Translates the lines between the client and one engine process: commands to it, lines from it (unchanged when nothing to do). */
export interface UciAdapter {
  outgoing(line: string): string;
  incoming(line: string): string;
}

/** The standard start position, for `position startpos`. */
const STARTPOS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Side to move after `position fen F [moves …]` or `position startpos [moves …]` (undefined when unreadable). */
export function sideToMove(positionCommand: string): "white" | "black" | undefined {
  const m = /^position (?:fen (.+?)|startpos)(?: moves (.*))?$/.exec(positionCommand.trim());
  if (!m) return undefined;
  const setup = parseFen(m[1] ?? STARTPOS);
  if (setup.isErr) return undefined;
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) return undefined;
  for (const uci of (m[2] ?? "").split(" ").filter(Boolean)) {
    const move = parseUci(uci);
    if (!move || !pos.value.isLegal(move)) return undefined;
    pos.value.play(move);
  }
  return pos.value.turn;
}

/** For engines that report `score` from White's point of view instead of the side to move (UCI's rule): negates scores, and swaps bounds, when Black is to move. */
export function whitePovScores(): UciAdapter {
  let turn: "white" | "black" | undefined;
  return {
    outgoing(line) {
      if (line.startsWith("position ")) turn = sideToMove(line);
      return line;
    },
    incoming(line) {
      if (turn !== "black" || !line.startsWith("info ") || !/ score (cp|mate) /.test(line)) return line;
      return line.replace(/ score (cp|mate) (-?\d+)( (lowerbound|upperbound))?/, (_all, kind, v, _b, bound) => {
        const flipped = bound === "lowerbound" ? " upperbound" : bound === "upperbound" ? " lowerbound" : "";
        return ` score ${kind} ${0 - Number(v)}${flipped}`;
      });
    },
  };
}

/** Known adapters by name. */
export const ADAPTERS: Record<string, () => UciAdapter> = { "white-pov-scores": whitePovScores };
