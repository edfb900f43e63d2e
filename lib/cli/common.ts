/**
 * Shared command-line plumbing: argument parsing with one-line errors.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { installShutdown, runCleanups } from "../core/shutdown.ts";
import { isMbiError, UsageError } from "../core/errors.ts";

export { UsageError };

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
 * Runs a CLI entry point: a domain error is printed as a single `error: …`
 * line on stderr and the process exits 2 for usage errors, 1 for others; any
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
    const domain = isMbiError(err) || err instanceof Deno.errors.NotFound ||
      err instanceof Deno.errors.PermissionDenied;
    console.error(`${domain ? "error" : "internal error"}: ${String(err?.message ?? err).split("\n")[0]}`);
    if (Deno.env.get("MBI_DEBUG")) console.error(err?.stack);
    await runCleanups();
    Deno.exit(err instanceof UsageError ? 2 : domain ? 1 : 70);
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
