/**
 * Progress of long runs: counts, rates and ETA, and their display in a terminal (one updating line on a TTY, periodic
 * lines otherwise).
 *
 * @module
 */

import { int } from "../core/mod.ts";

/**
 * A snapshot of a long run's progress: `done` counts the units found already done (`resumed`) too; the rates are this
 * run's (0 before its first unit, or unknown) and `etaS` is null before its first unit.
 */
export interface Progress {
  label: string;
  done: number;
  total: number;
  resumed: number;
  elapsedS: number;
  perHour: number;
  nodesPerSecond: number;
  etaS: number | null;
  /** A run in parts (an ordered long run): the part under way, how far it is, and the time to its end at this rate. */
  part?: { part: number; parts: number; done: number; positions: number; etaS: number | null };
}

/** Tracks a run and computes {@link Progress} snapshots. */
export class ProgressTracker {
  #start = performance.now();
  #doneHere = 0;
  #nodes = 0;

  /** Starts tracking `total` units of which `resumed` are already done. */
  constructor(readonly label: string, readonly total: number, readonly resumed: number) {}

  /** Records one finished unit that took `nodes` engine nodes. */
  add(nodes = 0): void {
    this.#doneHere++;
    this.#nodes += nodes;
  }

  /** The current snapshot. */
  snapshot(): Progress {
    const elapsedS = (performance.now() - this.#start) / 1000;
    const done = this.resumed + this.#doneHere;
    const rate = elapsedS > 0 ? this.#doneHere / elapsedS : 0;
    return {
      label: this.label,
      done,
      total: this.total,
      resumed: this.resumed,
      elapsedS,
      perHour: rate * 3600,
      nodesPerSecond: elapsedS > 0 ? this.#nodes / elapsedS : 0,
      etaS: rate > 0 ? (this.total - done) / rate : null,
    };
  }
}

/** Formats seconds as `1h02m`, `5m07s` or `42s`. */
export function formatDuration(s: number): string {
  const t = Math.round(s);
  const two = (n: number) => String(n).padStart(2, "0");
  if (t >= 3600) return `${Math.floor(t / 3600)}h${two(Math.floor((t % 3600) / 60))}m`;
  if (t >= 60) return `${Math.floor(t / 60)}m${two(t % 60)}s`;
  return `${t}s`;
}

/**
 * One line: `eval 120/960 (12.5%) | 20 resumed | 1,234/h | 290k nodes/s | elapsed 5m50s | ETA 40m12s`; `-/h` until this
 * run has finished a unit, and only the count when everything was already done. A run in parts names the part under
 * way after the count: `| part 1 of 3: 66/300, ETA 23h20m |`.
 */
export function formatProgress(p: Progress): string {
  const pct = p.total ? ((100 * p.done) / p.total).toFixed(1) : "100.0";
  const head = `${p.label} ${int(p.done)}/${int(p.total)} (${pct}%)`;
  if (p.resumed >= p.total) return `${head} | all ${int(p.total)} already done: nothing to run`;
  const parts = [head];
  if (p.part) {
    const { part, parts: of, done, positions, etaS } = p.part;
    parts.push(
      `part ${part} of ${of}: ${int(done)}/${int(positions)}${etaS === null ? "" : `, ETA ${formatDuration(etaS)}`}`,
    );
  }
  if (p.resumed) parts.push(`${int(p.resumed)} resumed`);
  parts.push(p.done > p.resumed ? `${int(Math.round(p.perHour))}/h` : "-/h");
  if (p.nodesPerSecond) parts.push(`${int(Math.round(p.nodesPerSecond / 1000))}k nodes/s`);
  parts.push(`elapsed ${formatDuration(p.elapsedS)}`);
  parts.push(p.etaS === null ? "ETA -" : `ETA ${formatDuration(p.etaS)}`);
  return parts.join(" | ");
}

/**
 * A progress callback that writes to stderr: an updating line on a terminal, otherwise a line at most every `everyS`
 * seconds (and at the end). `format` makes the line (default {@link formatProgress}).
 */
export function terminalProgress<P extends { done: number; total: number; elapsedS: number } = Progress>(
  everyS = 15,
  format: (p: P) => string = formatProgress as unknown as (p: P) => string,
): (p: P) => void {
  const tty = Deno.stderr.isTerminal();
  let last = -Infinity;
  const enc = new TextEncoder();
  return (p) => {
    const line = format(p);
    const final = p.done >= p.total;
    if (tty) {
      Deno.stderr.writeSync(enc.encode(`\r\x1b[K${line}${final ? "\n" : ""}`));
    } else if (final || p.elapsedS - last >= everyS || p.elapsedS < last) {
      // (elapsed below the last line's: a new phase, e.g. the games after the opening sets)
      last = p.elapsedS;
      console.error(line);
    }
  };
}
