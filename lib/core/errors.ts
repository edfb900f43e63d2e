/**
 * The base of the project's domain errors: every error a user can cause or
 * meet (bad input, a damaged or stale file, an engine that misbehaves) is an
 * {@link MbiError} with a stable `code`, as chessops gives its errors codes;
 * programming errors stay plain `Error`s, so a CLI never mistakes a bug for
 * bad input.
 *
 * @module
 */

/** A domain error: one-line message, and a code naming its kind (e.g. `profile`, `dataset`, `engine`). */
export class MbiError extends Error {
  /** Creates the error with a code and a one-line message. */
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = "MbiError";
  }
}

/** True for a domain error (an {@link MbiError}). */
export function isMbiError(e: unknown): e is MbiError {
  return e instanceof MbiError;
}

/** An error caused by what the user typed (a flag, a value): printed as one line, exit code 2. */
export class UsageError extends MbiError {
  /** Creates the error with a one-line message naming the bad value and what is allowed (and a finer code). */
  constructor(message: string, code = "usage") {
    super(code, message);
    this.name = "UsageError";
  }
}
