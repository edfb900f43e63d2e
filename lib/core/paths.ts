/**
 * Locations inside the repository, independent of the current directory.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of the repository root (the folder holding `deno.json`; this file is `lib/core/paths.ts`). */
export const REPO_ROOT: string = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** Joins path segments onto the repository root. */
export const repoPath = (...segments: string[]): string => join(REPO_ROOT, ...segments);

/** True when something exists at `path` (file or folder). */
export function pathExists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
