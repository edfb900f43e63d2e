/**
 * One writer per output file: a lock file `<file>.lock` naming its holder, complete the moment it exists (written to a
 * temporary file and hard-linked into place, which fails when a lock is there). A second writer is refused with the
 * holder named. A lock whose holder is dead (this host, the PID gone or reused) is taken over under a short takeover
 * mutex, so two runs never both remove it; another host's lock, or an unreadable one, is refused with the command that
 * removes it; a linked lock is never followed. Locks are released on exit, error and signal, only by their holder.
 * Written by hand: no npm lock package has these semantics on Deno's file API.
 *
 * @module
 */

import {
  createExclusive,
  integer,
  MbiError,
  onShutdown,
  pidRunning,
  procInfo,
  removeDeadTemps,
  tempName,
  text,
} from "../core/mod.ts";
import * as v from "valibot";
import { displayPath } from "./provenance.ts";
import { guardWrite, readTextIfExists, writeError } from "./write_guard.ts";

/**
 * Who holds a lock: PID, host, command line, when it took the lock, the process's start (from /proc, to tell a reused
 * PID; null when unknown), and a nonce that makes every lock's text unique (absent in older locks).
 */
export const LockHolder = v.object({
  pid: integer(),
  host: text(),
  command: text(),
  started: text(),
  proc_start: v.optional(v.nullable(text())),
  nonce: v.optional(text()),
});

/** Who holds a lock. */
export type LockHolder = v.InferOutput<typeof LockHolder>;

/** A held lock: its file, and `release` (removes the file if it is still this one's; safe to call twice). */
export interface Lock {
  path: string;
  release(): Promise<void>;
}

function me(): LockHolder {
  return {
    pid: Deno.pid,
    host: Deno.hostname(),
    command: [Deno.mainModule.split("/").pop(), ...Deno.args].join(" ").slice(0, 300),
    started: new Date().toISOString(),
    proc_start: procInfo(Deno.pid)?.start ?? null,
    nonce: crypto.randomUUID(),
  };
}

/** True when the holder is a process that still runs on this host (unknown hosts count as running). */
function holderAlive(h: LockHolder): boolean {
  if (h.host !== Deno.hostname()) return true;
  if (!pidRunning(h.pid)) return false;
  const p = procInfo(h.pid);
  return !p || h.proc_start === null || p.start === h.proc_start;
}

const describe = (h: LockHolder) => `PID ${h.pid} on ${h.host} (${h.command}, since ${h.started})`;

function parseHolder(text: string | undefined): LockHolder | undefined {
  try {
    const h = JSON.parse(text ?? "");
    return v.is(LockHolder, h) ? h : undefined;
  } catch {
    return undefined;
  }
}

const locked = (message: string) => new MbiError("locked", message);

/** Creates `path` holding `text`, complete or not at all (a temporary file hard-linked to it); true when this call did. */
async function createComplete(path: string, text: string): Promise<boolean> {
  const tmp = tempName(path);
  try {
    guardWrite(path, "lock");
    await removeDeadTemps(path);
    await createExclusive(tmp, text);
  } catch (e) {
    throw writeError(path, e);
  }
  try {
    // test-only: `MBI_TEST_LOCK_DELAY_MS` waits between writing the holder and putting the lock in place
    const delay = Number(Deno.env.get("MBI_TEST_LOCK_DELAY_MS") ?? 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    await Deno.link(tmp, path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.AlreadyExists) return false;
    throw writeError(path, e);
  } finally {
    await Deno.remove(tmp).catch(() => {});
  }
}

/** Removes `path` only if it still holds `text` (a lock is never rewritten, so its text names it). */
async function removeIfSame(path: string, text: string): Promise<void> {
  if ((await readTextIfExists(path).catch(() => undefined)) === text) await Deno.remove(path).catch(() => {});
}

/**
 * Removes the dead holder's lock `path` (text `stale`) under the takeover mutex `<path>.takeover`: of several runs
 * that found it, exactly one removes it, and a lock made since is never touched. False when another run is taking over.
 */
async function removeStale(path: string, stale: string, log: () => void): Promise<boolean> {
  const mutex = `${path}.takeover`;
  const mine = JSON.stringify(me()) + "\n";
  if (!(await createComplete(mutex, mine))) {
    const text = await readTextIfExists(mutex);
    const holder = parseHolder(text);
    if (text !== undefined && (!holder || !holderAlive(holder))) {
      const who = holder ? describe(holder) : "unreadable";
      const fix = `if no run of this workspace writes here, remove ${displayPath(mutex)}`;
      throw locked(`${displayPath(path)}: a takeover of this lock was interrupted (${who}); ${fix}`);
    }
    return false;
  }
  try {
    // Inside the mutex nobody else removes the lock, and a lock that exists cannot be replaced.
    if ((await readTextIfExists(path)) === stale) {
      log();
      await Deno.remove(path);
    }
    return true;
  } finally {
    await removeIfSame(mutex, mine);
  }
}

/** Takes the lock of `target` (the file `target + ".lock"`), or throws a `locked` MbiError naming the holder. */
export async function acquireLock(target: string, log: (line: string) => void = console.error): Promise<Lock> {
  const path = `${target}.lock`;
  const [file, lock] = [displayPath(target), displayPath(path)];
  for (let attempt = 0; attempt < 50; attempt++) {
    const text = JSON.stringify(me()) + "\n";
    if (await createComplete(path, text)) {
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        unregister();
        await removeIfSame(path, text);
      };
      const unregister = onShutdown(release);
      return { path, release };
    }
    const found = await readTextIfExists(path);
    if (found === undefined) continue; // released meanwhile: try again
    const holder = parseHolder(found);
    const unreadable = `${file} is locked by an unreadable lock file`;
    if (!holder) throw locked(`${unreadable}; if no run of this workspace writes it, remove ${lock}`);
    if (holder.host !== Deno.hostname()) {
      throw locked(`${file} is locked by ${describe(holder)}; if that process has ended, remove ${lock}`);
    }
    if (holderAlive(holder)) {
      throw locked(`${file} is being written by ${describe(holder)}; wait for it to finish or stop it`);
    }
    const takeover = () => log(`taking over the lock of ${file}: ${describe(holder)} is no longer running`);
    if (!(await removeStale(path, found, takeover))) await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
  throw locked(`${file}: could not take its lock ${lock}`);
}

/** Runs `fn` holding the lock of `target`. */
export async function withLock<T>(target: string, fn: () => Promise<T>, log?: (line: string) => void): Promise<T> {
  const lock = await acquireLock(target, log);
  try {
    return await fn();
  } finally {
    await lock.release();
  }
}
