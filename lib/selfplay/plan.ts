/**
 * What stage 4 plays: how positions, opening lines and seeds are derived (written into every games file), the positions
 * to play, the spec of every game (seed, opening line), the paths of the files, and one game between two engine
 * processes (one per colour, like fastchess): `ucinewgame` for both; the game's opening line (from the position's
 * opening set, see openings.ts) is played first, then per move `position fen <start> moves …` + `go nodes N` and the
 * engine's best move (MultiPV 1), until the rules or the adjudication end the game. The records and their readers are
 * records.ts, the run itself play.ts.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import type { GameRecord, MoveInfo, OpeningLine, OpeningSet, SelfplayConfig } from "./records.ts";
import { type MbiTable, type Shard, stageFile } from "../store/mod.ts";
import {
  type AdjudicationRules,
  deriveSeed,
  GameState,
  type Outcome,
  outcomeAfterMove,
  seedHex,
  type SelectedPosition,
  selectPositions,
  type WhiteScore,
} from "../method/mod.ts";
import { negateScore, type UciEngine } from "../engine/mod.ts";
import { assignLines, completedIteration } from "./openings.ts";
import { errorKind, MbiError } from "../core/mod.ts";

/** How positions, opening lines and seeds are derived, written into every games file. */
export const SELFPLAY_METHOD =
  "positions: sorted by edge_cp (ties by SP), split into P equal strata, one drawn per stratum with xoroshiro128+ seeded by deriveSeed(seed, 0x5e1ec7); " +
  "opening set of a position: breadth-first lines from the start, each searched with ucinewgame, MultiPV M and the games' node budget and extended by every move within W cp of that search's best move; " +
  "with distinct=position a line reaching the position (board, side to move, castling, en passant) of an earlier line of its level is dropped; " +
  "a level with more lines than games keeps G of them drawn with xoroshiro128+ from deriveSeed(seed, sp, 0x09e75e7); lines are at least K plies deep, deeper (up to the maximum) until there are at least G; " +
  "game g (1-based) of SP s has seed deriveSeed(seed, s, g) = splitmix64(splitmix64(splitmix64(seed) ^ s) ^ g) and draws its line with that seed among the lines not taken by games 1..g-1; " +
  "the line's moves are played, then each engine plays its bestmove (MultiPV 1)";

/** The positions to play: explicit SPs (must be in the table) or the stratified draw. */
export function planPositions(table: MbiTable, count: number, seed: number, explicit?: number[]): SelectedPosition[] {
  if (!explicit) return selectPositions(table.rows, Math.min(count, table.rows.length), seed);
  return explicit.map((sp) => {
    const row = table.rows.find((r) => r.sp === sp);
    if (!row) {
      const of = `the MBI table of profile ${table.profile} (${table.rows.length} positions)`;
      throw new MbiError("bad-argument", `SP ${sp} is not in ${of}`);
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
export const gamesPath = (outDir: string, shard?: Shard | null): string => stageFile(outDir, "games", shard);

/** The opening-sets file beside a games file. */
export function openingsPath(games: string): string {
  return join(dirname(games), basename(games).replace(/^games/, "openings"));
}

/**
 * Everything that determines a game: its SP and start FEN, its index within the position (1-based; PGN Round), its seed
 * (see seed.ts: deriveSeed(base, sp, game)), the node budget per move, its opening line with the line's index in the
 * position's opening set, and the adjudication.
 */
export interface GameSpec {
  sp: number;
  fen: string;
  game: number;
  seed: bigint;
  nodesPerMove: number;
  opening: { index: number; line: OpeningLine };
  adjudication: AdjudicationRules;
}

/** Raised when an engine plays an illegal move or gives no usable search. */
export class GameError extends errorKind("game") {}

/**
 * Plays one game. `white` and `black` are running engines with the method's options (MultiPV 1); both get `ucinewgame`.
 * The opening line's moves are played as recorded; then each engine plays its best move. Throws {@link GameError} for
 * an illegal move; engine failures propagate as engine errors.
 */
export async function playGame(white: UciEngine, black: UciEngine, spec: GameSpec): Promise<GameRecord> {
  const t0 = performance.now();
  const state = new GameState(spec.fen);
  const limit = { nodes: spec.nodesPerMove };
  const info: MoveInfo[] = [];
  const scores: WhiteScore[] = [];
  let searchMs = 0;
  for (const e of [white, black]) await e.newGame();
  const line = spec.opening.line;
  let outcome: Outcome | undefined = state.outcome();
  while (!outcome) {
    const ply = state.plies;
    let move: string, score: WhiteScore | null, depth: number | null;
    const mover = state.turn === "w" ? white : black;
    if (ply < line.moves.length) {
      move = line.moves[ply];
      score = line.scores[ply];
      depth = line.depths[ply];
    } else {
      const out = await mover.search(spec.fen, state.moves, limit);
      searchMs += out.wallMs;
      move = out.bestmove;
      const it = completedIteration(out.infos, limit, 1);
      score = it ? (mover === white ? it.score : negateScore(it.score)) : null;
      depth = it?.depth ?? null;
    }
    let san: string;
    try {
      san = state.play(move);
    } catch (e) {
      const by = ply < line.moves.length ? "opening line" : `engine ${mover.command.label}`;
      throw new GameError(`SP ${spec.sp} game ${spec.game} ply ${ply + 1}: ${(e as Error).message} (${by})`);
    }
    info.push({ uci: move, san, score, depth, ...(ply < line.moves.length ? { opening: true } : {}) });
    if (score) scores.push(score);
    outcome = outcomeAfterMove(state, spec.adjudication, scores);
  }
  return {
    sp: spec.sp,
    game: spec.game,
    seed: seedHex(spec.seed),
    result: outcome.result,
    termination: outcome.termination,
    plies: state.plies,
    moves: [...state.moves],
    opening: { index: spec.opening.index, plies: line.moves.length },
    info,
    wall_ms: Math.round(performance.now() - t0),
    search_ms: Math.round(searchMs),
  };
}
