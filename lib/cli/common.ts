/**
 * Shared command-line plumbing: the entry point's error handling and exit
 * codes, and the paths and positions the user types (the parsing is
 * `command.ts`).
 *
 * @module
 */

import { dirname, isAbsolute, join, resolve } from "node:path";
import { errorLine, exitCodeOf, installShutdown, runCleanups, UsageError } from "../core/mod.ts";
import { parsePosition, PositionError, type StartPosition } from "../method/mod.ts";

export { UsageError };

/** A path the user typed, resolved against the directory they typed it in (`deno task` runs from the repository root). */
export function userPath(path: string): string {
  return isAbsolute(path) ? path : resolve(Deno.env.get("INIT_CWD") ?? Deno.cwd(), path);
}

/**
 * An output file the user named: resolved like {@link userPath}; its directory
 * must exist and it must not be a directory (a usage error otherwise).
 */
export function outputPath(option: string, path: string): string {
  const p = userPath(path);
  const dir = statOrUndefined(dirname(p));
  if (!dir?.isDirectory) {
    throw new UsageError(`--${option} ${path}: the directory ${dirname(p)} does not exist (create it first)`);
  }
  if (statOrUndefined(p)?.isDirectory) {
    throw new UsageError(`--${option} ${path}: is a directory; give a file name (e.g. ${join(path, "evals.jsonl")})`);
  }
  return p;
}

/** An output folder the user named: resolved like {@link userPath}; it or its parent must be a directory. */
export function outputDir(option: string, path: string): string {
  const p = userPath(path);
  const self = statOrUndefined(p);
  if (self && !self.isDirectory) throw new UsageError(`--${option} ${path}: is a file, not a directory`);
  if (!self && !statOrUndefined(dirname(p))?.isDirectory) {
    throw new UsageError(`--${option} ${path}: the directory ${dirname(p)} does not exist (create it first)`);
  }
  return p;
}

function statOrUndefined(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Runs a CLI entry point: a domain error is printed as a single `error: …`
 * line on stderr and the process exits 2 for input errors (the codes of
 * `INPUT_ERROR_CODES`: usage, bad-argument, profile), 1 for others; any
 * other error is a bug, reported as `internal error: …` with exit code 70
 * (MBI_DEBUG=1 prints its stack).
 */
export async function runCli(
  main: () => Promise<number | void>,
): Promise<void> {
  installShutdown();
  try {
    const code = await main();
    await runCleanups();
    Deno.exit(code ?? 0);
  } catch (e) {
    const err = e as Error;
    const exit = exitCodeOf(err); // 2 for the input-error codes, 1 for other domain errors, 70 for a bug
    console.error(`${exit === 70 ? "internal error" : "error"}: ${errorLine(String(err?.message ?? err))}`);
    if (Deno.env.get("MBI_DEBUG")) console.error(err?.stack);
    await runCleanups();
    Deno.exit(exit);
  }
}

/** A start position the user typed (SP, back rank or FEN); a bad one is a usage error (exit 2). */
export function positionArg(text: string): StartPosition {
  try {
    return parsePosition(text);
  } catch (e) {
    if (e instanceof PositionError) throw new UsageError(e.message);
    throw e;
  }
}
