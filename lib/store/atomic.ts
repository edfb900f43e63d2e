/**
 * Atomic file writes: write to a temporary file beside the target (created
 * exclusively, under a name no one can guess), then rename; never through a
 * symbolic link, never outside the results root (see write_guard.ts and
 * core/temp_files.ts); and
 * reading a JSON result file that may not be there yet.
 *
 * @module
 */

import { dirname } from "node:path";
import { removeDeadTemps, replaceFile } from "../core/mod.ts";
import { guardWrite, writeError } from "./write_guard.ts";

/**
 * Writes `text` to `path` atomically (readers see the old or the new file,
 * never half). A `path` that is a symbolic link, or below the results root
 * but through a folder that leads outside it, is refused (`unsafe-path`);
 * temporary files that dead runs left beside it are removed first. Any other
 * failure is a `write` error naming the file.
 */
export async function writeFileAtomic(
  path: string,
  text: string | Uint8Array,
): Promise<void> {
  try {
    guardWrite(path);
    await Deno.mkdir(dirname(path), { recursive: true });
    await removeDeadTemps(path);
    await replaceFile(path, text);
  } catch (e) {
    throw writeError(path, e);
  }
}

/** Writes `text` atomically unless the file already holds exactly it (a rerun changes no file). */
export async function writeTextIfChanged(path: string, text: string): Promise<boolean> {
  await removeDeadTemps(path); // a rerun with nothing to change still clears what a killed run left
  const old = await Deno.readTextFile(path).catch(() => undefined);
  if (old === text) return false;
  await writeFileAtomic(path, text);
  return true;
}

/**
 * Writes `value` as JSON unless the file holds the same value apart from
 * `ignored` fields (e.g. the code version); returns the value now in the file.
 */
export async function writeJsonUnlessSame<T extends object>(path: string, value: T, ignored: (keyof T)[]): Promise<T> {
  await removeDeadTemps(path);
  const old = await Deno.readTextFile(path).then(JSON.parse).catch(() => undefined) as T | undefined;
  const strip = (v: T) => JSON.stringify({ ...v, ...Object.fromEntries(ignored.map((k) => [k, null])) });
  if (old && strip(old) === strip(value)) return old;
  await writeFileAtomic(path, JSON.stringify(value, null, 1) + "\n");
  return value;
}

/** Reads a text file, or undefined when it does not exist (any other error is thrown). */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
}

/** Reads a JSON file, or undefined when it does not exist (any other error, e.g. bad JSON, is thrown). */
export async function readJsonIfExists<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(path)) as T;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
}
