/**
 * Test helpers: a command of `lib/cli/` run as a subprocess against a temporary results root of its own, so tests
 * never touch the repository's `results/` nor see what another test left.
 *
 * @module
 */

import { join } from "node:path";
import { repoPath } from "./paths.ts";

/** What a command printed and how it ended. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temporary folder `mbi-<prefix>-…`, removed when the process ends (`unload`), whatever its tests do. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: `mbi-${prefix.replace(/^mbi-|-$/g, "")}-` });
  globalThis.addEventListener("unload", () => {
    try {
      Deno.removeSync(dir, { recursive: true });
    } catch { /* already removed by its test */ }
  });
  return dir;
}

/** A temporary results root for one test file (removed when the run ends), with a function that runs `lib/cli/<script>` against it. */
export async function testRoot(prefix: string): Promise<{
  dir: string;
  results: string;
  cli: (script: string, args: string[], env?: Record<string, string>, wrapper?: string[]) => Promise<CliRun>;
}> {
  const dir = await tempDir(prefix);
  const results = join(dir, "results");
  await Deno.mkdir(results);
  // `wrapper`: a command the run goes through (e.g. `faketime -f +2d`)
  const cli = async (script: string, args: string[], env: Record<string, string> = {}, wrapper: string[] = []) => {
    const [cmd, ...rest] = [...wrapper, Deno.execPath(), "run", "-A", repoPath("lib", "cli", script), ...args];
    const out = await new Deno.Command(cmd, {
      args: rest,
      env: { MBI_RESULTS_DIR: results, ...env },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const dec = new TextDecoder();
    return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
  };
  return { dir, results, cli };
}

/** The `error: …` lines of a command's stderr. */
export const errorLines = (stderr: string): string[] =>
  stderr.trim().split("\n").filter((l) => /^(internal )?error:/.test(l));

/** Runs `f` with `$MBI_RESULTS_DIR` set to `root`, and puts the variable back as it was, whatever `f` does. */
export async function withResultsDir<T>(root: string, f: () => Promise<T>): Promise<T> {
  const before = Deno.env.get("MBI_RESULTS_DIR");
  Deno.env.set("MBI_RESULTS_DIR", root);
  try {
    return await f();
  } finally {
    if (before === undefined) Deno.env.delete("MBI_RESULTS_DIR");
    else Deno.env.set("MBI_RESULTS_DIR", before);
  }
}

/** Runs `f` with `$MBI_RESULTS_DIR` pointing at a fresh temporary folder (removed afterwards). */
export async function inTempRoot(f: (root: string) => Promise<void>, prefix = "mbi-root-"): Promise<void> {
  const root = await Deno.makeTempDir({ prefix });
  try {
    await withResultsDir(root, () => f(root));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

/** Waits until `path` exists (polling every 20 ms, at most `timeoutMs`); false when it never appeared. */
export async function waitForFile(path: string, timeoutMs = 60_000): Promise<boolean> {
  for (let t = 0; t < timeoutMs; t += 20) {
    if (await Deno.stat(path).then(() => true, () => false)) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}
