/**
 * Stage 4's rules of a run: how positions, opening lines and seeds are
 * derived (written into every games file), the positions to play, the spec of
 * every game (seed, opening line) and the paths of the files; the records and
 * their readers are records.ts, the run itself run.ts.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { type OpeningSet, type SelfplayConfig } from "./records.ts";
import { type MbiTable, type Shard } from "../store/mod.ts";
import { deriveSeed, type SelectedPosition, selectPositions } from "../method/mod.ts";
import { type GameSpec } from "./game.ts";
import { assignLines } from "./openings.ts";
import { MbiError } from "../core/mod.ts";

/** How positions, opening lines and seeds are derived, written into every games file. */
export const SELFPLAY_METHOD =
  "positions: sorted by edge_cp (ties by SP), split into P equal strata, one drawn per stratum with xoroshiro128+ seeded by deriveSeed(seed, 0x5e1ec7); " +
  "opening set of a position: breadth-first lines from the start, each searched with ucinewgame, MultiPV M and the games' node budget and extended by every move within W cp of that search's best move; " +
  "with distinct=position a line reaching the position (board, side to move, castling, en passant) of an earlier line of its level is dropped; " +
  "a level with more lines than games keeps G of them drawn with xoroshiro128+ from deriveSeed(seed, sp, 0x09e75e7); lines are at least K plies deep, deeper (up to the maximum) until there are at least G; " +
  "game g (1-based) of SP s has seed deriveSeed(seed, s, g) = splitmix64(splitmix64(splitmix64(seed) ^ s) ^ g) and draws its line with that seed among the lines not taken by games 1..g-1; " +
  "the line's moves are played, then each engine plays its bestmove (MultiPV 1)";

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
      throw new MbiError(
        "bad-argument",
        `SP ${sp} is not in the MBI table of profile ${table.profile} (${table.rows.length} positions)`,
      );
    }
    return { ...row, stratum: -1, stratum_edge_cp: [row.edge_cp, row.edge_cp] as [number, number] };
  });
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
