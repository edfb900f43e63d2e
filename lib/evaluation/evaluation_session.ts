/**
 * Evaluating start positions with the MBI method: one long-lived engine per worker, `ucinewgame` + `isready` before
 * every position, a fixed search limit, the value of the last completed iteration, White's point of view.
 *
 * @module
 */

import { type EvaluationRecord, firstIllegalMove, type StartPosition, toRecord } from "../method/mod.ts";
import {
  engineErrorKind,
  EngineExitedError,
  EngineTimeoutError,
  type EngineTimeouts,
  launchEngine,
  type ResolvedEngine,
  type SearchLimit,
  type UciEngine,
  type UciOptions,
} from "../engine/mod.ts";
import { int } from "../core/mod.ts";

/**
 * Settings of an evaluation run: the limit, the UCI options set once after the handshake, the time limits (default:
 * for an engine of unknown speed; see timeoutsForSpeed), and who is told of restarts and slow searches, a line each.
 */
export interface EvaluationSettings {
  limit: SearchLimit;
  options: UciOptions;
  timeouts?: EngineTimeouts;
  onEvent?: (line: string) => void;
}

/** Raised when an engine's principal variation holds an illegal move (an engine bug; never recorded). */
export class IllegalPvError extends engineErrorKind("engine-protocol") {}

/**
 * A worker's engine session: starts the engine, sets the options, evaluates positions one after another; restarts a
 * dead or hung engine and retries the position once before reporting the error.
 */
export class EvaluationSession {
  #engine: UciEngine | undefined;
  /** Number of engine restarts after a crash or hang. */
  restarts = 0;

  /** Creates a session; the engine starts on first use (or with {@link start}). */
  constructor(readonly resolved: ResolvedEngine, readonly settings: EvaluationSettings) {}

  /** Starts the engine (if not running) and sets the options; returns it. */
  async start(): Promise<UciEngine> {
    if (this.#engine && !this.#engine.exited) return this.#engine;
    this.#engine = await launchEngine(this.resolved, this.settings.options, this.settings.timeouts);
    return this.#engine;
  }

  /** Evaluates one start position (retrying once on a fresh engine after a crash or hang). */
  async evaluate(position: StartPosition): Promise<EvaluationRecord> {
    try {
      return await this.#evaluateOnce(position);
    } catch (e) {
      if (!(e instanceof EngineExitedError || e instanceof EngineTimeoutError || e instanceof IllegalPvError)) throw e;
      this.#engine?.kill();
      this.#engine = undefined;
      this.restarts++;
      this.settings.onEvent?.(`restarting the engine and retrying SP ${position.sp} once: ${e.message}`);
      return await this.#evaluateOnce(position);
    }
  }

  async #evaluateOnce(position: StartPosition): Promise<EvaluationRecord> {
    const { limit, timeouts: t } = this.settings;
    const engine = await this.start();
    await engine.newGame();
    const out = await engine.search(position.fen, [], limit);
    if (t && "nodes" in limit) {
      const expectedMs = (limit.nodes / t.nodesPerSecond) * 1000;
      if (out.wallMs > 3 * expectedMs && out.wallMs > 5000) {
        const took = `took ${(out.wallMs / 1000).toFixed(1)} s (expected about ${(expectedMs / 1000).toFixed(1)} s`;
        const speed = `at the measured ${int(Math.round(t.nodesPerSecond))} nodes/s)`;
        this.settings.onEvent?.(`engine slow: SP ${position.sp} ${took} ${speed}`);
      }
    }
    const record = toRecord(position, limit, out.infos, out.lines, out.bestmove, out.wallMs);
    const illegal = firstIllegalMove(position.fen, record.pv);
    if (illegal) {
      const move = `the illegal move ${illegal.uci} at ply ${illegal.ply}`;
      throw new IllegalPvError(engine.command.label, `its PV for SP ${position.sp} plays ${move}`);
    }
    return record;
  }

  /** Quits the engine. */
  async close(): Promise<void> {
    await this.#engine?.quit();
    this.#engine = undefined;
  }
}
