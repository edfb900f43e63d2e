/**
 * What the page tells its board code (`#mbi-board`), and the games a per-position games script hands it: one
 * declaration for the server side that writes them and the bundled browser code that reads them.
 *
 * @module
 */

/** The bundled libraries with their licences, credited on the page and in the board script's header. */
export const BOARD_CREDITS =
  "Board: chessground 9.2.1 (lichess.org, GPL-3.0-or-later) and chessops 0.15.1 (GPL-3.0-or-later), " +
  "bundled into board.js; this project's code is GPL-3.0-or-later too (LICENSE).";

/** One rung of the budget ladder a position is shown across: its folder, node budget and budget in words. */
export interface LadderRung {
  folder: string;
  nodes: number;
  label: string;
  /** True for the page's own dataset (its values are in the rows, not in `others`). */
  self: boolean;
}

/** The board's configuration, embedded in the page. */
export interface BoardConfig {
  /** The bundled board code, relative to the page (a classic script: works from file://). */
  script: string;
  /** Self-play games of the page's dataset, one set per design played on it (its own first). */
  games: GameSet[];
  /** The reference engine's rungs over the same positions, smallest budget first (empty when none). */
  ladder: LadderRung[];
  /** The bundled libraries, with their licences (credited beside the board). */
  credits: string;
}

/** One design's self-play games: its folder, its positions' scripts and games per position, what the games are. */
export interface GameSet {
  /** The design's self-play folder (`selfplay`, `selfplay~pos60~games50~move30000`). */
  id: string;
  /** Script path relative to the page, `{sp}` replaced by the position's number. */
  src: string;
  count: Record<string, number>;
  caption: string;
}

/** One self-play game as the board replays it: moves in UCI, its opening line's index in the set and its plies. */
export interface BoardGame {
  /** Game number within the position (PGN Round). */
  game: number;
  result: string;
  termination: string;
  moves: string;
  opening: { index: number; plies: number };
}

/** The global function a per-position games script calls: `mbiGames(sp, games, design)`. */
export const GAMES_CALLBACK = "mbiGames";

/** The global object the board bundle defines. */
export const BOARD_GLOBAL = "MbiBoard";

/** The event the page's script dispatches on `document` when a position's view is shown (detail: its SP). */
export const POSITION_EVENT = "mbi-position";
