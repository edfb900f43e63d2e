/**
 * Temporary files beside the file they will replace: created exclusively
 * (the creation fails when the name exists, a symbolic link included) under
 * names no one can guess (`<file>.<pid>.<host>.<16 random hex>.tmp`), renamed
 * over the file when complete; and those that dead runs left beside a file
 * (killed between writing and renaming) removed by the next write of it.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { pidRunning } from "./shutdown.ts";

/** This host's name as a file-name part (letters, digits, `-` and `_`; at most 32). */
function hostTag(): string {
  return Deno.hostname().replace(/[^A-Za-z0-9-]/g, "_").slice(0, 32) || "host";
}

/** 16 random hex digits (64 bits from the system's cryptographic source): a name part no one can guess. */
export function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A temporary name beside `path` that no one can guess: `<path>.<pid>.<host>.<16 random hex>.tmp`. */
export function tempName(path: string): string {
  return `${path}.${Deno.pid}.${hostTag()}.${randomHex()}.tmp`;
}

/**
 * Creates `path` holding `data`, exclusively: fails (AlreadyExists) when
 * anything, a symbolic link too, is there. A file it created but could not
 * fill (a full disk) is removed before the error is thrown.
 */
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

/**
 * Replaces `path` with `data` atomically (readers see the old or the new
 * file): written to an exclusive temporary file beside it, then renamed over
 * it (a rename replaces a symbolic link at `path` rather than following it).
 * The temporary file is removed when a step fails.
 */
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

/** Escapes a text for use inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\~-]/g, "\\$&");
}

/**
 * Removes the temporary files that dead runs of this host left beside `path`
 * (see {@link tempName}; also the names of earlier versions, `<path>.<pid>.tmp`
 * and `<path>.<pid>-<8 hex>.tmp`): those whose process no longer runs. A live
 * run's and another host's are left alone. Returns the names removed.
 */
export async function removeDeadTemps(path: string): Promise<string[]> {
  const pattern = new RegExp(
    `^${escapeRegExp(basename(path))}\\.(\\d+)(?:\\.([A-Za-z0-9_-]+)\\.[0-9a-f]{16}|-[0-9a-f]{8})?\\.tmp$`,
  );
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
