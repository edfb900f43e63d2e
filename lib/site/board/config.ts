/**
 * What the page tells its board code (`<script type="application/json"
 * id="mbi-board">`), and the games a per-position games script hands it:
 * one declaration for the server side that writes them and the bundled
 * browser code that reads them.
 *
 * @module
 */

/** The bundled libraries with their licences, credited on the page and in the board script's header. */
export const BOARD_CREDITS =
  "Board: chessground 9.2.1 (lichess.org, GPL-3.0-or-later) and chessops 0.15.1 (GPL-3.0-or-later), " +
  "bundled into board.js; this project's code is GPL-3.0-or-later too (LICENSE), its data CC BY 4.0.";

/** One rung of the budget ladder a position is shown across (this dataset is one of them). */
export interface LadderRung {
  /** Result folder (the page's own profile, or an other dataset's folder). */
  folder: string;
  /** Node budget per position. */
  nodes: number;
  /** Budget in words, e.g. `2,000,000 nodes`. */
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

/** One design's self-play games: which positions have games, and where each position's script is. */
export interface GameSet {
  /** The design's self-play folder (`selfplay`, `selfplay~pos60~games50~move30000`). */
  id: string;
  /** Script path pattern relative to the page, `{sp}` replaced by the position's number. */
  src: string;
  /** Games per position that has any. */
  count: Record<string, number>;
  /** What the games are (engine, nodes per move, design). */
  caption: string;
}

/** One self-play game as the board replays it. */
export interface BoardGame {
  /** Game number within the position (PGN Round). */
  game: number;
  /** Result: `1-0`, `0-1`, `1/2-1/2`. */
  result: string;
  /** Why it ended. */
  termination: string;
  /** Moves in UCI, space-separated. */
  moves: string;
  /** The game's opening line: index in the position's opening set and its plies. */
  opening: { index: number; plies: number };
}

/** The global function a per-position games script calls: `mbiGames(sp, games, design)`. */
export const GAMES_CALLBACK = "mbiGames";

/** The global object the board bundle defines. */
export const BOARD_GLOBAL = "MbiBoard";

/** The event the page's script dispatches on `document` when a position's view is shown (detail: its SP). */
export const POSITION_EVENT = "mbi-position";
