/**
 * One self-play game between two engine processes (one per colour, like
 * fastchess): `ucinewgame` for both; the game's opening line (from the
 * position's opening set, see openings.ts) is played first, then per move
 * `position fen <start> moves …` + `go nodes N` and the engine's best move
 * (MultiPV 1), until the rules or the adjudication end the game.
 *
 * @module
 */

import {
  type AdjudicationRules,
  GameState,
  lastCompletedIteration,
  NoCompletedIterationError,
  type Outcome,
  outcomeAfterMove,
  seedHex,
  type WhiteScore,
} from "../method/mod.ts";
import { negateScore, type UciEngine } from "../engine/mod.ts";
import { errorKind } from "../core/mod.ts";
import type { GameRecord, MoveInfo, OpeningLine } from "./records.ts";

export type { GameRecord, MoveInfo } from "./records.ts";

/** Everything that determines a game. */
export interface GameSpec {
  /** Start position number. */
  sp: number;
  /** Start FEN. */
  fen: string;
  /** Game index within the position (1-based; PGN Round). */
  game: number;
  /** Per-game seed (see seed.ts: deriveSeed(base, sp, game)). */
  seed: bigint;
  /** Node budget per move. */
  nodesPerMove: number;
  /** The game's opening line and its index in the position's opening set. */
  opening: { index: number; line: OpeningLine };
  /** Adjudication. */
  adjudication: AdjudicationRules;
}

/** Raised when an engine plays an illegal move or gives no usable search. */
export class GameError extends errorKind("game") {}

/**
 * Plays one game. `white` and `black` are running engines with the method's
 * options (MultiPV 1); both get `ucinewgame`. The opening line's moves are
 * played as recorded; then each engine plays its best move. Throws
 * {@link GameError} for an illegal move; engine failures propagate as engine
 * errors.
 */
export async function playGame(
  white: UciEngine,
  black: UciEngine,
  spec: GameSpec,
): Promise<GameRecord> {
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
      let it;
      try {
        it = lastCompletedIteration(out.infos, limit, 1);
      } catch (e) {
        if (!(e instanceof NoCompletedIterationError)) throw e;
      }
      score = it ? (mover === white ? it.score : negateScore(it.score)) : null;
      depth = it?.depth ?? null;
    }
    let san: string;
    try {
      san = state.play(move);
    } catch (e) {
      throw new GameError(
        `SP ${spec.sp} game ${spec.game} ply ${ply + 1}: ${(e as Error).message} (${
          ply < line.moves.length ? "opening line" : `engine ${mover.command.label}`
        })`,
      );
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
