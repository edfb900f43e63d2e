/**
 * Stage 4's files and their rules: the configuration that makes games belong
 * to one run, the games and opening-set headers and their readers, the
 * positions and the spec of every game (seed, opening line), the paths, and
 * how shard files merge. The run itself is run.ts.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { type EngineIdentity } from "../../engine/identity.ts";
import { type JsonlContent, JsonlError, readJsonl } from "../../store/jsonl.ts";
import { type MbiTable } from "../../store/mbi_table.ts";
import { type CodeVersion } from "../../store/provenance.ts";
import { deriveSeed } from "../../method/seed.ts";
import { type AdjudicationRules } from "../../method/adjudication.ts";
import { type GameRecord, type GameSpec } from "./game.ts";
import { assignLines, type OpeningRules, type OpeningSet } from "./openings.ts";
import { type SelectedPosition, selectPositions } from "../../method/selection.ts";
import { type MergeSpec, type Shard, shardOf } from "../../store/shards.ts";
import { MbiError, UsageError } from "../../core/errors.ts";
import { writeFileAtomic } from "../../store/atomic.ts";

/** Schema version of self-play files (2: opening sets, distinct games by construction). */
export const SELFPLAY_SCHEMA = 2;

/** What must be equal for games to belong to one run. */
export interface SelfplayConfig {
  /** Engine bench fingerprint. */
  engine_fingerprint: number | null;
  /** UCI options set on both engines (MultiPV is switched while building opening sets). */
  options: Record<string, string>;
  /** Node budget per move (also of the opening-set searches). */
  nodes_per_move: number;
  /** Games per position (game indices 1..games). */
  games: number;
  /** Base seed. */
  seed: number;
  /** Opening sets: K plies, MultiPV M, window W cp, deepest line. */
  opening: OpeningRules;
  /** Adjudication rules. */
  adjudication: AdjudicationRules;
  /** The positions played, in stratum order. */
  positions: number[];
}

/** First line of `games.jsonl`. */
export interface SelfplayHeader {
  /** File kind. */
  kind: "mbi-selfplay-games";
  /** Schema version. */
  schema: number;
  /** Profile. */
  profile: string;
  /** Configuration. */
  config: SelfplayConfig;
  /** Engine identity. */
  engine: EngineIdentity;
  /** The chosen positions with eval, MBI and stratum. */
  selection: SelectedPosition[];
  /** How the positions, opening lines and seeds were derived. */
  method: string;
  /** Stage-3 table the positions came from: file, hash, and the hash of its rows (what the games depend on). */
  input: { path: string; sha256: string; rows_sha256: string };
  /** The shard of the games this file holds, or null for all. */
  shard: Shard | null;
  /** Creation time. */
  created: string;
  /** Code version. */
  code: CodeVersion;
}

/** First line of `openings.jsonl`. */
export interface OpeningsHeader {
  /** File kind. */
  kind: "mbi-opening-sets";
  /** Schema version. */
  schema: number;
  /** Profile. */
  profile: string;
  /** The games' configuration (the sets depend on engine, options, budget, seed, rules and games). */
  config: SelfplayConfig;
  /** The shard this file serves, or null. */
  shard: Shard | null;
  /** Creation time. */
  created: string;
}

/** How positions, opening lines and seeds are derived, written into every games file. */
export const SELFPLAY_METHOD =
  "positions: sorted by edge_cp (ties by SP), split into P equal strata, one drawn per stratum with xoroshiro128+ seeded by deriveSeed(seed, 0x5e1ec7); " +
  "opening set of a position: breadth-first lines from the start, each searched with ucinewgame, MultiPV M and the games' node budget and extended by every move within W cp of that search's best move; " +
  "a level with more lines than games keeps G of them drawn with xoroshiro128+ from deriveSeed(seed, sp, 0x09e75e7); lines are at least K plies deep, deeper (up to the maximum) until there are at least G; " +
  "game g (1-based) of SP s has seed deriveSeed(seed, s, g) = splitmix64(splitmix64(splitmix64(seed) ^ s) ^ g) and draws its line with that seed among the lines not taken by games 1..g-1; " +
  "the line's moves are played, then each engine plays its bestmove (MultiPV 1)";

/** Raised for a games file of another configuration, or one whose records contradict it. */
export class SelfplayConfigError extends MbiError {
  /** Creates the error. */
  constructor(message: string) {
    super("selfplay-config", message);
    this.name = "SelfplayConfigError";
  }
}

/** Describes how two self-play configurations differ ("" when equal). */
export function selfplayConfigDifference(a: SelfplayConfig, b: SelfplayConfig): string {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])] as (keyof SelfplayConfig)[];
  return keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => `${k} ${JSON.stringify(a[k])} vs ${JSON.stringify(b[k])}`).join("; ");
}

/** The positions to play: explicit SPs (must be in the table) or the stratified draw. */
export function planPositions(
  table: MbiTable,
  count: number,
  seed: number,
  explicit?: number[],
): SelectedPosition[] {
  if (!explicit) return selectPositions(table.rows, Math.min(count, table.rows.length), seed);
  return explicit.map((sp) => {
    const row = table.rows.find((r) => r.sp === sp);
    if (!row) {
      throw new UsageError(
        `SP ${sp} is not in the MBI table of profile ${table.profile} (${table.rows.length} positions)`,
      );
    }
    return { ...row, stratum: -1, stratum_edge_cp: [row.edge_cp, row.edge_cp] as [number, number] };
  });
}

const RESULTS = new Set(["1-0", "0-1", "1/2-1/2"]);
const isInt = (v: unknown) => typeof v === "number" && Number.isInteger(v);

/**
 * Reads a games file: header and records, each record checked against the
 * header (SP among its positions, game index in range, result in the PGN set,
 * moves and plies consistent); errors name the file and line.
 */
export async function readGames(path: string): Promise<JsonlContent<SelfplayHeader, GameRecord> | undefined> {
  const content = await readJsonl<SelfplayHeader, GameRecord>(path).catch((e) => {
    throw e instanceof JsonlError ? new SelfplayConfigError(e.message) : e;
  });
  if (!content) return undefined;
  const h = content.header;
  if (h?.kind !== "mbi-selfplay-games") throw new SelfplayConfigError(`${path} is not a self-play games file`);
  if (!(h.schema <= SELFPLAY_SCHEMA)) {
    throw new SelfplayConfigError(`${path} has schema ${h.schema}; this code reads up to ${SELFPLAY_SCHEMA}`);
  }
  const positions = new Set(h.config?.positions ?? []);
  content.records.forEach((g, i) => {
    const where = `${path} line ${i + 2}`;
    if (g === null || typeof g !== "object") throw new SelfplayConfigError(`${where}: not a game record`);
    if (!isInt(g.sp) || !positions.has(g.sp)) {
      throw new SelfplayConfigError(`${where}: SP ${JSON.stringify(g.sp)} is not one of the header's positions`);
    }
    if (!isInt(g.game) || g.game < 1 || g.game > h.config.games) {
      throw new SelfplayConfigError(`${where}: game ${JSON.stringify(g.game)} is not in 1..${h.config.games}`);
    }
    if (!RESULTS.has(g.result)) {
      throw new SelfplayConfigError(`${where}: result ${JSON.stringify(g.result)} is not 1-0, 0-1 or 1/2-1/2`);
    }
    if (!Array.isArray(g.moves) || g.moves.length !== g.plies) {
      throw new SelfplayConfigError(
        `${where}: ${g.plies} plies but ${Array.isArray(g.moves) ? g.moves.length : "no"} moves`,
      );
    }
  });
  return content;
}

/** Reads an opening-sets file (undefined when there is none). */
export async function readOpenings(path: string): Promise<JsonlContent<OpeningsHeader, OpeningSet> | undefined> {
  const content = await readJsonl<OpeningsHeader, OpeningSet>(path).catch((e) => {
    throw e instanceof JsonlError ? new SelfplayConfigError(e.message) : e;
  });
  if (content && content.header?.kind !== "mbi-opening-sets") {
    throw new SelfplayConfigError(`${path} is not an opening-sets file`);
  }
  return content;
}

/** Builds the spec of game `game` (1-based) of a position from its opening set. */
export function gameSpec(
  config: SelfplayConfig,
  position: { sp: number; fen: string },
  game: number,
  set: OpeningSet,
): GameSpec {
  const seedOf = (g: number) => deriveSeed(config.seed, position.sp, g);
  const index = assignLines(set, config.games, seedOf)[game - 1];
  return {
    sp: position.sp,
    fen: position.fen,
    game,
    seed: seedOf(game),
    nodesPerMove: config.nodes_per_move,
    opening: { index, line: set.lines[index] },
    adjudication: config.adjudication,
  };
}

/** The games file of a folder: `games.jsonl`, or `shards/games.shard-i-of-n.jsonl`. */
export function gamesPath(outDir: string, shard?: Shard | null): string {
  return shard
    ? join(outDir, "shards", `games.shard-${shard.index}-of-${shard.count}.jsonl`)
    : join(outDir, "games.jsonl");
}

/** The opening-sets file beside a games file. */
export function openingsPath(games: string): string {
  return join(dirname(games), basename(games).replace(/^games/, "openings"));
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
};

/**
 * Merges the opening-set files of shards: one set per position; the same
 * position built by two shards must give the same set (it is deterministic).
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
      if (have && JSON.stringify(have) !== JSON.stringify(s)) {
        throw new SelfplayConfigError(`${p}: the opening set of SP ${s.sp} differs from another shard's`);
      }
      sets.set(s.sp, s);
    }
  }
  if (!header) return 0;
  const records = [...sets.values()].sort((a, b) => a.sp - b.sp);
  await writeFileAtomic(out, [header, ...records].map((x) => JSON.stringify(x)).join("\n") + "\n");
  return records.length;
}
