/**
 * How an engine fails, each way with its own code (see core/errors.ts): it cannot be started (`engine-missing`), does
 * not answer in time (`engine-timeout`), exits while a command waits (`engine-crash`), says what the client cannot use
 * (`engine-protocol`) or refuses an option (`engine-option`); and the checks made before an engine is started.
 *
 * @module
 */

import { type ErrorCode, MbiError } from "../core/mod.ts";

/** The codes of engine failures: the `engine-…` codes of core/errors.ts. */
export type EngineErrorCode = Extract<ErrorCode, `engine-${string}`>;

/** An engine failure: the message names the engine, the code says how it failed (timeout, crash, protocol…). */
export class EngineError extends MbiError {
  /** Creates an error of kind `code` about engine `label`. */
  constructor(code: EngineErrorCode, readonly label: string, message: string) {
    super(code, `engine ${label}: ${message}`);
  }
}

/** The base of an engine error class with a fixed code, for failures caught by type. */
export function engineErrorKind<C extends EngineErrorCode>(code: C) {
  return class extends EngineError {
    declare readonly code: C;
    /** Creates the error about engine `label`. */
    constructor(label: string, message: string) {
      super(code, label, message);
    }
  };
}

/** The engine did not answer in time (no `uciok`, `readyok` or `bestmove`); it was killed. */
export class EngineTimeoutError extends engineErrorKind("engine-timeout") {}

/** The engine process exited while a command was waiting for its answer. */
export class EngineExitedError extends engineErrorKind("engine-crash") {}

/** Checks that an engine command's file exists, is a file and is executable (one-line errors), without starting it. */
export async function checkExecutable(command: { file: string; label: string }): Promise<void> {
  const it = command.label === command.file ? "the file" : command.file;
  const missing = (why: string) => new EngineError("engine-missing", command.label, `${it} ${why}`);
  const stat = await Deno.stat(command.file).catch(() => undefined);
  if (!stat) {
    if (!command.file.includes("/")) return; // a bare name: looked up on PATH by execa
    throw missing("does not exist");
  }
  if (!stat.isFile) throw missing("is not a file");
  if (stat.mode !== null && (stat.mode & 0o111) === 0) {
    throw missing("is not executable (chmod +x, or give another engine)");
  }
  // An executable text file without "#!" cannot be exec'd; say so plainly.
  const head = new Uint8Array(4);
  const f = await Deno.open(command.file);
  const n = (await f.read(head)) ?? 0;
  f.close();
  const isElf = n === 4 && head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46;
  const isScript = n >= 2 && head[0] === 0x23 && head[1] === 0x21;
  if (!isElf && !isScript) throw missing("is not a program (neither a binary nor a #! script)");
}

const SIGNAL_NAMES: Record<number, string> = {
  1: "SIGHUP",
  2: "SIGINT",
  4: "SIGILL",
  6: "SIGABRT",
  9: "SIGKILL",
  11: "SIGSEGV",
  13: "SIGPIPE",
  15: "SIGTERM",
};

/** How an engine process ended, in words: the signal or exit code (the guard exits 128 + n for signal n), with its last stderr line. */
export function describeExit(
  exit: { code: number | null; signal: string | null; stderr: string },
  lastStderr = "",
): string {
  const signal = exit.signal ??
    (exit.code !== null && exit.code > 128 && exit.code < 160 ? SIGNAL_NAMES[exit.code - 128] : undefined);
  const how = signal
    ? `signal ${signal}`
    : exit.code === 127
    ? "exit code 127 (command not found)"
    : `exit code ${exit.code}`;
  const detail = exit.stderr || lastStderr;
  return detail ? `${how}: ${detail}` : how;
}
