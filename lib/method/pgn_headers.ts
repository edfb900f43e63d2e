/**
 * What a game's PGN headers say for the external validation: whether it is a Chess960 game and from which start
 * position (the dialects real files use), its result, and the filters a user applies (rated, Elo, time-control
 * class, plies, termination). Pure functions over a header map; reading files is the ingest stage's job.
 *
 * @module
 */

import { parseFen } from "chessops/fen";
import { Chess } from "chessops/chess";
import { castlingMatches, CLASSICAL_SP, fenToSp, startPlacementSp } from "./chess960.ts";
import type { Result } from "./rules.ts";

/** Time-control classes, fastest first. */
export const TIME_CONTROL_CLASSES = ["ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"] as const;

/** A time-control class, or `unknown` when the header is missing or unreadable. */
export type TimeControlClass = typeof TIME_CONTROL_CLASSES[number] | "unknown";

/** The bounds of the time-control classes, in words (Lichess's). */
export const TIME_CONTROL_BOUNDS =
  "Lichess's classes by estimated duration = base + 40 x increment (seconds): ultrabullet < 30, bullet < 180, " +
  'blitz < 480, rapid < 1500, classical >= 1500; "-" is correspondence; a multi-period control ("40/7200:3600") ' +
  "is classed by its first period; anything else is unknown";

/** `f` with a bounded cache: a file holds a few dozen distinct values of a header (FENs: thousands), each read once. */
function cached<T>(f: (s: string) => T, limit = 1024): (s: string) => T {
  const cache = new Map<string, T>();
  return (s) => {
    let v = cache.get(s);
    if (v === undefined) {
      v = f(s);
      if (cache.size >= limit) cache.clear();
      cache.set(s, v);
    }
    return v;
  };
}

/** The class of a `TimeControl` header ("180+2", "600", "-", "40/7200:3600"), by Lichess's base + 40 × increment. */
export function timeControlClass(tc: string | undefined): TimeControlClass {
  return tc === undefined ? "unknown" : classOf(tc);
}

const classOf = cached((tc): TimeControlClass => {
  const t = tc.trim();
  if (t === "-") return "correspondence";
  const m = /^(?:\d+\/)?(\d+)(?:\+(\d+))?(?::|$)/.exec(t);
  if (!m) return "unknown";
  const estimate = Number(m[1]) + 40 * Number(m[2] ?? 0);
  if (estimate < 30) return "ultrabullet";
  if (estimate < 180) return "bullet";
  if (estimate < 480) return "blitz";
  if (estimate < 1500) return "rapid";
  return "classical";
});

/** Rating bands of the mean Elo of both players (lower bounds), and the band of games without both ratings. */
export const RATING_BANDS = ["<1200", "1200-1499", "1500-1799", "1800-2099", "2100-2399", ">=2400", "unknown"] as const;

/** The rating band of a mean Elo (`unknown` when a player's rating is missing). */
export function ratingBand(meanElo: number | null): typeof RATING_BANDS[number] {
  if (meanElo === null) return "unknown";
  if (meanElo < 1200) return "<1200";
  if (meanElo >= 2400) return ">=2400";
  return RATING_BANDS[1 + Math.floor((meanElo - 1200) / 300)];
}

/** Variant header values (lower case, without spaces, `-` and `_`) that name Chess960. */
const CHESS960_VARIANTS = new Set(["chess960", "fischerandom", "fischerrandom", "fischerrandomchess", "960"]);

/**
 * The dialect of a `Variant` header: `chess960` ("Chess960", "chess 960"), `fischerandom` (also "Fischer Random"),
 * `none` (no header: the FEN decides), or `other` (any other variant, e.g. "Standard" or "From Position").
 */
export function variantDialect(variant: string | undefined): Dialect {
  return variant === undefined ? "none" : dialectOf(variant);
}

type Dialect = "chess960" | "fischerandom" | "none" | "other";

const dialectOf = cached((variant): Dialect => {
  const v = variant.toLowerCase().replace(/[\s_-]/g, "");
  return v === ""
    ? "none"
    : !CHESS960_VARIANTS.has(v)
    ? "other"
    : v === "chess960" || v === "960"
    ? "chess960"
    : "fischerandom";
});

/**
 * The filters of an outcome table (null/empty: not applied): rated games only, a minimum Elo of both players, the
 * time-control classes kept, a minimum of plies (counted in the movetext, not validated), Termination values left
 * out (in any case).
 */
export interface OutcomeFilters {
  rated: boolean;
  min_elo: number | null;
  time_controls: TimeControlClass[] | null;
  min_plies: number | null;
  exclude_terminations: string[];
  /**
   * `"include"`: count start FENs whose castling field does not match their rooks as their back rank's
   * position (absent, as in tables written before it existed: they are skipped under {@link SKIP.castling}).
   */
  castling_mismatch?: "include";
}

/** No filter at all. */
export const NO_FILTERS: OutcomeFilters = {
  rated: false,
  min_elo: null,
  time_controls: null,
  min_plies: null,
  exclude_terminations: [],
};

/** What the rated filter reads, in words. */
export const RATED_RULE =
  'rated: the Event header contains the word "Rated" (Lichess: "Rated Chess960 game", "Rated ... tournament") ' +
  'or a Rated header is "true", "yes" or "1"';

/** The filters in one line, for outputs people read. */
export function describeFilters(f: OutcomeFilters): string {
  const parts: string[] = [];
  if (f.rated) parts.push("rated games only");
  if (f.min_elo !== null) parts.push(`both players rated >= ${f.min_elo}`);
  if (f.time_controls) parts.push(`time control ${f.time_controls.join(", ")}`);
  if (f.min_plies !== null) parts.push(`at least ${f.min_plies} plies`);
  if (f.exclude_terminations.length) parts.push(`termination not ${f.exclude_terminations.join(", ")}`);
  if (f.castling_mismatch === "include") {
    parts.push("start FENs with castling rights that do not match the rooks included");
  }
  return parts.length ? parts.join("; ") : "none";
}

/** Why a game is not counted (fixed texts, so a file of any size has a bounded set of reasons). */
export const SKIP = {
  malformed: "malformed header (unterminated or unreadable tag)",
  noHeaders: "movetext without headers",
  otherVariant: "not Chess960: another Variant",
  standard: "not Chess960: no Variant header and no FEN",
  noFen: "SetUp 1 without FEN",
  badFen: "impossible FEN (unreadable, or no legal position)",
  notStart: "FEN is not a start position (game from a position)",
  castling: "start position whose FEN castling rights do not match its rooks (a known export defect)",
  noResult: "missing Result",
  unfinished: "unfinished (Result *)",
  badResult: "unreadable Result",
  cutOff: "cut off by the end of a damaged file",
  notRated: "filter: not rated",
  noElo: "filter: a player's Elo missing",
  lowElo: "filter: Elo below the minimum",
  timeControl: "filter: time-control class",
  plies: "filter: fewer plies than the minimum",
  termination: "filter: excluded termination",
} as const;

/** A counted game: its start position, result, time-control class and the rating band of its mean Elo. */
export interface KeptGame {
  sp: number;
  result: Result;
  /** How the file marked it as Chess960 (`chess960`, `fischerandom`, `none`; `…, no FEN (SP 518)`). */
  dialect: string;
  /** Mean Elo of both players, or null when either is missing. */
  mean_elo: number | null;
  time_control: TimeControlClass;
  rating_band: typeof RATING_BANDS[number];
}

/** A game's fate: counted, or skipped with a reason from {@link SKIP}. */
export type GameVerdict = { kept: KeptGame; skipped?: undefined } | { kept?: undefined; skipped: string };

const eloOf = (v: string | undefined) => (v !== undefined && /^\d{1,4}$/.test(v.trim()) ? Number(v) : null);

/** How a game is recognised as Chess960 and its start position found, in words. */
export const CHESS960_RULE =
  'Variant "Chess960", "chess 960", "fischerandom" or "Fischer Random" (any case), or no Variant header; the start ' +
  "position from the FEN (X-FEN KQkq or Shredder HAha castling; SetUp is not required). A Chess960 game without " +
  "FEN and without SetUp 1 starts, as PGN says, from the standard array: SP 518. A start FEN whose castling field " +
  "is neither KQkq nor the files of its rooks is skipped under its own reason (--include-bad-castling counts it " +
  "as its back rank's position). Without a Variant header a game needs a start FEN; other Variants (Standard, " +
  "From Position, ...) are not Chess960";

/** Classifies games by their headers, applying `filters` (a bounded cache maps FENs to start positions). */
export class GameClassifier {
  constructor(readonly filters: OutcomeFilters = NO_FILTERS) {}

  /** The start position of a FEN, or the reason it is none. */
  #spOf = cached((fen): number | string => {
    const setup = parseFen(fen.trim());
    // One rule for start FENs with castling rights that are not the start's: recognised by the back rank,
    // skipped under their own reason unless the filters include them (before chessops, which reads some
    // of them leniently as the start and rejects others).
    const start = startPlacementSp(fen);
    if (start !== undefined) {
      return castlingMatches(fen, start) || this.filters.castling_mismatch === "include" ? start : SKIP.castling;
    }
    if (setup.isErr || Chess.fromSetup(setup.value).isErr) return SKIP.badFen;
    try {
      return fenToSp(fen);
    } catch {
      return SKIP.notStart;
    }
  }, 4096);

  /** Decides one game from its headers, its counted plies and whether a header line was malformed. */
  classify(headers: ReadonlyMap<string, string>, plies: number, malformed = false): GameVerdict {
    if (malformed) return { skipped: SKIP.malformed };
    const dialect = variantDialect(headers.get("Variant"));
    if (dialect === "other") return { skipped: SKIP.otherVariant };
    const fen = headers.get("FEN");
    let sp: number | string;
    let how: string = dialect;
    if (fen === undefined) {
      // PGN: without a FEN the game starts from the standard array, which in Chess960 is SP 518
      if (dialect === "none") return { skipped: SKIP.standard };
      if (headers.get("SetUp")?.trim() === "1") return { skipped: SKIP.noFen };
      sp = CLASSICAL_SP;
      how = `${dialect}, no FEN (SP 518)`;
    } else sp = this.#spOf(fen);
    if (typeof sp === "string") return { skipped: sp };
    const r = headers.get("Result");
    if (r === undefined) return { skipped: SKIP.noResult };
    const result = r.trim();
    if (result === "*") return { skipped: SKIP.unfinished };
    if (result !== "1-0" && result !== "0-1" && result !== "1/2-1/2") return { skipped: SKIP.badResult };
    const f = this.filters;
    if (f.rated && !isRated(headers)) return { skipped: SKIP.notRated };
    const w = eloOf(headers.get("WhiteElo")), b = eloOf(headers.get("BlackElo"));
    if (f.min_elo !== null) {
      if (w === null || b === null) return { skipped: SKIP.noElo };
      if (w < f.min_elo || b < f.min_elo) return { skipped: SKIP.lowElo };
    }
    const time_control = timeControlClass(headers.get("TimeControl"));
    if (f.time_controls && !f.time_controls.includes(time_control)) return { skipped: SKIP.timeControl };
    if (f.min_plies !== null && plies < f.min_plies) return { skipped: SKIP.plies };
    if (f.exclude_terminations.length) {
      const t = (headers.get("Termination") ?? "").trim().toLowerCase();
      if (f.exclude_terminations.some((x) => x.toLowerCase() === t)) return { skipped: SKIP.termination };
    }
    const mean_elo = w !== null && b !== null ? (w + b) / 2 : null;
    return { kept: { sp, result, dialect: how, mean_elo, time_control, rating_band: ratingBand(mean_elo) } };
  }
}

/** True when the headers mark the game as rated ({@link RATED_RULE}). */
export function isRated(headers: ReadonlyMap<string, string>): boolean {
  const rated = headers.get("Rated")?.trim().toLowerCase();
  if (rated !== undefined) return rated === "true" || rated === "yes" || rated === "1";
  return /\brated\b/i.test(headers.get("Event") ?? "");
}
