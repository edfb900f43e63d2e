/**
 * One writer per output file: a lock file `<file>.lock` created exclusively
 * before the file is read for writing, holding who took it (PID, host,
 * command, start time). A second writer is refused with the holder named. A
 * lock left by a process that no longer runs on this host (a crash, kill -9)
 * is taken over, with a message; a lock of another host cannot be checked and
 * is refused with the command that removes it. Locks are released on exit,
 * on error and when the process is stopped by a signal.
 *
 * Written by hand: no npm lock package works on Deno's file API with these
 * semantics (exclusive create, holder description, stale takeover).
 *
 * @module
 */

import { MbiError } from "../core/errors.ts";
import { onShutdown, procInfo } from "../core/shutdown.ts";
import { displayPath } from "./provenance.ts";

/** Who holds a lock. */
export interface LockHolder {
  /** Process id. */
  pid: number;
  /** Host name. */
  host: string;
  /** The command line. */
  command: string;
  /** When it took the lock (ISO 8601). */
  started: string;
  /** Start time of the process (from /proc), to tell a reused PID from the holder. */
  proc_start: string | null;
}

/** Raised when another process holds the lock. */
export class LockError extends MbiError {
  /** Creates the error. */
  constructor(message: string) {
    super("locked", message);
    this.name = "LockError";
  }
}

/** A held lock. */
export interface Lock {
  /** The lock file. */
  path: string;
  /** Releases the lock (removes the lock file); safe to call twice. */
  release(): Promise<void>;
}

function me(): LockHolder {
  return {
    pid: Deno.pid,
    host: Deno.hostname(),
    command: [Deno.mainModule.split("/").pop(), ...Deno.args].join(" ").slice(0, 300),
    started: new Date().toISOString(),
    proc_start: procInfo(Deno.pid)?.start ?? null,
  };
}

/** True when the holder is a process that still runs on this host (unknown hosts count as running). */
export function holderAlive(h: LockHolder): boolean {
  if (h.host !== Deno.hostname()) return true;
  const p = procInfo(h.pid);
  if (!p) {
    try {
      Deno.statSync("/proc/self");
      return false; // /proc works and the PID is gone
    } catch {
      return true; // no /proc: cannot tell
    }
  }
  return h.proc_start === null || p.start === h.proc_start;
}

function describe(h: LockHolder): string {
  return `PID ${h.pid} on ${h.host} (${h.command}, since ${h.started})`;
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    const h = JSON.parse(await Deno.readTextFile(path));
    return typeof h?.pid === "number" && typeof h?.host === "string" ? h : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of `target` (the file `target + ".lock"`), or throws
 * {@link LockError} naming the holder. `log` receives the takeover message.
 */
export async function acquireLock(target: string, log: (line: string) => void = console.error): Promise<Lock> {
  const path = `${target}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const f = await Deno.open(path, { createNew: true, write: true });
      await f.write(new TextEncoder().encode(JSON.stringify(me()) + "\n"));
      f.close();
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        unregister();
        await Deno.remove(path).catch(() => {});
      };
      const unregister = onShutdown(release);
      return { path, release };
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    }
    const holder = await readHolder(path);
    if (holder && holder.host !== Deno.hostname()) {
      throw new LockError(
        `${displayPath(target)} is locked by ${describe(holder)}; if that process has ended, remove ${
          displayPath(path)
        }`,
      );
    }
    if (holder && holderAlive(holder)) {
      throw new LockError(
        `${displayPath(target)} is being written by ${describe(holder)}; wait for it to finish or stop it`,
      );
    }
    // A stale lock (its process is gone, or the file was left half-written): take it over, once.
    const mutex = `${path}.takeover`;
    try {
      (await Deno.open(mutex, { createNew: true, write: true })).close();
    } catch {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      const again = await readHolder(path);
      if (JSON.stringify(again) === JSON.stringify(holder)) {
        log(
          `taking over the lock of ${displayPath(target)}: ${
            holder ? `${describe(holder)} is no longer running` : "the lock file was incomplete"
          }`,
        );
        await Deno.remove(path).catch(() => {});
      }
    } finally {
      await Deno.remove(mutex).catch(() => {});
    }
  }
  throw new LockError(`${displayPath(target)}: could not take its lock ${displayPath(path)}`);
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
