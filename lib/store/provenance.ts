/**
 * Provenance recorded in every result file: code version and input file hashes.
 *
 * @module
 */

import { execa } from "execa";
import { relative } from "node:path";
import { REPO_ROOT, sha256File, text } from "../core/mod.ts";
import * as v from "valibot";

/** The code that produced a result: git commit (or "unknown" outside a git checkout), and whether tracked files under lib/ or data/ differed from it. */
export const CodeVersion = v.object({ commit: text(), dirty: v.boolean("is not true or false") });

/** The code that produced a result. */
export type CodeVersion = v.InferOutput<typeof CodeVersion>;

let cached: CodeVersion | undefined;

/** Returns the code version of the repository (cached per process). */
export async function codeVersion(): Promise<CodeVersion> {
  if (cached) return cached;
  try {
    const head = await execa("git", ["rev-parse", "HEAD"], { cwd: REPO_ROOT });
    const status = await execa("git", [
      "status",
      "--porcelain",
      "--",
      "lib",
      "data",
      "deno.json",
      "deno.lock",
    ], {
      cwd: REPO_ROOT,
    });
    cached = { commit: head.stdout.trim(), dirty: status.stdout.trim() !== "" };
  } catch {
    cached = { commit: "unknown", dirty: false };
  }
  return cached;
}

/** An input file: its path (relative to the repository root, or absolute when outside it) and the hex SHA-256 of its bytes. */
export const InputFile = v.object({ path: text(), sha256: text() });

/** An input file and its SHA-256. */
export type InputFile = v.InferOutput<typeof InputFile>;

/** A path as recorded in result files: relative to the repository root when inside it, else absolute. */
export function displayPath(path: string): string {
  const rel = relative(REPO_ROOT, path);
  return rel.startsWith("..") ? path : rel;
}

/** Describes input files by path and SHA-256. */
export async function inputFiles(paths: string[]): Promise<InputFile[]> {
  return await Promise.all(paths.map(async (p) => ({ path: displayPath(p), sha256: await sha256File(p) })));
}
