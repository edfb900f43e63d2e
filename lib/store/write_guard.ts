/**
 * Where a write may go, for every writer of the store, and atomic writes. A file, lock or folder about to be written
 * that is a symbolic link is refused (a write never follows what this code did not create), and so is a path below
 * the results root whose folders lead outside it; a file is appended to only as the regular file at its path; an
 * atomic write goes to an exclusive temporary file (core/temp_files.ts), then renamed; failures are one line naming
 * the file.
 *
 * @module
 */

import { basename, dirname, isAbsolute, join, relative } from "node:path";
import { MbiError, removeDeadTemps, replaceFile } from "../core/mod.ts";
import { resultsRoot } from "./results_key.ts";
import { displayPath } from "./provenance.ts";

/** A write failure (full disk, read-only file system, permissions) as a one-line `write` error naming the file. */
export const writeError = (path: string, e: unknown): MbiError =>
  e instanceof MbiError ? e : new MbiError("write", `cannot write ${path}: ${(e as Error).message ?? e}`);

/** True when `path` is `root` or lies below it (by the names, not following links). */
function isBelow(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** The real path of `path` (its nearest existing ancestor resolved); a dangling link on the way is refused. */
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
  const fix = "not writing through it (remove it and run again)";
  throw new MbiError("unsafe-path", `${displayPath(path)} is a symbolic link${target}, not a ${what}; ${fix}`);
}

/** Refuses (`unsafe-path`, naming `shown`) a path below the results root by its name whose real path is not below it. */
function guardInside(path: string, shown: string): void {
  const root = resultsRoot();
  if (!isBelow(root, path) || path === root) return; // an `--out` the user chose outside the root is not checked
  const real = realPathOf(path);
  if (!isBelow(realPathOf(root), real)) {
    const where = `the results root ${displayPath(root)} (to ${real})`;
    throw new MbiError("unsafe-path", `${shown} leads outside ${where}; not writing there`);
  }
}

/** Refuses (`unsafe-path`) a write to a link (`what`: file, lock, folder) or through a link out of the results root. */
export function guardWrite(path: string, what = "file"): void {
  guardInside(dirname(path), `${displayPath(path)}: its folder`);
  if (isLink(path)) refuseLink(path, what);
}

/** Makes folder `dir` and its missing parents once checked to stay inside the results root (`write` errors name it). */
export async function makeFolder(dir: string): Promise<void> {
  try {
    guardInside(dir, displayPath(dir)); // a linked folder that stays inside the root is fine
    await Deno.mkdir(dir, { recursive: true });
  } catch (e) {
    throw writeError(dir, e);
  }
}

/**
 * Opens `path` for appending as the regular file at that path, never through a link: with `create`, a missing file is
 * created exclusively; an existing one is opened and checked to be the file the path names (a link put there meanwhile
 * is refused).
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

/**
 * Writes `text` to `path` atomically (readers see the old or the new file), after {@link guardWrite} and removing the
 * temporary files dead runs left beside it; any other failure is a `write` error naming the file.
 */
export async function writeFileAtomic(path: string, text: string | Uint8Array): Promise<void> {
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

/** True when `old` was written by code with uncommitted changes (`code.dirty`) and `value` by committed code. */
export function cleanerCode(old: object | undefined, value: object): boolean {
  const dirty = (v: object | undefined) => (v as { code?: { dirty?: unknown } } | undefined)?.code?.dirty;
  return dirty(old) === true && dirty(value) === false;
}

/**
 * Writes `value` as JSON unless the file holds it apart from `ignored` fields (e.g. the code); returns the file's.
 * One exception: a file written by code with uncommitted changes (`code.dirty`) is written again when committed code
 * computes the same, so its provenance names code anyone can check out.
 */
export async function writeJsonUnlessSame<T extends object>(path: string, value: T, ignored: (keyof T)[]): Promise<T> {
  await removeDeadTemps(path);
  const old = await Deno.readTextFile(path).then(JSON.parse).catch(() => undefined) as T | undefined;
  const strip = (v: T) => JSON.stringify({ ...v, ...Object.fromEntries(ignored.map((k) => [k, null])) });
  if (old && strip(old) === strip(value) && !cleanerCode(old, value)) return old;
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
  const text = await readTextIfExists(path);
  return text === undefined ? undefined : JSON.parse(text) as T;
}

/** The entries of folder `dir`, none when it does not exist (any other error is thrown). */
export function readDirIfExists(dir: string): Deno.DirEntry[] {
  try {
    return [...Deno.readDirSync(dir)];
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
}
