/**
 * One self-play game between two engine processes (one per colour, like
 * fastchess): `ucinewgame` for both, then per move `position fen <start>
 * moves …` + `go nodes N`. The first K plies are drawn with the game's seeded
 * generator among the moves within W cp of the best of a MultiPV M search
 * (METHOD.md decision 3); afterwards the engine's best move is played.
 *
 * @module
 */

import { lastCompletedIteration, NoCompletedIterationError } from "../../method/completed.ts";
import type { UciEngine } from "../../engine/uci.ts";
import type { InfoLine } from "../../engine/info.ts";
import { negateScore } from "../../engine/info.ts";
import { rngFromSeed, seedHex } from "../../method/seed.ts";
import { adjudicate, type AdjudicationRules, scoreValue, type WhiteScore } from "../../method/adjudication.ts";
import { GameState, type Outcome } from "../../method/rules.ts";
import { MbiError } from "../../core/errors.ts";

/** Settings of the opening variation. */
export interface OpeningRules {
  /** Plies drawn among near-best moves. */
  plies: number;
  /** MultiPV width searched for them. */
  multipv: number;
  /** Window in centipawns from the best move. */
  windowCp: number;
}

/** Everything that determines a game. */
export interface GameSpec {
  /** Start position number. */
  sp: number;
  /** Start FEN. */
  fen: string;
  /** Game index within the position (0-based). */
  game: number;
  /** Per-game seed (see seed.ts: deriveSeed(base, sp, game)). */
  seed: bigint;
  /** Node budget per move. */
  nodesPerMove: number;
  /** Opening variation. */
  opening: OpeningRules;
  /** Adjudication. */
  adjudication: AdjudicationRules;
}

/** One move of a game with what the engine said. */
export interface MoveInfo {
  /** The move in UCI. */
  uci: string;
  /** The move in SAN. */
  san: string;
  /** Score of the mover's search, White's point of view (null when no completed iteration). */
  score: WhiteScore | null;
  /** Depth of that search's completed iteration. */
  depth: number | null;
  /** Opening plies: number of candidate moves within the window, and the index drawn. */
  drawn?: { candidates: string[]; index: number };
}

/** A played game. */
export interface GameRecord {
  /** Start position number. */
  sp: number;
  /** Game index (0-based; PGN Round is game + 1). */
  game: number;
  /** Per-game seed as 16 hex digits. */
  seed: string;
  /** Result. */
  result: Outcome["result"];
  /** Why it ended. */
  termination: Outcome["termination"];
  /** Number of plies. */
  plies: number;
  /** Moves in UCI. */
  moves: string[];
  /** Per-move details (SAN, score, depth, opening draws). */
  info: MoveInfo[];
  /** Wall time of the game in ms (not part of the result). */
  wall_ms: number;
  /** Time spent inside engine searches (go → bestmove) in ms. */
  search_ms: number;
}

/** Raised when an engine plays an illegal move or gives no usable search. */
export class GameError extends MbiError {
  /** Creates the error. */
  constructor(message: string) {
    super("game", message);
    this.name = "GameError";
  }
}

/** Score value of a multipv line from the mover's point of view. */
function moverValue(
  infos: InfoLine[],
  limit: { nodes: number },
  pv: number,
): { move: string; value: number } | undefined {
  try {
    const it = lastCompletedIteration(infos, limit, pv);
    return { move: it.pv[0], value: scoreValue(it.score) };
  } catch (e) {
    if (e instanceof NoCompletedIterationError) return undefined;
    throw e;
  }
}

/**
 * Plays one game. `white` and `black` are running engines with the method's
 * options set; both get `ucinewgame`. MultiPV is set to M for the opening and
 * back to 1 afterwards. Throws {@link GameError} for an illegal move; engine
 * failures propagate as engine errors.
 */
export async function playGame(
  white: UciEngine,
  black: UciEngine,
  spec: GameSpec,
): Promise<GameRecord> {
  const t0 = performance.now();
  const rng = rngFromSeed(spec.seed);
  const state = new GameState(spec.fen);
  const limit = { nodes: spec.nodesPerMove };
  const info: MoveInfo[] = [];
  const scores: WhiteScore[] = [];
  let searchMs = 0;
  const multipv = new Map<UciEngine, number>();
  const setMultiPv = async (e: UciEngine, n: number) => {
    if (multipv.get(e) !== n) {
      await e.setOption("MultiPV", n);
      multipv.set(e, n);
    }
  };
  for (const e of [white, black]) {
    await e.newGame();
    await setMultiPv(e, spec.opening.plies > 0 ? spec.opening.multipv : 1);
  }
  let outcome: Outcome | undefined = state.outcome();
  while (!outcome) {
    const mover = state.turn === "w" ? white : black;
    const inOpening = state.plies < spec.opening.plies;
    if (!inOpening) await setMultiPv(mover, 1);
    const out = await mover.search(spec.fen, state.moves, limit);
    searchMs += out.wallMs;
    let move = out.bestmove;
    let drawn: MoveInfo["drawn"];
    let it;
    try {
      it = lastCompletedIteration(out.infos, limit, 1);
    } catch (e) {
      if (!(e instanceof NoCompletedIterationError)) throw e;
    }
    if (inOpening && it) {
      const best = scoreValue(it.score);
      const candidates: string[] = [];
      for (let k = 1; k <= spec.opening.multipv; k++) {
        const line = k === 1 ? { move: it.pv[0], value: best } : moverValue(out.infos, limit, k);
        if (
          line && best - line.value <= spec.opening.windowCp &&
          !candidates.includes(line.move)
        ) {
          candidates.push(line.move);
        }
      }
      const index = rng.int(0, candidates.length - 1);
      move = candidates[index];
      drawn = { candidates, index };
    }
    let san: string;
    try {
      san = state.play(move);
    } catch (e) {
      throw new GameError(
        `SP ${spec.sp} game ${spec.game} ply ${state.plies + 1}: ${
          (e as Error).message
        } (engine ${mover.command.label})`,
      );
    }
    const score = it ? (mover === white ? it.score : negateScore(it.score)) : null;
    info.push({
      uci: move,
      san,
      score,
      depth: it?.depth ?? null,
      ...(drawn ? { drawn } : {}),
    });
    if (score) scores.push(score);
    outcome = state.outcome() ??
      adjudicate(spec.adjudication, scores, state.fullmoves);
    if (!outcome && state.plies >= spec.adjudication.maxPlies) {
      outcome = { result: "1/2-1/2", termination: "max length" };
    }
  }
  return {
    sp: spec.sp,
    game: spec.game,
    seed: seedHex(spec.seed),
    result: outcome.result,
    termination: outcome.termination,
    plies: state.plies,
    moves: [...state.moves],
    info,
    wall_ms: Math.round(performance.now() - t0),
    search_ms: Math.round(searchMs),
  };
}

/** White's points from a result (1, 0.5, 0). */
export function whitePoints(result: Outcome["result"]): number {
  return result === "1-0" ? 1 : result === "0-1" ? 0 : 0.5;
}
