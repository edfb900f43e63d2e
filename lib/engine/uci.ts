/**
 * A UCI engine client over execa: one long-lived engine process, one command at
 * a time. Modelled on python-chess's engine module: handshake, options,
 * positions, searches, with explicit errors for every way an engine can fail.
 *
 * Quirk honoured for the npm Stockfish WASM wrapper: it acts on `position`,
 * `ucinewgame` and `isready` even during a search, so nothing is ever sent
 * between `go` and `bestmove` (a second command while searching is a bug and
 * throws), and stdin stays open for the life of the engine.
 *
 * @module
 */

import { execa, type ResultPromise } from "execa";
import { fileURLToPath } from "node:url";
import { onShutdown } from "../core/mod.ts";
import { checkExecutable, describeExit, EngineError, EngineExitedError, EngineTimeoutError } from "./failures.ts";
import { DEFAULT_TIMEOUTS, type EngineTimeouts, searchTimeoutMs, WAIT_NOTICE_MS } from "./timeouts.ts";

export * from "./failures.ts";
export * from "./timeouts.ts";
export * from "./option_line.ts";
import { type OptionDeclaration, parseOptionLine } from "./option_line.ts";
import { createInterface } from "node:readline";
import { type InfoLine, parseInfo } from "./info.ts";
import type { SearchLimit } from "./limit.ts";
import type { UciAdapter } from "./adapters.ts";

/** How to start an engine process. */
export interface EngineCommand {
  /** Executable to run. */
  file: string;
  /** Its arguments. */
  args: string[];
  /** A short name for messages, e.g. the engine id or path. */
  label: string;
  /** Makes the adapter that translates this engine's traffic, for a protocol difference (see lib/adapters). */
  adapter?: () => UciAdapter;
}

/** Everything a search printed, and its best move. */
export interface SearchOutput {
  /** Raw lines from `go` to `bestmove` inclusive. */
  lines: string[];
  /** Parsed info lines (same order; `info string` lines included). */
  infos: InfoLine[];
  /** The engine's `bestmove` (not the MBI result; see lastCompletedIteration). */
  bestmove: string;
  /** Ponder move, when given. */
  ponder?: string;
  /** Wall time of the search in milliseconds (from `go` to `bestmove`). */
  wallMs: number;
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
  /** Lines printed before `uciok` (banner, id, options). */
  readonly handshake: string[] = [];
  /** Options set through this client, as sent. */
  readonly optionsSet = new Map<string, string>();
  /** Told, as one line, when an answer takes longer than the notice time (default: stderr). */
  onWait: (line: string) => void = (line) => console.error(line);

  #proc: ResultPromise<
    {
      stdin: "pipe";
      stdout: "pipe";
      stderr: "pipe";
      buffer: false;
      reject: false;
    }
  >;
  #waiter: Waiter | undefined;
  #exit:
    | { code: number | null; signal: string | null; stderr: string }
    | undefined;
  #stderr: string[] = [];
  #searching = false;
  #timeouts: EngineTimeouts;
  #adapter: UciAdapter | undefined;
  #unregister: () => void;

  private constructor(
    readonly command: EngineCommand,
    timeouts: EngineTimeouts,
  ) {
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
    createInterface({ input: this.#proc.stdout! }).on(
      "line",
      (line) => this.#onLine(this.#adapter ? this.#adapter.incoming(line) : line),
    );
    createInterface({ input: this.#proc.stderr! }).on("line", (line) => {
      this.#stderr.push(line);
      if (this.#stderr.length > 20) this.#stderr.shift();
    });
    this.#proc.stdin!.on("error", () => {}); // EPIPE after exit is reported through #onExit
    this.#proc.then((r) => this.#onExit(r.exitCode ?? null, r.signal ?? null, r));
  }

  /**
   * Starts an engine and completes the UCI handshake (`uci` … `uciok`).
   * Throws an {@link EngineError}: `engine-missing` when the program cannot
   * run, `engine-protocol` when it does not speak UCI within the handshake
   * timeout, `engine-crash` when it exits during the handshake.
   */
  static async start(
    command: EngineCommand,
    timeouts: EngineTimeouts = DEFAULT_TIMEOUTS,
  ): Promise<UciEngine> {
    await checkExecutable(command);
    const engine = new UciEngine(command, timeouts);
    try {
      const lines = await engine.#request(
        "uci",
        (l) => l.trim() === "uciok",
        timeouts.handshakeMs,
      );
      for (const line of lines) {
        engine.handshake.push(line);
        const t = line.trim();
        if (t.startsWith("id name ")) engine.name = t.slice(8);
        else if (t.startsWith("id author ")) engine.author = t.slice(10);
        const decl = parseOptionLine(t);
        if (decl) engine.declared.set(decl.name.toLowerCase(), decl);
      }
    } catch (e) {
      engine.kill();
      if (e instanceof EngineTimeoutError) {
        throw new EngineError(
          "engine-protocol",
          command.label,
          `does not speak UCI: no "uciok" within ${timeouts.handshakeMs / 1000} s of "uci"`,
        );
      }
      if (e instanceof EngineExitedError) {
        throw new EngineError(
          engine.#exit?.code === 127 ? "engine-missing" : "engine-crash", // 127: command not found
          command.label,
          `exited during the UCI handshake (${e.message.replace(/^engine \S+: /, "")})`,
        );
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
    await this.#request(
      "isready",
      (l) => l.trim() === "readyok",
      this.#timeouts.readyMs,
    );
  }

  /**
   * Sets a UCI option the engine declared (case-insensitive name). Throws
   * an `engine-option` {@link EngineError} for an unknown option or a spin value out of range.
   */
  async setOption(
    name: string,
    value: string | number | boolean,
  ): Promise<void> {
    const decl = this.declared.get(name.toLowerCase());
    if (!decl) {
      throw new EngineError(
        "engine-option",
        this.command.label,
        `unknown option "${name}" (declared: ${[...this.declared.values()].map((d) => d.name).join(", ")})`,
      );
    }
    const text = String(value);
    if (decl.type === "spin") {
      const n = Number(text);
      if (
        !Number.isInteger(n) || (decl.min !== undefined && n < decl.min) ||
        (decl.max !== undefined && n > decl.max)
      ) {
        throw new EngineError(
          "engine-option",
          this.command.label,
          `option ${decl.name} = ${text} not allowed (integer ${decl.min ?? "-inf"}..${decl.max ?? "inf"})`,
        );
      }
    }
    if (decl.type === "check" && text !== "true" && text !== "false") {
      throw new EngineError(
        "engine-option",
        this.command.label,
        `option ${decl.name} = ${text} not allowed (true or false)`,
      );
    }
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
   * Searches `fen` (+ `moves`) with `limit` and waits for `bestmove`.
   * The timeout comes from the limit and the engine's expected speed ({@link searchTimeoutMs});
   * a hang kills the engine and throws {@link EngineTimeoutError}.
   */
  async search(
    fen: string,
    moves: readonly string[],
    limit: SearchLimit,
  ): Promise<SearchOutput> {
    this.#send(
      `position fen ${fen}${moves.length ? " moves " + moves.join(" ") : ""}`,
    );
    const go = "nodes" in limit ? `go nodes ${limit.nodes}` : `go depth ${limit.depth}`;
    const timeout = searchTimeoutMs(limit, this.#timeouts);
    const start = performance.now();
    this.#searching = true;
    try {
      const expectedMs = "nodes" in limit ? (limit.nodes / this.#timeouts.nodesPerSecond) * 1000 : 0;
      const lines = await this.#request(
        go,
        (l) => l.startsWith("bestmove"),
        timeout,
        2 * expectedMs,
      );
      const wallMs = performance.now() - start;
      const last = lines[lines.length - 1].trim().split(/\s+/);
      const infos: InfoLine[] = [];
      for (const l of lines) {
        let info: InfoLine | undefined;
        try {
          info = parseInfo(l);
        } catch (e) {
          // which engine said it, in which search: the position and the ply searched
          throw new EngineError(
            "engine-protocol",
            this.command.label,
            `${(e as Error).message} (searching ${fen}${moves.length ? ` after ${moves.join(" ")}` : ""}, ply ${
              moves.length + 1
            })`,
          );
        }
        if (info) infos.push(info);
      }
      return {
        lines,
        infos,
        bestmove: last[1],
        ...(last[2] === "ponder" ? { ponder: last[3] } : {}),
        wallMs,
      };
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

  /** Last stderr lines of the process (for error messages). */
  get stderrTail(): string[] {
    return [...this.#stderr];
  }

  #send(line: string): void {
    if (this.#exit) {
      throw new EngineExitedError(
        this.command.label,
        `cannot send "${line}": the process has exited (${this.#describeExit()})`,
      );
    }
    if (this.#searching && this.#waiter) {
      throw new EngineError(
        "engine-protocol",
        this.command.label,
        `refusing to send "${line}" during a search`,
      );
    }
    this.#write(line);
  }

  /** Writes one command line (through the adapter, when the engine has one). */
  #write(line: string): void {
    this.#proc.stdin!.write((this.#adapter ? this.#adapter.outgoing(line) : line) + "\n");
  }

  #request(
    line: string,
    done: (line: string) => boolean,
    timeoutMs: number,
    usualMs = 0,
  ): Promise<string[]> {
    if (this.#waiter) {
      return Promise.reject(
        new EngineError(
          "engine-protocol",
          this.command.label,
          `"${line}" sent while waiting for an answer`,
        ),
      );
    }
    // A wait beyond the notice time (and beyond what this request usually takes) says what it waits for.
    const start = performance.now();
    const noticeMs = Math.max(this.#timeouts.noticeMs ?? WAIT_NOTICE_MS, usualMs);
    let notices: ReturnType<typeof setTimeout> | undefined;
    const notice = () => {
      this.onWait(
        `waiting for ${this.command.label} to answer "${line}": ${
          ((performance.now() - start) / 1000).toFixed(0)
        } s so far (it is killed after ${(timeoutMs / 1000).toFixed(0)} s)`,
      );
      notices = setTimeout(notice, 60_000);
    };
    if (noticeMs < timeoutMs) notices = setTimeout(notice, noticeMs);
    const stopNotices = () => clearTimeout(notices);
    return new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiter = undefined;
        this.kill();
        reject(
          new EngineTimeoutError(
            this.command.label,
            `no answer to "${line}" within ${(timeoutMs / 1000).toFixed(0)} s; killed`,
          ),
        );
      }, timeoutMs);
      this.#waiter = { done, collected: [], resolve, reject, timer };
      try {
        this.#write(line);
      } catch (e) {
        clearTimeout(timer);
        this.#waiter = undefined;
        reject(e);
      }
    }).finally(stopNotices);
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
      w.reject(
        new EngineExitedError(
          this.command.label,
          `process ended (${this.#describeExit()})`,
        ),
      );
    }
  }

  #describeExit(): string {
    return describeExit(this.#exit!, this.#stderr.slice(-1)[0]);
  }
}
