/**
 * Temporary files beside the file they replace: created exclusively (failing on any existing name, a symbolic link
 * too) under names no one can guess, renamed over the file when complete; those that dead runs left are removed by the
 * next write of the file.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { pidRunning } from "./shutdown.ts";

/** This host's name as a file-name part (letters, digits, `-` and `_`; at most 32). */
const hostTag = (): string => Deno.hostname().replace(/[^A-Za-z0-9-]/g, "_").slice(0, 32) || "host";

/** 16 random hex digits (64 bits from the system's cryptographic source): a name part no one can guess. */
export const randomHex = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");

/** A temporary name beside `path` that no one can guess: `<path>.<pid>.<host>.<16 random hex>.tmp`. */
export const tempName = (path: string): string => `${path}.${Deno.pid}.${hostTag()}.${randomHex()}.tmp`;

/** Creates `path` holding `data`, failing when anything is there; a file it could not fill (full disk) is removed. */
export async function createExclusive(path: string, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const file = await Deno.open(path, { write: true, createNew: true });
  try {
    for (let off = 0; off < bytes.length;) off += await file.write(bytes.subarray(off));
  } catch (e) {
    file.close();
    await Deno.remove(path).catch(() => {});
    throw e;
  }
  file.close();
}

/** Replaces `path` atomically: an exclusive temporary file, renamed over it (no link followed); removed on failure. */
export async function replaceFile(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = tempName(path);
  await createExclusive(tmp, data);
  try {
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}

/**
 * Removes the temporary files that dead runs of this host left beside `path` ({@link tempName}, and the older
 * `<path>.<pid>.tmp` and `<path>.<pid>-<8 hex>.tmp`); a live run's and another host's stay. Returns the names removed.
 */
export async function removeDeadTemps(path: string): Promise<string[]> {
  const name = basename(path).replace(/[.*+?^${}()|[\]\\~-]/g, "\\$&"); // as a regular expression
  const pattern = new RegExp(`^${name}\\.(\\d+)(?:\\.([A-Za-z0-9_-]+)\\.[0-9a-f]{16}|-[0-9a-f]{8})?\\.tmp$`);
  const removed: string[] = [];
  const entries = await Array.fromAsync(Deno.readDir(dirname(path))).catch(() => []);
  for (const e of entries) {
    const m = pattern.exec(e.name);
    if (!m || (m[2] !== undefined && m[2] !== hostTag()) || pidRunning(Number(m[1]))) continue;
    // removing a name never follows it: a planted link goes, not what it points to
    await Deno.remove(join(dirname(path), e.name)).then(() => removed.push(e.name), () => {});
  }
  return removed;
}
