/**
 * Provenance recorded in every result file: code version and input file hashes.
 *
 * @module
 */

import { execa } from "execa";
import { isAbsolute, join, relative } from "node:path";
import { createHash } from "node:crypto";
import { integer, MbiError, REPO_ROOT, repoPath, sha256File, text } from "../core/mod.ts";
import { resultsRoot } from "./results_key.ts";
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
    const tracked = ["lib", "data", "deno.json", "deno.lock"];
    const status = await execa("git", ["status", "--porcelain", "--", ...tracked], { cwd: REPO_ROOT });
    cached = { commit: head.stdout.trim(), dirty: status.stdout.trim() !== "" };
  } catch {
    cached = { commit: "unknown", dirty: false };
  }
  return cached;
}

/**
 * An input file: its path (relative to the repository root, or absolute when outside it) and the hex SHA-256 of its
 * bytes; with `lines`, of its first `lines` lines only (an append-only file, read as far as it had grown: the hash
 * still checks once the file has grown further).
 */
export const InputFile = v.object({ path: text(), sha256: text(), lines: v.optional(integer()) });

/** An input file and its SHA-256. */
export type InputFile = v.InferOutput<typeof InputFile>;

/** A path as recorded in result files: relative to the repository root when inside it, else absolute. */
export function displayPath(path: string): string {
  const rel = relative(REPO_ROOT, path);
  return rel.startsWith("..") ? path : rel;
}

/** `path` relative to `dir` when it lies below it (not `dir` itself), else undefined. */
const below = (dir: string, path: string): string | undefined => {
  const rel = relative(dir, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : undefined;
};

/** A path as a result file records it, true wherever the results root moves: `results/…` below it, else as displayed. */
export function recordedPath(path: string): string {
  const rel = below(resultsRoot(), path);
  return rel ? join("results", rel) : displayPath(path);
}

/**
 * How to get a damaged committed file back, as the remedy of its error: `git checkout -- <path>` inside the repository;
 * for a copy under a results root elsewhere, the repository's version by `git show`; else a copy of it.
 */
export function restoreRemedy(path: string): string {
  const inRepo = below(REPO_ROOT, path);
  if (inRepo) return `restore it from git (git checkout -- ${inRepo})`;
  const inResults = below(resultsRoot(), path);
  if (inResults) {
    return `restore it from a copy (the repository's, if it has one: git show HEAD:results/${inResults} > ${path})`;
  }
  return "restore it from a copy";
}

/** Describes input files by path ({@link recordedPath}) and SHA-256. */
export const inputFiles = async (paths: string[]): Promise<InputFile[]> =>
  await Promise.all(paths.map(async (p) => ({ path: recordedPath(p), sha256: await sha256File(p) })));

/** The hex SHA-256 of a file's first `lines` lines (each ending in a newline); undefined when it has fewer. */
async function sha256Lines(path: string, lines: number): Promise<string | undefined> {
  const bytes = await Deno.readFile(path);
  let end = 0;
  for (let k = 0; k < lines; k++) {
    const nl = bytes.indexOf(0x0a, end);
    if (nl < 0) return undefined;
    end = nl + 1;
  }
  return createHash("sha256").update(bytes.subarray(0, end)).digest("hex");
}

/** Describes an append-only input by path, the lines read and the SHA-256 of those lines. */
export const inputLines = async (path: string, lines: number): Promise<InputFile> => {
  const sha256 = await sha256Lines(path, lines);
  if (sha256 === undefined) throw new MbiError("dataset", `${displayPath(path)} has fewer than ${lines} whole lines`);
  return { path: recordedPath(path), sha256, lines };
};

/** The file a recorded input path names now: `results/…` below the current results root (copied results stay themselves). */
export function recordedInputPath(recorded: string): string {
  if (isAbsolute(recorded)) return recorded;
  return recorded.startsWith("results/") ? join(resultsRoot(), recorded.slice("results/".length)) : repoPath(recorded);
}

/**
 * Why a result file's recorded inputs no longer describe their files, or null: the first of `required` not among them
 * (found also by its path below the results root, which may have moved), else the first input changed or gone.
 */
export async function staleInputs(
  inputs: readonly InputFile[],
  required: readonly string[] = [],
): Promise<string | null> {
  const files = inputs.map((i) => ({
    sha256: i.sha256,
    lines: i.lines,
    recorded: i.path,
    now: recordedInputPath(i.path),
  }));
  for (const path of required) {
    const below = relative(resultsRoot(), path);
    const input = files.find((f) => f.now === path || f.recorded.endsWith(`/${below}`));
    if (!input) return `was not computed from ${displayPath(path)}`;
    input.now = path;
  }
  for (const f of files) {
    const now = await (f.lines === undefined ? sha256File(f.now) : sha256Lines(f.now, f.lines)).catch(() => undefined);
    if (now !== f.sha256) return `was not computed from ${displayPath(f.now)} as it is now`;
  }
  return null;
}
