/**
 * What a dataset page embeds for its script (`<script type="application/json" id="mbi-data">`): one declaration for
 * the server side that writes it and the browser code that reads it (the page script and the board code).
 *
 * @module
 */

/**
 * One row of the embedded table: sp, setup, eval, edge, rank, mbi, lo, hi, depth, nodes, PV (SAN, space-separated).
 * The FEN is not carried: it follows from the back rank (`setupToFen`), which saves the page some 55 KB.
 */
export type PageRow = [number, string, number, number, number, number, Maybe, Maybe, number, Maybe, string];
type Maybe = number | null;

/** The data embedded in the page. */
export interface PageData {
  /** Profile (results key). */
  profile: string;
  /** What every figure and table says: "Stockfish 17.1 WASM, 125,000 nodes per position". */
  caption: string;
  /** The dataset's engine (UCI name) and its search limit per position, e.g. `125,000 nodes`. */
  engine: string;
  limit: string;
  /** The page's short "not the method's results" caveat, a sentence (null at the method's budgets), repeated in one position's view. */
  banner: string | null;
  /** What the [lo–hi] beside an MBI is (null when the table has no intervals). */
  legend: string | null;
  rows: PageRow[];
  /** Other complete datasets: label and per row [eval, mbi, lo, hi] (aligned with rows). */
  /** The other complete datasets over the same positions; `href`: the file their values come from, from the page. */
  others: {
    folder: string;
    href: string;
    engine: string;
    limit: string;
    relation: string;
    values: (number | null)[][];
  }[];
  /** Self-play per SP: [games, wins, draws, losses, score, lo, hi, distinct, avg plies], with its caption. */
  selfplay: { caption: string; positions: number; bySp: Record<string, number[]> } | null;
  /** Other self-play designs of this index (per SP as `selfplay`). */
  designs: {
    profile: string;
    caption: string;
    positions: number;
    bySp: Record<string, number[]>;
    /** What a position's view says of its opening set in this design, by SP (where there is something to say). */
    openings: Record<string, string>;
  }[];
  /** Private outcome tables (values not published here), with their address template of a position's own page. */
  sources: { label: string; template: string }[];
  /** The method's run as far as it has got: per SP [eval cp (null: mate), depth]; never an MBI (no rank over a part). */
  method: {
    caption: string;
    file: string;
    engine: string;
    limit: string;
    done: number;
    of: number;
    bySp: Record<string, [number | null, number]>;
  } | null;
  /** Outcome tables: heading in words, what a thinly counted position's view says of its count, columns' labels. */
  outcomes: {
    name: string;
    title: string;
    description: string;
    thin: Record<string, string>;
    columns: string[];
    labels: string[];
    bySp: Record<string, (number | string)[]>;
  }[];
  /** Histogram scales (to mark a position) and the ends of its clipped axis. */
  hist: { x: number[]; xr: number[]; y: number[]; yr: number[]; lo: number; hi: number } | null;
  /** The command that recomputes a position, without the SP. */
  verify: string;
  /** The engine's final `bestmove` (SAN) where it is not the PV's first move, by SP. */
  offPv: Record<string, string>;
}

/** The index of each field in a {@link PageRow}. */
export const COL = {
  sp: 0,
  setup: 1,
  eval: 2,
  edge: 3,
  rank: 4,
  mbi: 5,
  lo: 6,
  hi: 7,
  depth: 8,
  nodes: 9,
  pv: 10,
} as const;

/** The embedded data, read from the page. */
export const readPageData = (): PageData => JSON.parse(document.getElementById("mbi-data")!.textContent!) as PageData;
