/**
 * Seeded PGN games in the layout of the Lichess open database (its header
 * order, X-FEN start positions, movetext with `{ [%clk …] }` comments), for
 * tests and the ingest benchmark. The moves are plausible tokens, not legal
 * chess: the ingest only counts them.
 *
 * @module
 */

import { rngFromSeed, startPosition } from "../method/mod.ts";

const TOKENS = [
  "e4",
  "d5",
  "Nf3",
  "exd5",
  "Bb5+",
  "O-O",
  "Qxd8",
  "Rfe1",
  "h6",
  "c4",
  "Nbd7",
  "Kg1",
  "a5",
  "g3",
  "Bxf7+",
];
const CONTROLS = ["60+0", "180+0", "180+2", "300+3", "600+0", "900+10", "1800+0", "15+0"];
const TERMINATIONS = ["Normal", "Normal", "Normal", "Time forfeit", "Abandoned"];
const RESULTS = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"];

/** The X-FEN (`KQkq`) start FEN of a position, as Lichess writes it. */
export function xFen(sp: number): string {
  return startPosition(sp).fen.replace(/ [A-Ha-h]{4} /, " KQkq ");
}

/** What a generated game is, so tests know the expected counts. */
export interface GeneratedGame {
  /** The PGN text, ending in a blank line. */
  pgn: string;
  /** Start position. */
  sp: number;
  /** Result. */
  result: string;
  /** Plies written. */
  plies: number;
}

/** A seeded generator of Lichess-layout Chess960 games. */
export class LichessLikeGames {
  #rng;
  #n = 0;

  /** A generator with seed `seed`. */
  constructor(seed = 1n) {
    this.#rng = rngFromSeed(seed);
  }

  /** The next game. */
  next(): GeneratedGame {
    const r = this.#rng;
    const n = ++this.#n;
    const sp = r.int(0, 959);
    const result = RESULTS[r.int(0, RESULTS.length - 1)];
    const plies = r.int(2, 150);
    const tc = CONTROLS[r.int(0, CONTROLS.length - 1)];
    const base = Number(tc.split("+")[0]);
    const we = r.int(800, 2700), be = r.int(800, 2700);
    const moves: string[] = [];
    for (let p = 0; p < plies; p++) {
      const left = Math.max(0, base - Math.floor(p / 2) * 3);
      const clk = `${Math.floor(left / 3600)}:${String(Math.floor(left / 60) % 60).padStart(2, "0")}:${
        String(left % 60).padStart(2, "0")
      }`;
      const num = p % 2 === 0 ? `${p / 2 + 1}. ` : `${(p - 1) / 2 + 1}... `;
      moves.push(`${num}${TOKENS[r.int(0, TOKENS.length - 1)]} { [%clk ${clk}] }`);
    }
    const id = n.toString(36).padStart(8, "0");
    const pgn = `[Event "Rated Chess960 game"]
[Site "https://lichess.org/${id}"]
[Date "2024.01.01"]
[Round "-"]
[White "player${r.int(1, 99999)}"]
[Black "player${r.int(1, 99999)}"]
[Result "${result}"]
[UTCDate "2024.01.01"]
[UTCTime "12:00:00"]
[WhiteElo "${we}"]
[BlackElo "${be}"]
[WhiteRatingDiff "+5"]
[BlackRatingDiff "-5"]
[Variant "Chess960"]
[TimeControl "${tc}"]
[ECO "?"]
[Termination "${TERMINATIONS[r.int(0, TERMINATIONS.length - 1)]}"]
[FEN "${xFen(sp)}"]
[SetUp "1"]

${moves.join(" ")} ${result}

`;
    return { pgn, sp, result, plies };
  }
}
