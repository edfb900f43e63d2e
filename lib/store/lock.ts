/**
 * One writer per output file: a lock file `<file>.lock` holding who took it
 * (PID, host, command, start time, a nonce). The lock is complete the moment
 * it exists: the holder is written to a temporary file first and hard-linked
 * into place, which fails when the lock already exists; nobody ever sees an
 * empty or half-written lock of this code. A second writer is refused with
 * the holder named. A lock whose holder is known to be dead (this host, the
 * PID gone or reused) is taken over, with a message, under a short takeover
 * mutex so that two runs never both remove it; a lock of another host, or
 * one that cannot be read, is never taken over: it is refused with the
 * command that removes it; a lock that is a symbolic link is refused with its
 * path, never followed (write_guard.ts). Locks are released on exit, on error and when the
 * process is stopped by a signal, and only by their own holder.
 *
 * Written by hand: no npm lock package works on Deno's file API with these
 * semantics (atomic complete create, holder description, stale takeover).
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
import { readTextIfExists } from "./atomic.ts";
import { guardWrite, writeError } from "./write_guard.ts";

/**
 * Who holds a lock, as its lock file says: process id, host name, the command
 * line, when it took the lock (ISO 8601), the start time of the process (from
 * /proc, to tell a reused PID from the holder; null when unknown), and a nonce
 * that makes every lock's text unique (absent in locks of earlier versions).
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

/** A held lock. */
export interface Lock {
  /** The lock file. */
  path: string;
  /** Releases the lock (removes the lock file if it is still this one's); safe to call twice. */
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
export function holderAlive(h: LockHolder): boolean {
  if (h.host !== Deno.hostname()) return true;
  if (!pidRunning(h.pid)) return false;
  const p = procInfo(h.pid);
  return !p || h.proc_start === null || p.start === h.proc_start;
}

function describe(h: LockHolder): string {
  return `PID ${h.pid} on ${h.host} (${h.command}, since ${h.started})`;
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const h = JSON.parse(text);
    return v.is(LockHolder, h) ? h : undefined;
  } catch {
    return undefined;
  }
}

/** Test-only: `MBI_TEST_LOCK_DELAY_MS` waits between writing the holder and putting the lock in place. */
async function testDelay(): Promise<void> {
  const ms = Number(Deno.env.get("MBI_TEST_LOCK_DELAY_MS") ?? 0);
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}

/**
 * Creates `path` holding `text`, complete or not at all: the text goes to a
 * temporary file beside it, which is hard-linked to `path` (atomic, fails
 * when `path` exists). True when this call created it.
 */
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
    await testDelay();
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
 * Removes the dead holder's lock `path` (text `stale`) under the takeover
 * mutex `<path>.takeover`, itself created complete and held for a moment: of
 * several runs that found the same dead lock, exactly one removes it, and a
 * lock made since is never touched. False when another run is taking over.
 */
async function removeStale(path: string, stale: string, log: () => void): Promise<boolean> {
  const mutex = `${path}.takeover`;
  const mine = JSON.stringify(me()) + "\n";
  if (!(await createComplete(mutex, mine))) {
    const text = await readTextIfExists(mutex);
    const holder = text === undefined ? undefined : parseHolder(text);
    if (text !== undefined && (!holder || !holderAlive(holder))) {
      throw new MbiError(
        "locked",
        `${displayPath(path)}: a takeover of this lock was interrupted (${
          holder ? describe(holder) : "unreadable"
        }); if no run of this workspace writes here, remove ${displayPath(mutex)}`,
      );
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

/**
 * Takes the lock of `target` (the file `target + ".lock"`), or throws
 * a `locked` MbiError naming the holder. `log` receives the takeover message.
 */
export async function acquireLock(target: string, log: (line: string) => void = console.error): Promise<Lock> {
  const path = `${target}.lock`;
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
    if (!holder) {
      throw new MbiError(
        "locked",
        `${displayPath(target)} is locked by an unreadable lock file; if no run of this workspace writes it, remove ${
          displayPath(path)
        }`,
      );
    }
    if (holder.host !== Deno.hostname()) {
      throw new MbiError(
        "locked",
        `${displayPath(target)} is locked by ${describe(holder)}; if that process has ended, remove ${
          displayPath(path)
        }`,
      );
    }
    if (holderAlive(holder)) {
      throw new MbiError(
        "locked",
        `${displayPath(target)} is being written by ${describe(holder)}; wait for it to finish or stop it`,
      );
    }
    const removed = await removeStale(
      path,
      found,
      () => log(`taking over the lock of ${displayPath(target)}: ${describe(holder)} is no longer running`),
    );
    if (!removed) await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
  throw new MbiError("locked", `${displayPath(target)}: could not take its lock ${displayPath(path)}`);
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
