/**
 * The records of stage 4, declared once as schemas (see core/records.ts): the games file (`games.jsonl`: a header with
 * the configuration, then one game a line) and the opening-sets file (`openings.jsonl`: a header, then one set a
 * position), with their readers, which check every header and record (a game's SP among the header's positions, its
 * index in range, its result in the PGN set, its moves and plies consistent); errors name the file, line, field and
 * value; and how the files of shards merge (one configuration, a game once, the same opening set from every shard that
 * built it).
 *
 * @module
 */

import * as v from "valibot";
import { count, differingKeys, fileKind, integer, MbiError, opaque, same, text, texts } from "../core/mod.ts";
import {
  CodeVersion,
  InputFile,
  type JsonlContent,
  type MergeSpec,
  readCheckedJsonl,
  Shard,
  shardOf,
  writeFileAtomic,
} from "../store/mod.ts";
import { type EngineIdentity } from "../engine/mod.ts";
import {
  type AdjudicationRules,
  type DesignBudget,
  type Profile,
  type SelectedPosition,
  type Termination,
  type WhiteScore,
} from "../method/mod.ts";

/** Schema version of self-play files (2: opening sets, distinct games by construction). */
export const SELFPLAY_SCHEMA = 2;

const score = opaque<WhiteScore>("is not a score ({cp} or {mate})");

/**
 * What makes two lines of an opening set different: the positions they reach (board, side to move, castling rights,
 * en-passant square; no two lines end on one position) or, in designs begun before that rule, their moves only. Stored
 * as `distinct: "position"` in the opening rules, absent for "moves" (so the files of earlier designs read, resume and
 * reproduce unchanged).
 */
export const OPENING_DISTINCT = ["position", "moves"] as const;

/** What makes two lines of an opening set different. */
export type OpeningDistinct = typeof OPENING_DISTINCT[number];

/** The rule of a configuration's opening sets. */
export function openingDistinct(rules: OpeningRules): OpeningDistinct {
  return rules.distinct ?? "moves";
}

/**
 * How opening sets are built: lines of at least `plies` (K), MultiPV `multipv` (M), moves within `windowCp` (W) of the
 * best, lines at most `maxPlies` deep, and what makes lines different (`distinct`; absent in files of designs begun
 * before it, which means "moves").
 */
export const OpeningRules = v.object({
  plies: integer(),
  multipv: integer(),
  windowCp: integer(),
  maxPlies: integer(),
  distinct: v.optional(v.literal("position", 'is not "position" (absent: lines distinct by moves)')),
});

/** How opening sets are built. */
export type OpeningRules = v.InferOutput<typeof OpeningRules>;

/** One line of an opening set: its moves (UCI, SAN) with each move's White-view score and depth from the search that chose it. */
export const OpeningLine = v.object({
  moves: texts("is not a list of moves"),
  san: texts("is not a list of moves"),
  scores: v.array(score, "is not a list of scores"),
  depths: v.array(count(), "is not a list of depths"),
});

/** One line of an opening set. */
export type OpeningLine = v.InferOutput<typeof OpeningLine>;

/**
 * A position's opening set, a line of `openings.jsonl`: its lines in the set's order (game g takes one by its seed), and
 * the lines missing for every game to have its own (`shortfall`: 0 unless a position has too few near-best lines).
 */
export const OpeningSet = v.object({
  sp: integer(),
  lines: v.array(OpeningLine, "is not a list of opening lines"),
  plies: count(),
  searches: count(),
  games: count(),
  shortfall: count(),
}, "not an opening set");

/** A position's opening set. */
export type OpeningSet = v.InferOutput<typeof OpeningSet>;

/** One move of a game: UCI, SAN, the mover's score (White's view; null without a completed iteration), its depth, and whether it is of the opening line. */
export const MoveInfo = v.object({
  uci: text(),
  san: text(),
  score: v.nullable(score),
  depth: v.nullable(integer()),
  opening: v.optional(v.boolean("is not true or false")),
});

/** One move of a game with what the engine said. */
export type MoveInfo = v.InferOutput<typeof MoveInfo>;

/**
 * A played game, a line of `games.jsonl`: its index is 1-based (PGN Round), its seed 16 hex digits, `opening` its line's
 * index in the set and plies; wall time and time inside engine searches (ms) are not part of the result.
 */
export const GameRecord = v.object({
  sp: integer(),
  game: integer(),
  seed: text(),
  result: v.picklist(["1-0", "0-1", "1/2-1/2"], "is not 1-0, 0-1 or 1/2-1/2"),
  termination: v.custom<Termination>((t) => typeof t === "string", "is not a termination"),
  plies: count(),
  moves: texts("is not a list of moves"),
  opening: v.object({ index: count(), plies: count() }),
  info: v.array(MoveInfo, "is not a list of moves"),
  wall_ms: v.number("is not a number"),
  search_ms: v.number("is not a number"),
}, "not a game record");

/** A played game. */
export type GameRecord = v.InferOutput<typeof GameRecord>;

/** What must be equal for games to belong to one run: engine fingerprint, UCI options, nodes per move, games per position (1..games), seed, opening and adjudication rules, and the positions in stratum order. */
export const SelfplayConfig = v.object({
  engine_fingerprint: v.nullable(integer("is not a fingerprint (a whole number or null)")),
  options: v.record(v.string(), v.string("is not a UCI option value (a text)"), "is not a map of UCI options"),
  nodes_per_move: integer(),
  games: integer(),
  seed: integer(),
  opening: OpeningRules,
  adjudication: opaque<AdjudicationRules>(),
  positions: v.array(integer("is not an SP number"), "is not a list of positions"),
}, "is not a self-play configuration");

/** What must be equal for games to belong to one run. */
export type SelfplayConfig = v.InferOutput<typeof SelfplayConfig>;

const schema = v.pipe(
  integer("is not a schema number"),
  v.maxValue(SELFPLAY_SCHEMA, `is newer than this code reads (up to ${SELFPLAY_SCHEMA})`),
);

/**
 * First line of `games.jsonl`: the configuration, engine, chosen positions, how they, the lines and seeds were derived,
 * the stage-3 table they came from (file, hash, hash of its rows), the shard held (null for all), and shard files merged.
 */
export const SelfplayHeader = v.object({
  kind: fileKind("mbi-selfplay-games"),
  schema,
  profile: text(),
  config: SelfplayConfig,
  engine: opaque<EngineIdentity>(),
  selection: v.array(opaque<SelectedPosition>(), "is not a list of positions"),
  method: text(),
  input: v.object({ path: text(), sha256: text(), rows_sha256: text() }),
  shard: v.nullable(Shard),
  created: text(),
  code: CodeVersion,
  merged_from: v.optional(v.array(InputFile, "is not a list of shard files")),
});

/** First line of `games.jsonl`. */
export type SelfplayHeader = v.InferOutput<typeof SelfplayHeader>;

/** First line of `openings.jsonl`: kind, schema, profile, the games' configuration (the sets depend on it), the shard served (or null), creation time. */
export const OpeningsHeader = v.object({
  kind: fileKind("mbi-opening-sets"),
  schema,
  profile: text(),
  config: SelfplayConfig,
  shard: v.nullable(Shard),
  created: text(),
});

/** First line of `openings.jsonl`. */
export type OpeningsHeader = v.InferOutput<typeof OpeningsHeader>;

/** Schema version of `selfplay.json` (2: Wilson-type intervals, distinct games, content hashes, banner; 3: repeats after the opening). */
export const SELFPLAY_RESULTS_SCHEMA = 3;

/**
 * One position's self-play results: White's wins, draws, losses and score ((wins + draws / 2) / games) with its 95%
 * interval (see SCORE_INTERVAL_DEFINITION); `stratum` -1 for an explicit choice; `distinct_games`: the different move
 * sequences among the games.
 */
export interface PositionResult {
  sp: number;
  setup: string;
  eval_cp: number;
  edge_cp: number;
  mbi: number;
  stratum: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  score: number;
  score_ci95: [number, number];
  avg_plies: number;
  terminations: Record<string, number>;
  distinct_games: number;
  /** Games that repeat an earlier game of the position move for move (0 with a complete opening set). */
  duplicate_games: number;
  /**
   * Games that reach, at the end of their opening line, the position (board, side to move, castling, en passant) an
   * earlier game of the position reached at the end of its own, and then play the same moves to the same result:
   * repeats as a reader counts them, those hidden by a transposition and move-for-move ones alike (0 with openings
   * distinct by position).
   */
  repeats_after_opening: number;
  opening_plies: number | null;
}

/**
 * The stage-4 results file (`selfplay.json`): the banner is null at the method's budgets; the inputs are the MBI table
 * (with its rows' hash), the games and the opening sets; `games_sha256` hashes the games' results it was derived from.
 */
export const SelfplayResults = v.object({
  kind: fileKind("mbi-selfplay-results"),
  schema: integer("is not a schema number"),
  profile: text(),
  banner: v.nullable(text("is not a text or null")),
  config: SelfplayConfig,
  engine: opaque<EngineIdentity>(),
  method: text(),
  score_interval: text(),
  inputs: v.array(
    v.object({ path: text(), sha256: text(), rows_sha256: v.optional(text()) }),
    "is not a list of inputs",
  ),
  games_sha256: text(),
  n_positions: count(),
  n_games: count(),
  n_duplicate_games: count(),
  n_repeats_after_opening: count(),
  code: CodeVersion,
  positions: v.array(opaque<PositionResult>(), "is not a list of position results"),
});

/** The stage-4 results file. */
export type SelfplayResults = v.InferOutput<typeof SelfplayResults>;

/** The budgets of a results file's design, as the labels say them (positions, games per position, nodes per move). */
export function selfplayBudget(r: SelfplayResults): DesignBudget {
  return { positions: r.n_positions, games: r.config.games, nodesPerMove: r.config.nodes_per_move };
}

/** A game of a file with this header: its SP among the positions, its index in 1..games, its moves its plies. */
function gameOf(header: SelfplayHeader) {
  const positions = new Set(header.config.positions);
  const games = header.config.games;
  const g = (i: { input: unknown }) => i.input as GameRecord;
  return v.pipe(
    GameRecord,
    v.check((r) => positions.has(r.sp), (i) => `SP ${g(i).sp} is not one of the header's positions`),
    v.check((r) => r.game >= 1 && r.game <= games, (i) => `game ${g(i).game} is not in 1..${games}`),
    v.check((r) => r.moves.length === r.plies, (i) => `${g(i).plies} plies but ${g(i).moves.length} moves`),
  );
}

/** Reads a games file: header and records, each record checked against the header (undefined when there is none). */
export function readGames(path: string): Promise<JsonlContent<SelfplayHeader, GameRecord> | undefined> {
  return readCheckedJsonl(path, SelfplayHeader, gameOf, "a self-play games file", "selfplay-config");
}

/** Reads an opening-sets file, header and sets (undefined when there is none). */
export function readOpenings(path: string): Promise<JsonlContent<OpeningsHeader, OpeningSet> | undefined> {
  return readCheckedJsonl(path, OpeningsHeader, () => OpeningSet, "an opening-sets file", "selfplay-config");
}

/** Describes how two self-play configurations differ ("" when equal). */
export function selfplayConfigDifference(a: SelfplayConfig, b: SelfplayConfig): string {
  return differingKeys(a, b).map((k) => `${k} ${JSON.stringify(a[k])} vs ${JSON.stringify(b[k])}`).join("; ");
}

/** The part of a self-play configuration a profile sets: its design (the engine, options and drawn positions aside). */
export type SelfplayDesign = Pick<SelfplayConfig, "nodes_per_move" | "games" | "seed" | "opening">;

/**
 * The design a profile asks of self-play: games per position, nodes per move, seed and opening rules (lines distinct by
 * position; a design begun by moves keeps its rule, see {@link continuedConfig}).
 */
export function profileDesign(profile: Profile): SelfplayDesign {
  const sp = profile.selfplay;
  return {
    nodes_per_move: sp.nodesPerMove,
    games: sp.games,
    seed: profile.seed,
    opening: {
      plies: sp.openingPlies,
      multipv: sp.multipv,
      windowCp: sp.windowCp,
      maxPlies: 3 * sp.openingPlies,
      distinct: "position",
    },
  };
}

/**
 * How a self-play file's configuration differs from the design of the profile it is read for: the first field that
 * differs, as "<field> <the file's>, the profile's <the profile's>", or null when it is the profile's design. Positions
 * are counted (as drawn: at most the profile's positions); either opening rule of what makes lines differ is the
 * profile's.
 */
export function designDifference(config: SelfplayConfig, profile: Profile): string | null {
  const want = profileDesign(profile);
  const fields: [string, unknown, unknown][] = [
    ["positions", config.positions.length, Math.min(profile.selfplay.positions, profile.positions.length)],
    ["games per position", config.games, want.games],
    ["nodes per move", config.nodes_per_move, want.nodes_per_move],
    ["seed", config.seed, want.seed],
    ["opening plies", config.opening.plies, want.opening.plies],
    ["opening MultiPV", config.opening.multipv, want.opening.multipv],
    ["opening window (cp)", config.opening.windowCp, want.opening.windowCp],
    ["opening line length (plies)", config.opening.maxPlies, want.opening.maxPlies],
  ];
  const d = fields.find(([, file, profile]) => file !== profile);
  return d ? `${d[0]} ${d[1]}, the profile's ${d[2]}` : null;
}

/**
 * Throws a `stage-input` MbiError when a self-play file (`what`: its path as shown) holds another design than
 * `profile`'s, naming the file and the field that differs, and the command that plays the profile's design.
 */
export function requireProfileDesign(what: string, config: SelfplayConfig, profile: Profile): void {
  const d = designDifference(config, profile);
  if (!d) return;
  const fix = `run deno task selfplay --profile ${profile.name} (it moves them aside and plays the profile's)`;
  const another = `another self-play design than profile ${profile.name} (${d})`;
  throw new MbiError("stage-input", `${what} holds ${another}: ${fix}`);
}

/**
 * The configuration a run uses (pure): `want` with the opening rule `rule` when one is given; else lines distinct by
 * position, except that a design begun before that rule (its file's rules have no `distinct`) and otherwise equal keeps
 * its own, so its games are resumed, never moved aside or mixed with games of the other rule.
 */
export function continuedConfig(
  existing: SelfplayConfig | undefined,
  want: SelfplayConfig,
  rule?: OpeningDistinct,
): SelfplayConfig {
  const { distinct: _d, ...byMoves } = want.opening;
  const old = { ...want, opening: byMoves };
  const fresh = { ...want, opening: { ...byMoves, distinct: "position" as const } };
  if (rule) return rule === "moves" ? old : fresh;
  if (!existing || existing.opening.distinct !== undefined) return fresh;
  return selfplayConfigDifference(existing, old) ? fresh : old;
}

/** Keys `sp:game` of every planned game, positions in stratum order, games 1..G. */
export function plannedGames(config: SelfplayConfig): string[] {
  return config.positions.flatMap((sp) => Array.from({ length: config.games }, (_, i) => `${sp}:${i + 1}`));
}

/** How self-play shard files merge: by (SP, game), same configuration. */
export const SELFPLAY_MERGE: MergeSpec<SelfplayHeader, GameRecord> = {
  shard: (h) => h.shard,
  planned: (h) => shardOf(plannedGames(h.config), h.shard ?? undefined),
  key: (g) => `${g.sp}:${g.game}`,
  difference: (a, b) => {
    if (a?.kind !== "mbi-selfplay-games" || b?.kind !== "mbi-selfplay-games") return "not a self-play games file";
    return selfplayConfigDifference(a.config, b.config);
  },
  mergedHeader: (first, _records, sources) => ({ ...first, shard: null, merged_from: sources }) as SelfplayHeader,
  compare: (a, b) => a.sp - b.sp || a.game - b.game,
  stable: (g) => {
    const { wall_ms: _w, search_ms: _s, ...rest } = g;
    return rest;
  },
  // each shard read as stage 4 reads a games file: header and every game of its schema
  read: (path) => readGames(path),
  describe: (g) => `${g.result} in ${g.moves.length} plies`,
};

/**
 * Merges the opening-set files of shards: one set per position; the same position built by two shards must give the
 * same set (it is deterministic).
 */
export async function mergeOpenings(paths: string[], out: string): Promise<number> {
  const sets = new Map<number, OpeningSet>();
  let header: OpeningsHeader | undefined;
  for (const p of paths) {
    const c = await readOpenings(p);
    if (!c) continue;
    header ??= { ...c.header, shard: null };
    for (const s of c.records) {
      const have = sets.get(s.sp);
      if (have && !same(have, s)) {
        throw new MbiError("selfplay-config", `${p}: the opening set of SP ${s.sp} differs from another shard's`);
      }
      sets.set(s.sp, s);
    }
  }
  if (!header) return 0;
  const records = [...sets.values()].sort((a, b) => a.sp - b.sp);
  await writeFileAtomic(out, [header, ...records].map((x) => JSON.stringify(x)).join("\n") + "\n");
  return records.length;
}
