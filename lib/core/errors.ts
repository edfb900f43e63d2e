/**
 * The domain errors: every error a user can cause or meet is an {@link MbiError} with a code from {@link ERROR_CODES}
 * (as chessops codes its errors); bugs stay plain `Error`s, so a CLI never mistakes a bug for bad input. A kind gets
 * its own class (`errorKind`) only where callers catch it by type.
 *
 * @module
 */

/** Every error code, once, with what it means. The CLI exits 2 for the {@link INPUT_ERROR_CODES}, 1 for the others. */
export const ERROR_CODES = {
  usage: "a flag or argument typed on the command line is malformed or not allowed",
  "bad-argument":
    "a value from the command line, checked below the CLI (SP list, shard i/n, Slurm flag, SP not in the table, notebook number), is malformed or out of range",
  profile: "an unknown profile, or a profile name whose overrides or engine tag are malformed",
  position: "a start position (SP, back rank or FEN) that is not a Chess960 start position",
  "engine-config":
    "an engine that names no registry entry or file, or is asked for what it cannot do (budget kind, adapter)",
  "engine-missing": "the engine's file does not exist, is not a file, is not executable or is not a program",
  "engine-timeout": "the engine did not answer in time (uciok, readyok, bestmove) and was killed",
  "engine-crash": "the engine process exited (or was killed by a signal) while a command waited for it",
  "engine-protocol":
    "the engine said something the client cannot use: no uciok, a malformed info line, an illegal PV move, a command out of turn",
  "engine-option": "an option the engine does not declare, or a value it does not allow",
  "engine-fingerprint":
    "a result file was computed by an engine of another bench fingerprint than the one it is used with, or an engine entry declares a fingerprint its build does not measure",
  "engine-build": "the native build of the engine failed (source not fetched, unpacking or compiling failed)",
  "no-completed-iteration": "a search gave no completed iteration to read a value from",
  "illegal-move": "a move that is not legal (or not a move) in its position",
  "index-undefined":
    "the index is not defined on the values (fewer than 2 positions, a position twice, a mate, one missing)",
  stats: "a statistic asked of data it is not defined on (too few pairs, a non-finite value, no resamples)",
  game: "a self-play game could not be played (an engine's illegal move, no usable search)",
  "opening-set": "a search gave no usable line for a position's opening set",
  "selfplay-config": "a self-play file of another configuration, or whose records do not fit its header",
  "stage-input": "an earlier stage's output is missing or out of date (the message names the command that makes it)",
  dataset:
    "a stage-1 evaluation file that cannot be used as asked (its header, a record, a position twice, another budget)",
  jsonl: "a JSONL file damaged beyond a torn last line, or not a results file of this workspace",
  write: "a file could not be written (full disk, read-only file system, permissions)",
  "unsafe-path":
    "a results file, lock, appended file or folder that is a symbolic link, or a folder that leads outside the results root: never written through",
  locked: "a results file is being written by another process, or its lock could not be taken",
  "mbi-input": "values that cannot be indexed, or an MBI table file that is damaged, foreign or of another schema",
  outcomes: "the source of an outcome table cannot be read (empty, no PGN game, another source than the table's)",
  "outcome-table": "an outcome table that cannot be read or written as asked (its name, a row, a mixed set of files)",
  validation: "the inputs of the external validation are missing or do not fit together",
  shard: "shard files that cannot be merged (none, missing, incomplete, overlapping, of another configuration)",
  "jupyter-missing": "Jupyter (nbclient, nbconvert) is not installed",
  notebook: "a stage notebook failed to execute or to render",
  cluster: "a Slurm job could not be submitted (no sbatch on this machine, or sbatch refused it)",
  chromium: "headless Chromium is not installed",
  bundle: "the board code could not be bundled for the site",
  reproduce: "a reproduction could not be run or its report not read",
  "draw-log":
    "an event's draw log that does not read back whole (a damaged line, a line cut short), or a seed used before",
  draw: "no position is eligible for a draw or a book (the condition and the exclusions leave none)",
} as const;

/** A domain error's code: one of {@link ERROR_CODES}. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Codes of errors in what the user typed: the CLI exits 2 for them (as for a bad flag), 1 for every other code. */
export const INPUT_ERROR_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(["usage", "bad-argument", "profile"]);

/** A domain error: one-line message, and a code naming its kind (e.g. `profile`, `dataset`, `engine-timeout`). */
export class MbiError extends Error {
  /** Creates the error with a code and a one-line message (the name is the class's). */
  constructor(readonly code: ErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** True for a domain error (an {@link MbiError}), and, given codes, one with one of them. */
export const isMbiError = (e: unknown, ...codes: ErrorCode[]): e is MbiError =>
  e instanceof MbiError && (codes.length === 0 || codes.includes(e.code));

/** The base of a domain error class with a fixed code, for errors caught by type: `class X extends errorKind("x") {}`. */
export function errorKind<C extends ErrorCode>(code: C) {
  return class extends MbiError {
    declare readonly code: C;
    /** Creates the error with a one-line message. */
    constructor(message: string, options?: ErrorOptions) {
      super(code, message, options);
    }
  };
}

/** An error caused by what the user typed (a flag, a value): printed as one line, exit code 2. Thrown only in lib/cli/. */
export class UsageError extends errorKind("usage") {}

// A write the machine refused (full disk or quota, read-only, permissions) is a user's condition, never a bug.
const WRITE_FAILURE_CODES: ReadonlySet<string> = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM"]);

/** The exit code of a failed command: 2 for input errors, 1 for other domain errors, a missing file or a refused write, 70 for a bug. */
export function exitCodeOf(e: unknown): number {
  if (isMbiError(e)) return INPUT_ERROR_CODES.has(e.code) ? 2 : 1;
  if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.PermissionDenied) return 1;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && WRITE_FAILURE_CODES.has(code) ? 1 : 70;
}

const QUOTE_LIMIT = 80;

/**
 * An error message as one line a terminal shows safely: control characters (ANSI escapes too) written `\xNN`, and a
 * run of more than 80 characters without a space (a pasted file) shortened to its ends and length; a path (a run with
 * a `/`) is kept whole up to 320, as people need it to act.
 */
export function errorLine(message: string): string {
  // deno-lint-ignore no-control-regex
  const control = /[\x00-\x1f\x7f\x9b]/g;
  const safe = message.split("\n")[0].replace(control, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return safe.replace(
    new RegExp(`\\S{${QUOTE_LIMIT + 1},}`, "g"),
    (w) =>
      w.includes("/") && w.length <= 4 * QUOTE_LIMIT
        ? w
        : `${w.slice(0, 40)}…${w.slice(-20)} (${w.length.toLocaleString("en-US")} characters)`,
  );
}
