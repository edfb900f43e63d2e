/**
 * The ingest benchmark: a generated PGN in the Lichess layout (written once, then reused), its zstd copy (node:zlib),
 * and one ingest of a file measured in games per second of wall time and of CPU time, and peak resident memory (VmHWM
 * of the measuring process). The generated games (seeded, also used by the tests) have the layout of the Lichess open
 * database (its header order, X-FEN start positions, movetext with `{ [%clk …] }` comments); their moves are plausible
 * tokens, not legal chess: the ingest only counts them.
 *
 * @module
 */

import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createZstdCompress } from "node:zlib";
import { join } from "node:path";
import process from "node:process";
import { int, pathExists, tempName } from "../core/mod.ts";
import { NO_FILTERS, rngFromSeed, startPosition } from "../method/mod.ts";
import { ingestPgn } from "./ingest.ts";

/**
 * One measured ingest (`seconds`: wall time to read, hash, decompress, scan, classify and count; `cpu_seconds`: user +
 * system of all threads, so `games_per_cpu_s` is the speed on one core when other work shares the machine; VmHWM in MB).
 */
export interface BenchRun {
  file: string;
  bytes: number;
  compression: string;
  games: number;
  text_bytes: number;
  seconds: number;
  games_per_s: number;
  cpu_seconds: number;
  games_per_cpu_s: number;
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

/**
 * The generated PGN of `games` games under `dir` (`lichess-like-<games>.pgn`, seed 1): written to a temporary file and
 * renamed when complete, reused after.
 */
export async function ensureBenchPgn(dir: string, games: number, log: (l: string) => void): Promise<string> {
  const path = join(dir, `lichess-like-${games}.pgn`);
  if (pathExists(path)) return path;
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
      if (i % 200_000 === 0) log(`generating ${path}: ${int(i)}/${int(games)} games`);
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
  if (pathExists(out)) return out;
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

const TOKENS = "e4 d5 Nf3 exd5 Bb5+ O-O Qxd8 Rfe1 h6 c4 Nbd7 Kg1 a5 g3 Bxf7+".split(" ");
const CONTROLS = ["60+0", "180+0", "180+2", "300+3", "600+0", "900+10", "1800+0", "15+0"];
const TERMINATIONS = ["Normal", "Normal", "Normal", "Time forfeit", "Abandoned"];
const RESULTS = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"];

/** The X-FEN (`KQkq`) start FEN of a position, as Lichess writes it. */
export function xFen(sp: number): string {
  return startPosition(sp).fen.replace(/ [A-Ha-h]{4} /, " KQkq ");
}

/** What a generated game is, so tests know the expected counts: its PGN text (ending in a blank line), SP, result and plies. */
export interface GeneratedGame {
  pgn: string;
  sp: number;
  result: string;
  plies: number;
}

/** A seeded generator of Lichess-layout Chess960 games. */
export class LichessLikeGames {
  #rng;
  #n = 0;

  /** A generator with seed `seed`. */
  constructor(seed: bigint) {
    this.#rng = rngFromSeed(seed);
  }

  /** The next game. */
  next(): GeneratedGame {
    const r = this.#rng;
    const n = ++this.#n;
    const sp = r.int(0, 959);
    const result = RESULTS[r.int(0, RESULTS.length - 1)];
    const plies = r.int(2, 150);
    const tc = CONTROLS[r.int(0, CONTROLS.length - 1)];
    const base = Number(tc.split("+")[0]);
    const we = r.int(800, 2700), be = r.int(800, 2700);
    const moves: string[] = [];
    for (let p = 0; p < plies; p++) {
      const left = Math.max(0, base - Math.floor(p / 2) * 3);
      const two = (x: number) => String(x).padStart(2, "0");
      const clk = `${Math.floor(left / 3600)}:${two(Math.floor(left / 60) % 60)}:${two(left % 60)}`;
      const num = p % 2 === 0 ? `${p / 2 + 1}. ` : `${(p - 1) / 2 + 1}... `;
      moves.push(`${num}${TOKENS[r.int(0, TOKENS.length - 1)]} { [%clk ${clk}] }`);
    }
    const id = n.toString(36).padStart(8, "0");
    const pgn = `[Event "Rated Chess960 game"]
[Site "https://lichess.org/${id}"]
[Date "2024.01.01"]
[Round "-"]
[White "player${r.int(1, 99999)}"]
[Black "player${r.int(1, 99999)}"]
[Result "${result}"]
[UTCDate "2024.01.01"]
[UTCTime "12:00:00"]
[WhiteElo "${we}"]
[BlackElo "${be}"]
[WhiteRatingDiff "+5"]
[BlackRatingDiff "-5"]
[Variant "Chess960"]
[TimeControl "${tc}"]
[ECO "?"]
[Termination "${TERMINATIONS[r.int(0, TERMINATIONS.length - 1)]}"]
[FEN "${xFen(sp)}"]
[SetUp "1"]

${moves.join(" ")} ${result}

`;
    return { pgn, sp, result, plies };
  }
}
