/**
 * Starting an engine ready for work: the process, the UCI handshake, and the
 * options set one by one (each checked against what the engine declares). The
 * one place where an engine is started with options; a failure kills it.
 *
 * @module
 */

import type { ResolvedEngine, UciOptions } from "./registry.ts";
import { DEFAULT_TIMEOUTS, type EngineTimeouts, UciEngine } from "./uci.ts";
import { MbiError } from "../core/mod.ts";

/** The option every engine is started with, true: the positions are Chess960 starts (castling by Chess960 rules). */
export const CHESS960_OPTION = "UCI_Chess960";

/**
 * `options` with {@link CHESS960_OPTION} true (added when missing); an entry
 * that sets it otherwise is refused.
 */
export function withChess960(options: UciOptions, engineId: string): UciOptions {
  const key = Object.keys(options).find((k) => k.toLowerCase() === CHESS960_OPTION.toLowerCase());
  if (key === undefined) return { ...options, [CHESS960_OPTION]: true };
  if (String(options[key]) !== "true") {
    throw new MbiError(
      "engine-config",
      `engine ${engineId}: option ${key} is ${
        options[key]
      }, but every position here is a Chess960 start: it must be true`,
    );
  }
  return options;
}

/**
 * Starts `engine` and sets `options` (default: the registry entry's options),
 * always with {@link CHESS960_OPTION} true; an engine that does not declare
 * that option is refused (it cannot castle in Chess960 start positions).
 */
export async function launchEngine(
  engine: ResolvedEngine,
  options: UciOptions = engine.entry.options,
  timeouts: EngineTimeouts = DEFAULT_TIMEOUTS,
): Promise<UciEngine> {
  const all = withChess960(options, engine.entry.id);
  const e = await UciEngine.start(engine.command, timeouts);
  try {
    if (!e.declared.has(CHESS960_OPTION.toLowerCase())) {
      throw new MbiError(
        "engine-option",
        `engine ${engine.entry.id} (${e.name}) does not declare the option ${CHESS960_OPTION}: it cannot play Chess960 start positions, so it cannot be used here`,
      );
    }
    for (const [name, value] of Object.entries(all)) await e.setOption(name, value);
  } catch (err) {
    e.kill();
    throw err;
  }
  return e;
}
