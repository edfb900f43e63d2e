/**
 * Provenance recorded in every result file: code version and input file hashes.
 *
 * @module
 */

import { execa } from "execa";
import { relative } from "node:path";
import { sha256File } from "../core/hash.ts";
import { REPO_ROOT } from "../core/paths.ts";

/** The code that produced a result: git commit, and whether the tree had changes. */
export interface CodeVersion {
  /** Commit hash, or "unknown" outside a git checkout. */
  commit: string;
  /** True when tracked files under lib/ or data/ differed from the commit. */
  dirty: boolean;
}

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

/** An input file and its SHA-256. */
export interface InputFile {
  /** Path relative to the repository root (or absolute when outside it). */
  path: string;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
}

/** A path as recorded in result files: relative to the repository root when inside it, else absolute. */
export function displayPath(path: string): string {
  const rel = relative(REPO_ROOT, path);
  return rel.startsWith("..") ? path : rel;
}

/** Describes input files by path and SHA-256. */
export async function inputFiles(paths: string[]): Promise<InputFile[]> {
  return await Promise.all(paths.map(async (p) => ({ path: displayPath(p), sha256: await sha256File(p) })));
}
