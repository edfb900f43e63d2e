/**
 * Shared command-line plumbing: argument parsing with one-line errors.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { installShutdown, runCleanups } from "../core/shutdown.ts";
import { exitCodeOf, UsageError } from "../core/errors.ts";
import { parsePosition, PositionError, type StartPosition } from "../method/chess960.ts";

export { UsageError };

/** What a command takes besides its options: its usage text and how many positional arguments. */
export interface CliSpec {
  /** Usage text printed by `--help` (first line: the synopsis). */
  usage: string;
  /** Positional arguments allowed: a number (default 0) or "any". */
  positionals?: number | "any";
}

/**
 * Parses `Deno.args` with node's `parseArgs`, turning its errors into
 * {@link UsageError}. `--help` prints the usage and exits 0; positional
 * arguments beyond what the command takes are an error (so `eval-all ci` does
 * not silently run the default profile); a negative number such as `-1` is a
 * value, not an option.
 */
export function parseCli<T extends ParseArgsConfig["options"]>(
  options: T,
  spec: CliSpec,
  args: string[] = Deno.args,
) {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(spec.usage.trim());
    Deno.exit(0);
  }
  // Let "--sp -1" reach range checks (parseArgs would reject the "-1" as ambiguous), and "mbi -1" too.
  const joined: string[] = [];
  const negatives: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith("--") ? args[i].slice(2) : undefined;
    if (name && options?.[name]?.type === "string" && /^-\d/.test(args[i + 1] ?? "")) {
      joined.push(`${args[i]}=${args[++i]}`);
    } else if (/^-\d/.test(args[i])) {
      negatives.push(args[i]);
    } else {
      joined.push(args[i]);
    }
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...joined, "--", ...negatives], options, allowPositionals: true, strict: true });
  } catch (e) {
    const m = /^Unknown option '([^']+)'/.exec((e as Error).message);
    const allowed = Object.keys(options ?? {}).map((o) => `--${o}`).join(", ");
    throw new UsageError(
      m
        ? `unknown option ${m[1]} (allowed: ${allowed || "none"}; see --help)`
        : `${(e as Error).message.split(/\.\s|\n/)[0]} (see --help)`,
    );
  }
  const allowed = spec.positionals ?? 0;
  if (allowed !== "any" && parsed.positionals.length > allowed) {
    const extra = parsed.positionals[allowed];
    throw new UsageError(
      `unexpected argument "${extra}"${
        options && Object.hasOwn(options, "profile") && allowed === 0 ? ` (did you mean --profile ${extra}?)` : ""
      }; usage: ${spec.usage.trim().split("\n")[0]}`,
    );
  }
  return parsed;
}

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

/** `--workers`: a whole number >= 1, at most the number of cores (a larger value is lowered, with a message). */
export function workersOption(value: string | undefined): number {
  const cores = navigator.hardwareConcurrency;
  const n = positiveInt("workers", value) ?? cores;
  if (n > cores) {
    console.error(`--workers ${n}: this machine has ${cores} cores; using ${cores}`);
    return cores;
  }
  return n;
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
    console.error(`${exit === 70 ? "internal error" : "error"}: ${String(err?.message ?? err).split("\n")[0]}`);
    if (Deno.env.get("MBI_DEBUG")) console.error(err?.stack);
    await runCleanups();
    Deno.exit(exit);
  }
}

/** Parses a positive integer option, naming the option and the allowed range on error. */
export function positiveInt(
  name: string,
  value: string | undefined,
): number | undefined {
  if (value === undefined) return undefined;
  if (
    !/^\d+$/.test(value) || Number(value) < 1 ||
    !Number.isSafeInteger(Number(value))
  ) {
    throw new UsageError(`--${name} ${value}: expected a whole number >= 1`);
  }
  return Number(value);
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
