/**
 * Distinct games by construction (docs/METHOD.md decision 5): for each position a deterministic opening set of distinct
 * near-best lines, and each game takes its own line.
 *
 * The set is built breadth first from the start: every line of the frontier is searched (`ucinewgame`, MultiPV M, the
 * games' node budget per move) and extended by each move within W cp of that search's best move. Lines that reach a
 * position an earlier line of the level reached (a transposition) are dropped, so no two lines end on one position
 * (rule `distinct: "position"`; designs begun before it kept lines distinct by moves only). When a level holds more
 * lines than there are games, the set keeps `games` of them, drawn with xoroshiro128+ seeded by `deriveSeed(seed, sp,
 * OPENING_STREAM)`. The set is complete once its lines are K plies deep and there are at least as many lines as games;
 * a position with too few near-best moves is searched deeper, up to `maxPlies`. Game g (1-based) then draws its line
 * with its own seed among the lines not taken by games 1..g−1: distinct lines for distinct games, reproducible from the
 * seeds alone.
 *
 * @module
 */

import {
  deriveSeed,
  GameState,
  lastCompletedIteration,
  NoCompletedIterationError,
  rngFromSeed,
  scoreValue,
  type WhiteScore,
} from "../method/mod.ts";
import { type InfoLine, negateScore, type SearchLimit, type UciEngine } from "../engine/mod.ts";
import { MbiError } from "../core/mod.ts";
import type { OpeningLine, OpeningRules, OpeningSet, SelfplayConfig } from "./records.ts";

/** Seed path element of the opening-set draw (distinct from any game index). */
export const OPENING_STREAM = 0x09e75e7;

type Candidate = { move: string; score: WhiteScore; depth: number };

/** The last completed iteration of line `multipv` of a search, or undefined when it has none. */
export function completedIteration(infos: readonly InfoLine[], limit: SearchLimit, multipv: number) {
  try {
    return lastCompletedIteration(infos, limit, multipv);
  } catch (e) {
    if (e instanceof NoCompletedIterationError) return undefined;
    throw e;
  }
}

/** The near-best moves of one MultiPV search, best first, with their White-view scores and depths. */
function nearBest(
  infos: readonly InfoLine[],
  nodes: number,
  rules: OpeningRules,
  whiteToMove: boolean,
): Candidate[] {
  const out: Candidate[] = [];
  let best: number | undefined;
  for (let k = 1; k <= rules.multipv; k++) {
    const it = completedIteration(infos, { nodes }, k);
    if (!it) continue;
    const value = scoreValue(it.score);
    best ??= value;
    if (best - value > rules.windowCp || out.some((c) => c.move === it.pv[0])) continue;
    out.push({ move: it.pv[0], score: whiteToMove ? it.score : negateScore(it.score), depth: it.depth });
  }
  return out;
}

/**
 * Builds the opening set of a position with `engine` (the method's options set; MultiPV is set here and reset to 1
 * afterwards), for the games, node budget, opening rules and seed of a configuration.
 */
export async function buildOpeningSet(
  engine: UciEngine,
  position: { sp: number; fen: string },
  config: Pick<SelfplayConfig, "games" | "nodes_per_move" | "opening" | "seed">,
): Promise<OpeningSet> {
  const { games, nodes_per_move: nodesPerMove, opening: rules } = config;
  const rng = rngFromSeed(deriveSeed(config.seed, position.sp, OPENING_STREAM));
  await engine.setOption("MultiPV", rules.multipv);
  let frontier: OpeningLine[] = [{ moves: [], san: [], scores: [], depths: [] }];
  let searches = 0;
  let plies = 0;
  try {
    while (plies < rules.maxPlies && (plies < rules.plies || frontier.length < games)) {
      let next: OpeningLine[] = [];
      for (const line of frontier) {
        const state = new GameState(position.fen);
        for (const m of line.moves) state.play(m);
        if (state.outcome()) {
          next.push(line); // the game is over: the line cannot grow
          continue;
        }
        await engine.newGame();
        const out = await engine.search(position.fen, line.moves, { nodes: nodesPerMove });
        searches++;
        const moves = nearBest(out.infos, nodesPerMove, rules, state.turn === "w");
        if (moves.length === 0) {
          const after = line.moves.join(" ") || "the start";
          throw new MbiError("opening-set", `SP ${position.sp}: no completed search after ${after}`);
        }
        for (const c of moves) {
          const child = new GameState(position.fen);
          for (const m of line.moves) child.play(m);
          const san = child.play(c.move); // throws IllegalMoveError for an engine's illegal move
          next.push({
            moves: [...line.moves, c.move],
            san: [...line.san, san],
            scores: [...line.scores, c.score],
            depths: [...line.depths, c.depth],
          });
        }
      }
      plies++;
      if (rules.distinct === "position") next = distinctPositions(position.fen, next);
      // Keep `games` lines, drawn with the position's generator (all are within the window of their best move).
      while (next.length > games) next.splice(rng.int(0, next.length - 1), 1);
      frontier = next;
    }
  } finally {
    await engine.setOption("MultiPV", 1);
  }
  return { sp: position.sp, lines: frontier, plies, searches, games, shortfall: Math.max(0, games - frontier.length) };
}

/**
 * The lines that reach a position no earlier line reached (pure): the first line of each position (board, side to move,
 * castling rights, en-passant square) in the order given, so a transposition never gives two games one start after
 * their openings.
 */
export function distinctPositions(fen: string, lines: readonly OpeningLine[]): OpeningLine[] {
  const seen = new Set<string>();
  return lines.filter((l) => {
    const key = lineEnd(fen, l.moves);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The position (without move counters) after `moves` from `fen`. */
export function lineEnd(fen: string, moves: readonly string[]): string {
  const state = new GameState(fen);
  for (const m of moves) state.play(m);
  return state.positionKey;
}

/**
 * The line of each game 1..`games`: game g draws with its own generator (from `gameSeed(g)`) among the lines not taken
 * by games 1..g−1; once every line is taken (a shortfall), the draw starts again over all lines.
 */
export function assignLines(set: OpeningSet, games: number, gameSeed: (game: number) => bigint): number[] {
  const n = set.lines.length;
  if (n === 0) throw new MbiError("opening-set", `SP ${set.sp}: the opening set is empty`);
  const out: number[] = [];
  let free: number[] = [];
  for (let g = 1; g <= games; g++) {
    if (free.length === 0) free = Array.from({ length: n }, (_, i) => i);
    const k = rngFromSeed(gameSeed(g)).int(0, free.length - 1);
    out.push(free[k]);
    free.splice(k, 1);
  }
  return out;
}

/**
 * How broad an opening set starts: its SP, its lines, their distinct first moves, and the first move with the highest
 * score (White's view, cp; a mate as `scoreValue` ranks it) in the start's search, with its depth.
 */
export interface OpeningBreadth {
  sp: number;
  lines: number;
  first_moves: number;
  best_first: { move: string; san: string; cp: number; depth: number } | null;
}

/**
 * The breadth of an opening set's start (pure): every line's first move was one of the start position's near-best
 * moves, so one first move alone means only it fell within the window of that search's best.
 */
export function openingBreadth(set: OpeningSet): OpeningBreadth {
  let best: OpeningBreadth["best_first"] = null;
  for (const l of set.lines) {
    if (!l.moves.length || !l.scores.length) continue;
    const cp = scoreValue(l.scores[0]);
    if (!best || cp > best.cp) best = { move: l.moves[0], san: l.san[0], cp, depth: l.depths[0] };
  }
  return {
    sp: set.sp,
    lines: set.lines.length,
    first_moves: new Set(set.lines.map((l) => l.moves[0])).size,
    best_first: best,
  };
}
