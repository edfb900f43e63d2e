/**
 * Evaluating start positions with the MBI method: one long-lived engine per
 * worker, `ucinewgame` + `isready` before every position, a fixed search
 * limit, the value of the last completed iteration, White's point of view.
 *
 * @module
 */

import type { StartPosition } from "../method/chess960.ts";
import type { ResolvedEngine, UciOptions } from "../engine/registry.ts";
import { type EvaluationRecord, toRecord } from "../method/evaluation_record.ts";
import type { SearchLimit } from "../engine/limit.ts";
import { EngineExitedError, EngineTimeoutError, type UciEngine } from "../engine/uci.ts";
import { launchEngine } from "../engine/launch.ts";

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
    const engine = await launchEngine(this.resolved, this.settings.options);
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
