/**
 * Ending with the launcher. `npx deno task X` runs as npx → sh → deno task → deno run, and killing an outer process
 * does not reach the inner ones (which would work on for hours with their engines). So a command stops cleanly on
 * SIGINT, SIGTERM and SIGHUP, and when one of its launchers (deno, node, npm/npx and npx's `sh` above it) is gone; the
 * watch ends at the first other process, so `nohup deno task … &` outlives its terminal. Stopping runs the cleanups
 * (kill engines, release locks) and exits with 128 + the signal. The watch reads `/proc` (PID and start time, so a
 * reused PID is not the launcher); without it only signals apply.
 *
 * @module
 */

type Cleanup = () => void | Promise<void>;

const cleanups = new Set<Cleanup>();
let installed = false;
let stopping = false;

/** Registers a cleanup run when the process is stopped; returns a function that unregisters it. */
export function onShutdown(fn: Cleanup): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Runs every registered cleanup once (errors are ignored: the process is going down). */
export async function runCleanups(): Promise<void> {
  const all = [...cleanups];
  cleanups.clear();
  for (const fn of all) await Promise.resolve().then(fn).catch(() => {}); // best effort
}

/** A process as seen in /proc: PID, parent, name (`comm`, at most 15 characters), start (ticks since boot). */
export interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** Tells a reused PID from the original process. */
  start: string;
}

/** Reads /proc/<pid>/stat; undefined when the process is gone or there is no /proc. */
export function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // The command name (field 2) is in parentheses and may hold spaces: fields after the last ")".
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { pid, ppid: Number(rest[1]), comm, start: rest[19] };
  } catch {
    return undefined;
  }
}

/** False only when this host's `/proc` shows that no process `pid` runs (without `/proc` nothing is taken for dead). */
export function pidRunning(pid: number): boolean {
  if (procInfo(pid)) return true;
  try {
    Deno.statSync("/proc/self");
    return false; // /proc works and the PID is gone
  } catch {
    return true; // no /proc: cannot tell
  }
}

const isLauncher = (comm: string) => comm === "deno" || comm === "node" || comm === "npx" || comm.startsWith("npm");
const isShell = (comm: string) => comm === "sh" || comm === "dash" || comm === "bash";

/** The launcher chain above this process, nearest first: deno/node/npm/npx, and npx's `sh -c deno …` between two. */
export function launchers(): ProcInfo[] {
  const out: ProcInfo[] = [];
  let pid = Deno.ppid;
  while (pid > 1 && out.length < 64) {
    const p = procInfo(pid);
    if (!p) break;
    const parent = procInfo(p.ppid);
    if (!isLauncher(p.comm) && !(isShell(p.comm) && parent && isLauncher(parent.comm))) break;
    out.push(p);
    pid = p.ppid;
  }
  return out;
}

const SIGNALS: [Deno.Signal, number][] = [["SIGINT", 2], ["SIGTERM", 15], ["SIGHUP", 1]];

/** Stops the process: runs the cleanups and exits with `code`. */
export async function stop(reason: string, code: number, log: (line: string) => void = console.error): Promise<never> {
  if (!stopping) {
    stopping = true;
    log(`stopping: ${reason}`);
    await runCleanups();
  }
  Deno.exit(code);
}

/** Installs the signal handlers and the launcher watch, checked every `intervalMs` (once per process). */
export function installShutdown(opts: { log?: (line: string) => void; intervalMs?: number } = {}): void {
  if (installed) return;
  installed = true;
  const log = opts.log ?? console.error;
  for (const [sig, num] of SIGNALS) {
    try {
      Deno.addSignalListener(sig, () => void stop(`received ${sig}`, 128 + num, log));
    } catch {
      // signal not supported on this platform
    }
  }
  const watched = launchers();
  if (watched.length === 0) return;
  const timer = setInterval(() => {
    for (const a of watched) {
      const now = procInfo(a.pid);
      if (!now || now.start !== a.start) {
        clearInterval(timer);
        void stop(`the process that launched this one (PID ${a.pid}) has ended`, 129, log);
        return;
      }
    }
  }, opts.intervalMs ?? 1000);
  Deno.unrefTimer(timer);
}

/** Test-only: with `MBI_TEST_KILL_AT=<name>` the process kills itself (SIGKILL) at that point, for kill tests. */
export function testKillPoint(name: string): void {
  if (Deno.env.get("MBI_TEST_KILL_AT") === name) Deno.kill(Deno.pid, "SIGKILL");
}
