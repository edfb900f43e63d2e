/**
 * Starting an engine ready for work: the process, the UCI handshake, and the
 * options set one by one (each checked against what the engine declares). The
 * one place where an engine is started with options; a failure kills it.
 *
 * @module
 */

import type { ResolvedEngine, UciOptions } from "./registry.ts";
import { DEFAULT_TIMEOUTS, type EngineTimeouts, UciEngine } from "./uci.ts";

/** Starts `engine` and sets `options` (default: the registry entry's options). */
export async function launchEngine(
  engine: ResolvedEngine,
  options: UciOptions = engine.entry.options,
  timeouts: EngineTimeouts = DEFAULT_TIMEOUTS,
): Promise<UciEngine> {
  const e = await UciEngine.start(engine.command, timeouts);
  try {
    for (const [name, value] of Object.entries(options)) await e.setOption(name, value);
  } catch (err) {
    e.kill();
    throw err;
  }
  return e;
}
