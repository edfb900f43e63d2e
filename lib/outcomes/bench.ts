/**
 * The ingest benchmark: a generated PGN in the Lichess layout (written once,
 * then reused), its zstd copy (node:zlib), and one ingest of a file measured
 * in games per second of wall time and of CPU time, and peak resident memory
 * (VmHWM of the measuring process).
 *
 * @module
 */

import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createZstdCompress } from "node:zlib";
import { join } from "node:path";
import process from "node:process";
import { tempName } from "../core/mod.ts";
import { NO_FILTERS } from "../method/mod.ts";
import { LichessLikeGames } from "./generate.ts";
import { ingestPgn } from "./ingest.ts";

/** One measured ingest. */
export interface BenchRun {
  /** File measured. */
  file: string;
  /** Its size in bytes. */
  bytes: number;
  /** Compression. */
  compression: string;
  /** Games read. */
  games: number;
  /** PGN text bytes scanned. */
  text_bytes: number;
  /** Wall seconds of the ingest (read, hash, decompress, scan, classify, count). */
  seconds: number;
  /** Games per second. */
  games_per_s: number;
  /** CPU seconds of the process during the ingest (user + system, all threads). */
  cpu_seconds: number;
  /** Games per CPU second: the speed on one core when other work shares the machine. */
  games_per_cpu_s: number;
  /** Peak resident memory of the process (VmHWM), MB. */
  peak_rss_mb: number;
}

/** Peak resident memory of this process in MB (VmHWM; NaN where /proc is missing). */
export function peakRssMb(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(Deno.readTextFileSync("/proc/self/status"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

/**
 * The generated PGN of `games` games under `dir` (`lichess-like-<games>.pgn`,
 * seed 1): written to a temporary file and renamed when complete, reused after.
 */
export async function ensureBenchPgn(dir: string, games: number, log: (l: string) => void): Promise<string> {
  const path = join(dir, `lichess-like-${games}.pgn`);
  if (await exists(path)) return path;
  await Deno.mkdir(dir, { recursive: true });
  const tmp = tempName(path);
  const file = await Deno.open(tmp, { write: true, createNew: true });
  const enc = new TextEncoder();
  const gen = new LichessLikeGames(1n);
  const t0 = performance.now();
  try {
    let batch: string[] = [];
    for (let i = 1; i <= games; i++) {
      batch.push(gen.next().pgn);
      if (batch.length === 2000 || i === games) {
        const bytes = enc.encode(batch.join(""));
        let off = 0;
        while (off < bytes.length) off += await file.write(bytes.subarray(off));
        batch = [];
      }
      if (i % 200_000 === 0) {
        log(`generating ${path}: ${i.toLocaleString("en-US")}/${games.toLocaleString("en-US")} games`);
      }
    }
  } finally {
    file.close();
  }
  await Deno.rename(tmp, path);
  log(`generated ${path} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return path;
}

/** The zstd copy of a file (`<file>.zst`, level 3 of node:zlib), made once. */
export async function ensureZstd(path: string, log: (l: string) => void): Promise<string> {
  const out = `${path}.zst`;
  if (await exists(out)) return out;
  const tmp = tempName(out);
  const t0 = performance.now();
  await pipeline(
    createReadStream(path, { highWaterMark: 1 << 20 }),
    createZstdCompress(),
    createWriteStream(tmp, { flags: "wx" }), // exclusive, as every temporary file
  );
  await Deno.rename(tmp, out);
  log(`compressed ${out} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** Ingests a file without filters and measures it (run it in a fresh process for a clean peak memory). */
export async function measureIngest(path: string): Promise<BenchRun> {
  const cpu0 = process.cpuUsage();
  const r = await ingestPgn(path, NO_FILTERS);
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    file: r.source.file,
    bytes: r.source.bytes,
    compression: r.source.compression ?? "none",
    games: r.read,
    text_bytes: r.textBytes,
    seconds: r.seconds,
    games_per_s: r.read / r.seconds,
    cpu_seconds: cpuSeconds,
    games_per_cpu_s: r.read / cpuSeconds,
    peak_rss_mb: peakRssMb(),
  };
}
