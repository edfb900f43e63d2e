/**
 * Where a write may go, for every writer of the store (atomic writes,
 * appends, locks, folders replaced whole): a file, lock or folder about to be
 * written that is a symbolic link is refused with its path (a write never
 * follows what this code did not create), and a path below the results root
 * whose folders lead outside it is refused, so no write reaches a file outside
 * the root; a file is opened for appending only as the regular file at its
 * path (created exclusively, or opened and checked to be the file the path
 * names); write failures are one line naming the file. Temporary files are
 * core/temp_files.ts's.
 *
 * @module
 */

import { basename, dirname, isAbsolute, join, relative } from "node:path";
import { MbiError } from "../core/mod.ts";
import { resultsRoot } from "./results_key.ts";
import { displayPath } from "./provenance.ts";

/** A write failure (full disk, read-only file system, permissions) as a one-line `write` error naming the file. */
export function writeError(path: string, e: unknown): MbiError {
  return e instanceof MbiError ? e : new MbiError("write", `cannot write ${path}: ${(e as Error).message ?? e}`);
}

/** True when `path` is `root` or lies below it (by the names, not following links). */
function isBelow(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * The real path of `path`: its nearest existing ancestor resolved, the rest
 * appended; a dangling symbolic link on the way is refused (it cannot be
 * resolved, and a folder made through it would be elsewhere).
 */
function realPathOf(path: string): string {
  const rest: string[] = [];
  for (let p = path;;) {
    try {
      return join(Deno.realPathSync(p), ...rest.reverse());
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    if (isLink(p)) refuseLink(p, "folder");
    const up = dirname(p);
    if (up === p) return path;
    rest.push(basename(p));
    p = up;
  }
}

function isLink(path: string): boolean {
  try {
    return Deno.lstatSync(path).isSymlink;
  } catch {
    return false;
  }
}

function refuseLink(path: string, what = "file"): never {
  let target = "";
  try {
    target = ` to ${Deno.readLinkSync(path)}`;
  } catch {
    // the link went away meanwhile: still refused
  }
  throw new MbiError(
    "unsafe-path",
    `${displayPath(path)} is a symbolic link${target}, not a ${what}; not writing through it (remove it and run again)`,
  );
}

/**
 * Checks that `path` (below the results root by its name) is below it in
 * fact: its real path, links followed, stays inside the root's real path.
 * Throws an `unsafe-path` MbiError naming `shown` otherwise. Paths outside
 * the results root (an `--out` the user chose) are not checked.
 */
function guardInside(path: string, shown: string): void {
  const root = resultsRoot();
  if (!isBelow(root, path) || path === root) return;
  const real = realPathOf(path);
  if (!isBelow(realPathOf(root), real)) {
    throw new MbiError(
      "unsafe-path",
      `${shown} leads outside the results root ${displayPath(root)} (to ${real}); not writing there`,
    );
  }
}

/**
 * Checks that a write to `path` stays where it says: the path itself is not a
 * symbolic link (`what` names it in the message: file, lock, folder), and a
 * path below the results root does not lead outside it through a linked
 * folder. Throws an `unsafe-path` MbiError naming the path otherwise. Paths
 * outside the results root (an `--out` the user chose) are only checked for
 * the link.
 */
export function guardWrite(path: string, what = "file"): void {
  guardInside(dirname(path), `${displayPath(path)}: its folder`);
  if (isLink(path)) refuseLink(path, what);
}

/**
 * Makes folder `dir` and its missing parents (as `mkdir -p`), once it is
 * checked to stay inside the results root; failures are `write` errors naming it.
 */
export async function makeFolder(dir: string): Promise<void> {
  try {
    guardInside(dir, displayPath(dir)); // a linked folder that stays inside the root is fine
    await Deno.mkdir(dir, { recursive: true });
  } catch (e) {
    throw writeError(dir, e);
  }
}

/**
 * Opens `path` for appending as the regular file at that path, never through
 * a symbolic link: with `create`, a new file is created exclusively when there
 * is none; an existing file is opened without creating anything and checked
 * to be the file the path names (a link put there meanwhile is refused).
 */
export async function openAppend(path: string, create: boolean): Promise<Deno.FsFile> {
  guardWrite(path);
  if (create) {
    try {
      return await Deno.open(path, { append: true, createNew: true });
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
      guardWrite(path); // it exists: what is it?
    }
  }
  const file = await Deno.open(path, { append: true });
  const [opened, named] = [await file.stat(), await Deno.lstat(path)];
  if (opened.ino !== named.ino || opened.dev !== named.dev) {
    file.close();
    refuseLink(path);
  }
  return file;
}
