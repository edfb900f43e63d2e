/**
 * Evaluating start positions with the MBI method: one long-lived engine per
 * worker, `ucinewgame` + `isready` before every position, a fixed search
 * limit, the value of the last completed iteration, White's point of view.
 *
 * @module
 */

import type { StartPosition } from "./chess960.ts";
import type { ResolvedEngine, UciOptions } from "./engines.ts";
import { lastCompletedIteration, type SearchLimit } from "./uci/completed.ts";
import { EngineExitedError, EngineTimeoutError, UciEngine } from "./uci/engine.ts";
import { negateScore } from "./uci/info.ts";

/** One evaluated position: the `evaluate` record. */
export interface EvaluationRecord {
  /** Start position number. */
  sp: number;
  /** Back rank. */
  setup: string;
  /** FEN searched. */
  fen: string;
  /** Value in centipawns from White's point of view; null when the engine sees a mate. */
  eval_cp: number | null;
  /** Moves to mate from White's point of view (positive: White mates); null otherwise. */
  mate: number | null;
  /** Depth of the last completed iteration. */
  depth: number;
  /** Its selective depth (null when the engine does not report one). */
  seldepth: number | null;
  /** Its principal variation in UCI notation. */
  pv: string[];
  /** Nodes the whole search used (last reported `nodes`). */
  nodes: number | null;
  /** The engine's `bestmove` (for reference; the result is the completed iteration). */
  bestmove: string;
  /** The search limit given. */
  limit: SearchLimit;
  /** Wall time of the search in milliseconds (not part of the result). */
  wall_ms: number;
  /** Raw engine output from `go` to `bestmove`. */
  raw: string[];
}

/** Settings of an evaluation run. */
export interface EvaluationSettings {
  /** The search limit per position. */
  limit: SearchLimit;
  /** UCI options set once after the handshake. */
  options: UciOptions;
}

/**
 * A worker's engine session: starts the engine, sets the options, evaluates
 * positions one after another; restarts a dead or hung engine and retries the
 * position once before reporting the error.
 */
export class EvaluationSession {
  #engine: UciEngine | undefined;
  /** Number of engine restarts after a crash or hang. */
  restarts = 0;

  /** Creates a session; the engine starts on first use (or with {@link start}). */
  constructor(
    readonly resolved: ResolvedEngine,
    readonly settings: EvaluationSettings,
  ) {}

  /** Starts the engine (if not running) and sets the options; returns it. */
  async start(): Promise<UciEngine> {
    if (this.#engine && !this.#engine.exited) return this.#engine;
    const engine = await UciEngine.start(this.resolved.command);
    try {
      for (const [name, value] of Object.entries(this.settings.options)) {
        await engine.setOption(name, value);
      }
    } catch (e) {
      engine.kill();
      throw e;
    }
    this.#engine = engine;
    return engine;
  }

  /** Evaluates one start position (retrying once on a fresh engine after a crash or hang). */
  async evaluate(position: StartPosition): Promise<EvaluationRecord> {
    try {
      return await this.#evaluateOnce(position);
    } catch (e) {
      if (
        !(e instanceof EngineExitedError || e instanceof EngineTimeoutError)
      ) throw e;
      this.#engine?.kill();
      this.#engine = undefined;
      this.restarts++;
      return await this.#evaluateOnce(position);
    }
  }

  async #evaluateOnce(position: StartPosition): Promise<EvaluationRecord> {
    const engine = await this.start();
    await engine.newGame();
    const out = await engine.search(position.fen, [], this.settings.limit);
    return toRecord(
      position,
      this.settings.limit,
      out.infos,
      out.lines,
      out.bestmove,
      out.wallMs,
    );
  }

  /** Quits the engine. */
  async close(): Promise<void> {
    await this.#engine?.quit();
    this.#engine = undefined;
  }
}

/** Builds an evaluation record from a search's output (White's point of view). */
export function toRecord(
  position: StartPosition,
  limit: SearchLimit,
  infos: Parameters<typeof lastCompletedIteration>[0],
  raw: string[],
  bestmove: string,
  wallMs: number,
): EvaluationRecord {
  const it = lastCompletedIteration(infos, limit);
  const whiteToMove = position.fen.split(" ")[1] !== "b";
  const score = whiteToMove ? it.score : negateScore(it.score);
  const withNodes = infos.filter((i) => i.nodes !== undefined);
  return {
    sp: position.sp,
    setup: position.setup,
    fen: position.fen,
    eval_cp: "cp" in score ? score.cp : null,
    mate: "mate" in score ? score.mate : null,
    depth: it.depth,
    seldepth: it.seldepth,
    pv: it.pv,
    nodes: withNodes[withNodes.length - 1]?.nodes ?? null,
    bestmove,
    limit,
    wall_ms: Math.round(wallMs),
    raw,
  };
}
