/**
 * Shared command-line plumbing: argument parsing with one-line errors.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";

/** An error caused by what the user typed; printed as one line, exit code 2. */
export class UsageError extends Error {
  /** Creates the error with a one-line message naming the bad value. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Parses `Deno.args` with node's `parseArgs`, turning its errors into {@link UsageError}. */
export function parseCli<T extends ParseArgsConfig["options"]>(
  options: T,
  args: string[] = Deno.args,
) {
  // Let "--sp -1" reach range checks (parseArgs would reject the "-1" as ambiguous).
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith("--") ? args[i].slice(2) : undefined;
    if (
      name && options?.[name]?.type === "string" &&
      /^-\d/.test(args[i + 1] ?? "")
    ) {
      joined.push(`${args[i]}=${args[++i]}`);
    } else {
      joined.push(args[i]);
    }
  }
  try {
    return parseArgs({
      args: joined,
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    throw new UsageError((e as Error).message.split("\n")[0]);
  }
}

/**
 * Runs a CLI entry point: any error is printed as a single `error: …` line
 * on stderr and the process exits non-zero (2 for usage errors, 1 otherwise).
 */
export async function runCli(
  main: () => Promise<number | void>,
): Promise<void> {
  try {
    const code = await main();
    Deno.exit(code ?? 0);
  } catch (e) {
    const err = e as Error;
    console.error(`error: ${err.message.split("\n")[0]}`);
    if (Deno.env.get("MBI_DEBUG")) console.error(err.stack);
    Deno.exit(err instanceof UsageError ? 2 : 1);
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
