/**
 * A UCI engine client over execa: one long-lived engine process, one command at a time, with an explicit error for
 * every way an engine can fail (modelled on python-chess's engine module); its time limits; and the options an engine
 * declares.
 *
 * Quirk honoured for the npm Stockfish WASM wrapper: it acts on `position`, `ucinewgame` and `isready` even during a
 * search, so nothing is ever sent between `go` and `bestmove` (a second command while searching is a bug and throws),
 * and stdin stays open for the life of the engine.
 *
 * @module
 */

import { execa, type ResultPromise } from "execa";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { onShutdown } from "../core/mod.ts";
import {
  checkExecutable,
  describeExit,
  EngineError,
  type EngineErrorCode,
  EngineExitedError,
  EngineTimeoutError,
} from "./failures.ts";
import { type InfoLine, parseInfo } from "./info.ts";
import type { SearchLimit } from "./limit.ts";
import type { UciAdapter } from "./adapters.ts";

/** How to start an engine process: executable, arguments, a short name for messages (its id or path), its adapter. */
export interface EngineCommand {
  file: string;
  args: string[];
  label: string;
  /** Makes the adapter that translates this engine's traffic, for a protocol difference (see adapters.ts). */
  adapter?: () => UciAdapter;
}

/**
 * Everything a search printed: the raw lines from `go` to `bestmove` inclusive, the parsed info lines (same order;
 * `info string` lines included), the engine's `bestmove` (not the MBI result; see lastCompletedIteration), the ponder
 * move when given, and the wall time from `go` to `bestmove` in ms.
 */
export interface SearchOutput {
  lines: string[];
  infos: InfoLine[];
  bestmove: string;
  ponder?: string;
  wallMs: number;
}

/** An option the engine declared: name (case preserved), UCI type, default, and a spin option's bounds. */
export interface OptionDeclaration {
  name: string;
  type: string;
  default?: string;
  min?: number;
  max?: number;
}

/** Parses an `option name … type … [default …] [min …] [max …]` line. */
export function parseOptionLine(line: string): OptionDeclaration | undefined {
  const m = /^option name (.+?) type (\S+)(.*)$/.exec(line.trim());
  if (!m) return undefined;
  const decl: OptionDeclaration = { name: m[1], type: m[2] };
  const rest = m[3];
  const def = /\bdefault ?(.*?)(?: min | max | var |$)/.exec(rest);
  if (def) decl.default = def[1];
  const min = /\bmin (-?\d+)/.exec(rest);
  if (min) decl.min = Number(min[1]);
  const max = /\bmax (-?\d+)/.exec(rest);
  if (max) decl.max = Number(max[1]);
  return decl;
}

/**
 * Time limits of the client, in ms. A node-limited search may take `searchFactor` times its expected time at
 * `nodesPerSecond` (the engine's measured speed, when known), never less than `searchFloorMs` nor more than
 * `searchCapMs`; a depth-limited search (its length cannot be predicted) has `depthSearchMs`.
 */
export interface EngineTimeouts {
  /** From start to `uciok` (the WASM build needs ~1.6 s; a first run also downloads it). */
  handshakeMs: number;
  /** From `isready` to `readyok`. */
  readyMs: number;
  nodesPerSecond: number;
  searchFactor: number;
  searchFloorMs: number;
  searchCapMs: number;
  depthSearchMs: number;
  /** A wait longer than this (and than twice a search's expected time) is reported, then every minute (default 10 s). */
  noticeMs?: number;
}

/** Default time limits, for an engine whose speed has not been measured (assumed slow: 50,000 nodes/s). */
export const DEFAULT_TIMEOUTS: EngineTimeouts = {
  handshakeMs: 120_000,
  readyMs: 60_000,
  nodesPerSecond: 50_000,
  searchFactor: 10,
  searchFloorMs: 30_000,
  searchCapMs: 2 * 3600_000,
  depthSearchMs: 600_000,
};

/** How long a wait may last before it is reported, by default (see {@link EngineTimeouts.noticeMs}). */
export const WAIT_NOTICE_MS = 10_000;

/** The timeout of one search under `timeouts` (see {@link EngineTimeouts}). */
export function searchTimeoutMs(limit: SearchLimit, timeouts: EngineTimeouts): number {
  if (!("nodes" in limit)) return timeouts.depthSearchMs;
  const expected = (limit.nodes / timeouts.nodesPerSecond) * 1000;
  return Math.round(Math.min(timeouts.searchCapMs, Math.max(timeouts.searchFloorMs, timeouts.searchFactor * expected)));
}

/** Timeouts for an engine measured at `nodesPerSecond` (e.g. by the bench fingerprint). */
export function timeoutsForSpeed(nodesPerSecond: number | undefined): EngineTimeouts {
  return nodesPerSecond && nodesPerSecond > 0 ? { ...DEFAULT_TIMEOUTS, nodesPerSecond } : DEFAULT_TIMEOUTS;
}

/** The guard script that kills an engine whose client has died (see guard.sh). */
const GUARD = fileURLToPath(new URL("guard.sh", import.meta.url));

interface Waiter {
  done: (line: string) => boolean;
  collected: string[];
  resolve: (lines: string[]) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A running UCI engine. Create with {@link UciEngine.start}; end with {@link UciEngine.quit}. */
export class UciEngine {
  /** `id name` of the engine. */
  name = "";
  /** `id author` of the engine. */
  author = "";
  /** Options the engine declared, by lower-case name. */
  readonly declared = new Map<string, OptionDeclaration>();
  /** Options set through this client, as sent. */
  readonly optionsSet = new Map<string, string>();
  /** Told, as one line, when an answer takes longer than the notice time (default: stderr). */
  onWait: (line: string) => void = (line) => console.error(line);

  #proc: ResultPromise<{ stdin: "pipe"; stdout: "pipe"; stderr: "pipe"; buffer: false; reject: false }>;
  #waiter: Waiter | undefined;
  #exit: { code: number | null; signal: string | null; stderr: string } | undefined;
  #lastStderr: string | undefined;
  #searching = false;
  #timeouts: EngineTimeouts;
  #adapter: UciAdapter | undefined;
  #unregister: () => void;

  private constructor(readonly command: EngineCommand, timeouts: EngineTimeouts) {
    this.#timeouts = timeouts;
    this.#adapter = command.adapter?.();
    // The engine runs under guard.sh, in a process group of its own: kill() ends the group, and the
    // guard ends the engine when this process dies (even by kill -9).
    this.#proc = execa("/bin/sh", [GUARD, String(Deno.pid), command.file, ...command.args], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      buffer: false,
      reject: false,
      cleanup: true,
      detached: true,
      forceKillAfterDelay: 2000,
    });
    this.#unregister = onShutdown(() => this.kill());
    const stdout = createInterface({ input: this.#proc.stdout! });
    stdout.on("line", (line) => this.#onLine(this.#adapter?.incoming(line) ?? line));
    createInterface({ input: this.#proc.stderr! }).on("line", (line) => this.#lastStderr = line);
    this.#proc.stdin!.on("error", () => {}); // EPIPE after exit is reported through #onExit
    this.#proc.then((r) => this.#onExit(r.exitCode ?? null, r.signal ?? null, r));
  }

  /**
   * Starts an engine and completes the UCI handshake (`uci` … `uciok`). Throws an {@link EngineError}: `engine-missing`
   * when the program cannot run, `engine-protocol` when it does not speak UCI within the handshake timeout,
   * `engine-crash` when it exits during the handshake.
   */
  static async start(command: EngineCommand, timeouts: EngineTimeouts = DEFAULT_TIMEOUTS): Promise<UciEngine> {
    await checkExecutable(command);
    const engine = new UciEngine(command, timeouts);
    try {
      const lines = await engine.#request("uci", (l) => l.trim() === "uciok", timeouts.handshakeMs);
      for (const line of lines) {
        const t = line.trim();
        if (t.startsWith("id name ")) engine.name = t.slice(8);
        else if (t.startsWith("id author ")) engine.author = t.slice(10);
        const decl = parseOptionLine(t);
        if (decl) engine.declared.set(decl.name.toLowerCase(), decl);
      }
    } catch (e) {
      engine.kill();
      if (e instanceof EngineTimeoutError) {
        const silent = `does not speak UCI: no "uciok" within ${timeouts.handshakeMs / 1000} s of "uci"`;
        throw engine.#error("engine-protocol", silent);
      }
      if (e instanceof EngineExitedError) {
        const code = engine.#exit?.code === 127 ? "engine-missing" : "engine-crash"; // 127: command not found
        throw engine.#error(code, `exited during the UCI handshake (${e.message.replace(/^engine \S+: /, "")})`);
      }
      throw e;
    }
    return engine;
  }

  /** True once the process has exited. */
  get exited(): boolean {
    return this.#exit !== undefined;
  }

  /** Sends `isready` and waits for `readyok`. */
  async isReady(): Promise<void> {
    await this.#request("isready", (l) => l.trim() === "readyok", this.#timeouts.readyMs);
  }

  /** Sets a declared option (case-insensitive name); an unknown option or a value out of range is `engine-option`. */
  async setOption(name: string, value: string | number | boolean): Promise<void> {
    const decl = this.declared.get(name.toLowerCase());
    if (!decl) {
      const declared = [...this.declared.values()].map((d) => d.name).join(", ");
      throw this.#error("engine-option", `unknown option "${name}" (declared: ${declared})`);
    }
    const text = String(value);
    const n = Number(text);
    const refused = (allowed: string) =>
      this.#error("engine-option", `option ${decl.name} = ${text} not allowed (${allowed})`);
    if (decl.type === "spin" && (!Number.isInteger(n) || n < (decl.min ?? -Infinity) || n > (decl.max ?? Infinity))) {
      throw refused(`integer ${decl.min ?? "-inf"}..${decl.max ?? "inf"}`);
    }
    if (decl.type === "check" && text !== "true" && text !== "false") throw refused("true or false");
    this.#send(`setoption name ${decl.name} value ${text}`);
    this.optionsSet.set(decl.name, text);
    await this.isReady();
  }

  /** Starts a new game: `ucinewgame`, then `isready`/`readyok`. */
  async newGame(): Promise<void> {
    this.#send("ucinewgame");
    await this.isReady();
  }

  /**
   * Searches `fen` (+ `moves`) with `limit` and waits for `bestmove`. The timeout comes from the limit and the engine's
   * expected speed ({@link searchTimeoutMs}); a hang kills the engine and throws {@link EngineTimeoutError}.
   */
  async search(fen: string, moves: readonly string[], limit: SearchLimit): Promise<SearchOutput> {
    this.#send(`position fen ${fen}${moves.length ? " moves " + moves.join(" ") : ""}`);
    const go = "nodes" in limit ? `go nodes ${limit.nodes}` : `go depth ${limit.depth}`;
    const timeout = searchTimeoutMs(limit, this.#timeouts);
    const start = performance.now();
    this.#searching = true;
    try {
      const expectedMs = "nodes" in limit ? (limit.nodes / this.#timeouts.nodesPerSecond) * 1000 : 0;
      const lines = await this.#request(go, (l) => l.startsWith("bestmove"), timeout, 2 * expectedMs);
      const wallMs = performance.now() - start;
      const last = lines[lines.length - 1].trim().split(/\s+/);
      const infos = lines.flatMap((l): InfoLine[] => {
        try {
          const info = parseInfo(l);
          return info ? [info] : [];
        } catch (e) {
          // which engine said it, in which search: the position and the ply searched
          const after = moves.length ? ` after ${moves.join(" ")}` : "";
          const message = `${(e as Error).message} (searching ${fen}${after}, ply ${moves.length + 1})`;
          throw this.#error("engine-protocol", message);
        }
      });
      return { lines, infos, bestmove: last[1], ...(last[2] === "ponder" ? { ponder: last[3] } : {}), wallMs };
    } finally {
      this.#searching = false;
    }
  }

  /** Sends `quit` and waits for the process to end (kills it after 5 s). */
  async quit(): Promise<void> {
    if (this.exited) return;
    try {
      this.#proc.stdin!.write("quit\n");
      this.#proc.stdin!.end();
    } catch { /* already gone */ }
    const timer = setTimeout(() => this.kill(), 5000);
    await this.#proc;
    clearTimeout(timer);
  }

  /** Kills the engine at once (its whole process group: the guard and the engine). */
  kill(): void {
    if (this.exited) return;
    try {
      Deno.kill(-this.#proc.pid!, "SIGKILL");
    } catch {
      this.#proc.kill("SIGKILL");
    }
  }

  #error(code: EngineErrorCode, message: string): EngineError {
    return new EngineError(code, this.command.label, message);
  }

  #send(line: string): void {
    if (this.#exit) {
      const exited = `cannot send "${line}": the process has exited (${this.#describeExit()})`;
      throw new EngineExitedError(this.command.label, exited);
    }
    if (this.#searching && this.#waiter) {
      throw this.#error("engine-protocol", `refusing to send "${line}" during a search`);
    }
    this.#write(line);
  }

  /** Writes one command line (through the adapter, when the engine has one). */
  #write(line: string): void {
    this.#proc.stdin!.write((this.#adapter?.outgoing(line) ?? line) + "\n");
  }

  #request(line: string, done: (line: string) => boolean, timeoutMs: number, usualMs = 0): Promise<string[]> {
    if (this.#waiter) {
      return Promise.reject(this.#error("engine-protocol", `"${line}" sent while waiting for an answer`));
    }
    // A wait beyond the notice time (and beyond what this request usually takes) says what it waits for.
    const start = performance.now();
    const noticeMs = Math.max(this.#timeouts.noticeMs ?? WAIT_NOTICE_MS, usualMs);
    let notices: ReturnType<typeof setTimeout> | undefined;
    const notice = () => {
      const waited = ((performance.now() - start) / 1000).toFixed(0);
      const killed = `it is killed after ${(timeoutMs / 1000).toFixed(0)} s`;
      this.onWait(`waiting for ${this.command.label} to answer "${line}": ${waited} s so far (${killed})`);
      notices = setTimeout(notice, 60_000);
    };
    if (noticeMs < timeoutMs) notices = setTimeout(notice, noticeMs);
    return new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiter = undefined;
        this.kill();
        const why = `no answer to "${line}" within ${(timeoutMs / 1000).toFixed(0)} s; killed`;
        reject(new EngineTimeoutError(this.command.label, why));
      }, timeoutMs);
      this.#waiter = { done, collected: [], resolve, reject, timer };
      try {
        this.#write(line);
      } catch (e) {
        clearTimeout(timer);
        this.#waiter = undefined;
        reject(e);
      }
    }).finally(() => clearTimeout(notices));
  }

  #onLine(line: string): void {
    const w = this.#waiter;
    if (!w) return; // unsolicited output (banner lines before "uci", etc.)
    w.collected.push(line);
    if (w.done(line)) {
      clearTimeout(w.timer);
      this.#waiter = undefined;
      w.resolve(w.collected);
    }
  }

  #onExit(code: number | null, signal: string | null, result: unknown): void {
    const err = (result as { originalMessage?: string; code?: string }).originalMessage;
    this.#exit = { code, signal, stderr: err ?? "" };
    this.#unregister();
    const w = this.#waiter;
    if (w) {
      clearTimeout(w.timer);
      this.#waiter = undefined;
      w.reject(new EngineExitedError(this.command.label, `process ended (${this.#describeExit()})`));
    }
  }

  #describeExit(): string {
    return describeExit(this.#exit!, this.#lastStderr);
  }
}
