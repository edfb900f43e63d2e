/**
 * Streaming ingest of a PGN collection of any size into per-position counts: plain text, gzip or zstd (recognised by
 * their magic bytes, not the file name), read in 1 MiB pieces, hashed while read, decompressed with `node:zlib`,
 * decoded and scanned ({@link PgnScanner}); each game is classified by its headers and counted. Memory does not grow
 * with the file.
 *
 * A damaged compressed file (truncated download, corrupt bytes) ends the games where decompression failed: the games
 * read before are kept, the game in progress is counted as cut off, and where it ended is reported. A zstd file is also
 * checked to end at a frame boundary ({@link ZstdFrames}); a gzip member's checksum is checked only at its end, so
 * games scanned from a corrupt gzip member before its check failed stay counted.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { createGunzip, createZstdDecompress } from "node:zlib";
import { basename } from "node:path";
import { int, MbiError } from "../core/mod.ts";
import { GameClassifier, OutcomeAccumulator, type OutcomeFilters, SKIP } from "../method/mod.ts";
import { type DamagedInput, recordedPath, type SourceFile } from "../store/mod.ts";
import { PgnScanner, type ScannedGame } from "./pgn_scan.ts";
import { formatDuration } from "../runs/mod.ts";

/** How a file is compressed. */
export type Compression = "none" | "gzip" | "zstd";

/** The compression of a file from its first bytes (gzip 1f 8b, zstd 28 b5 2f fd). */
export function detectCompression(head: Uint8Array): Compression {
  if (head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  if (head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) return "zstd";
  return "none";
}

/** Progress of an ingest: file bytes read and the file's size, games read and kept, seconds since the start. */
export interface IngestProgress {
  done: number;
  total: number;
  games: number;
  kept: number;
  elapsedS: number;
}

/**
 * What an ingest read (`read`: every game the scanner delimited, kept or not; `chess960`: recognised before the
 * filters; `damaged`: where a damaged file ended, or null; `textBytes`: decompressed text scanned; `seconds`: wall time).
 */
export interface PgnIngest {
  source: SourceFile;
  read: number;
  kept: number;
  chess960: number;
  skipped: Record<string, number>;
  dialects: Record<string, number>;
  damaged: DamagedInput | null;
  counts: OutcomeAccumulator;
  textBytes: number;
  seconds: number;
}

/** Reasons that say a game is not a Chess960 game at all. */
const NOT_CHESS960: readonly string[] = [SKIP.noHeaders, SKIP.otherVariant, SKIP.standard];

const PIECE = 1 << 20;

/**
 * Reads a PGN file (plain, gzip or zstd) and counts its Chess960 games per start position under `filters`. Throws an
 * `outcomes` MbiError for a missing or empty file, a file without games, without Chess960 games, or without a game that
 * passes the filters.
 */
export async function ingestPgn(
  path: string,
  filters: OutcomeFilters,
  onProgress?: (p: IngestProgress) => void,
): Promise<PgnIngest> {
  const t0 = performance.now();
  const file = await Deno.open(path).catch((e) => {
    throw new MbiError("outcomes", `cannot read ${path}: ${(e as Error).message.split("\n")[0]}`);
  });
  const totalBytes = (await file.stat()).size;
  if (totalBytes === 0) {
    file.close();
    throw new MbiError("outcomes", `${path} is empty (0 bytes): expected PGN games (plain, .gz or .zst)`);
  }
  const classifier = new GameClassifier(filters);
  const counts = new OutcomeAccumulator();
  const skipped: Record<string, number> = {};
  let read = 0;
  const onGame = (g: ScannedGame) => {
    read++;
    const v = g.cut
      ? { skipped: SKIP.cutOff }
      : g.noHeaders
      ? { skipped: SKIP.noHeaders }
      : classifier.classify(g.headers, g.plies, g.malformed);
    if (v.kept) counts.add(v.kept);
    else skipped[v.skipped] = (skipped[v.skipped] ?? 0) + 1;
  };
  const scanner = new PgnScanner(onGame);
  const decoder = new TextDecoder();
  const hash = createHash("sha256");
  let textBytes = 0;
  let bytesRead = 0;
  let damaged: DamagedInput | null = null;
  let lastReport = 0;
  const report = (force = false) => {
    const now = performance.now();
    if (!onProgress || (!force && now - lastReport < 500)) return;
    lastReport = now;
    onProgress({ done: bytesRead, total: totalBytes, games: read, kept: counts.kept, elapsedS: (now - t0) / 1000 });
  };
  const text = (bytes: Uint8Array) => {
    textBytes += bytes.length;
    scanner.push(decoder.decode(bytes, { stream: true }));
  };

  const buf = new Uint8Array(PIECE);
  let compression: Compression | undefined;
  let inflater: ReturnType<typeof createGunzip> | undefined;
  let frames: ZstdFrames | undefined;
  let settle = () => {};
  const inflated = new Promise<void>((resolve) => settle = resolve);
  let failure: Error | undefined;
  const fail = (message: string) => {
    damaged ??= {
      message: message.split("\n")[0],
      compressed_bytes_read: bytesRead,
      text_bytes: textBytes,
      games_before: read,
    };
    inflater?.destroy();
    settle();
  };
  // Deno's zstd stream throws a corrupt block as an uncaught error instead of an "error" event (Deno 2.9.6):
  // while this ingest runs, such an error is taken as the end of a damaged file.
  const guard = (e: ErrorEvent) => {
    if (inflater && /zstd/i.test(String(e.message))) {
      e.preventDefault();
      fail(String(e.error?.message ?? e.message));
    }
  };
  globalThis.addEventListener("error", guard);
  try {
    for (;;) {
      const n = await file.read(buf);
      if (n === null) break;
      const piece = buf.subarray(0, n);
      hash.update(piece);
      if (compression === undefined) {
        compression = detectCompression(piece);
        if (compression !== "none") {
          inflater = compression === "gzip" ? createGunzip() : createZstdDecompress();
          if (compression === "zstd") frames = new ZstdFrames();
          inflater.on("data", (c: Uint8Array) => {
            if (failure || damaged) return;
            try {
              text(c);
            } catch (e) {
              failure = e as Error;
            }
          });
          inflater.on("end", () => settle());
          inflater.on("error", (e: Error) => fail(e.message));
        }
      }
      bytesRead += n;
      if (!inflater) text(piece);
      else if (!damaged) {
        frames?.push(piece);
        const structural = frames?.problem();
        if (structural && !/ends inside a frame|no complete/.test(structural)) fail(structural);
        else if (!inflater.write(Buffer.from(piece))) {
          await Promise.race([new Promise((r) => inflater!.once("drain", r)), inflated]);
        }
      }
      if (failure) throw failure;
      report();
    }
    if (inflater) {
      if (!damaged) inflater.end();
      await inflated;
      await new Promise((r) => setTimeout(r, 0)); // let a late decompressor error reach the guard
      if (failure) throw failure;
      const truncated = damaged ? null : frames?.problem();
      if (truncated) fail(truncated);
    }
    scanner.push(decoder.decode());
    scanner.end(damaged !== null);
    // the games complete before the damage: those the scanner still held when it came count, the one cut off not
    if (damaged) (damaged as DamagedInput).games_before = read - (skipped[SKIP.cutOff] ?? 0);
  } finally {
    globalThis.removeEventListener("error", guard);
    file.close();
  }
  report(true);
  const notChess960 = NOT_CHESS960.reduce((a, r) => a + (skipped[r] ?? 0), 0);
  const result: PgnIngest = {
    source: {
      kind: "pgn",
      file: basename(path),
      path: recordedPath(path),
      bytes: totalBytes,
      sha256: hash.digest("hex"),
      compression: compression ?? "none",
    },
    read,
    kept: counts.kept,
    chess960: read - notChess960 - (skipped[SKIP.malformed] ?? 0) - (skipped[SKIP.cutOff] ?? 0),
    skipped,
    dialects: counts.dialects,
    damaged,
    counts,
    textBytes,
    seconds: (performance.now() - t0) / 1000,
  };
  checkKept(path, result);
  return result;
}

/** One progress line: `outcomes 312/1,024 MB (30.5%) | 1,234,567 games, 98,000/s | 1,200,000 kept | elapsed 12s | ETA 28s`. */
export function formatIngestProgress(p: IngestProgress): string {
  const mb = (b: number) => int(Math.round(b / 1e6));
  const rate = p.elapsedS > 0 ? p.games / p.elapsedS : 0;
  const eta = p.done > 0 && p.elapsedS > 0 ? ((p.total - p.done) * p.elapsedS) / p.done : null;
  return [
    `outcomes ${mb(p.done)}/${mb(p.total)} MB (${p.total ? ((100 * p.done) / p.total).toFixed(1) : "100.0"}%)`,
    `${int(p.games)} games, ${int(Math.round(rate))}/s`,
    `${int(p.kept)} kept`,
    `elapsed ${formatDuration(p.elapsedS)}`,
    eta === null ? "ETA -" : `ETA ${formatDuration(eta)}`,
  ].join(" | ");
}

/** The skipped games in one line, most frequent first: `1200 not Chess960: another Variant; 3 missing Result`. */
export function describeSkipped(skipped: Record<string, number>): string {
  const parts = Object.entries(skipped).sort((a, b) => b[1] - a[1]).map(([r, n]) => `${n} ${r}`);
  return parts.length ? parts.join("; ") : "none skipped";
}

function checkKept(path: string, r: PgnIngest): void {
  if (r.kept > 0) return;
  const where = r.damaged
    ? ` before the file ended at byte ${r.damaged.compressed_bytes_read} (${r.damaged.message})`
    : "";
  if (r.read === 0) {
    throw new MbiError("outcomes", `no PGN game in ${path}${where}: expected [Tag "value"] headers and movetext`);
  }
  const read = `${r.read} games read: ${describeSkipped(r.skipped)}`;
  if (r.chess960 === 0) {
    const have =
      'Chess960 games have [Variant "Chess960"] (or "chess 960", "fischerandom", or no Variant) and a start FEN';
    throw new MbiError("outcomes", `no Chess960 game in ${path}${where} (${read}); ${have}`);
  }
  throw new MbiError("outcomes", `no game of ${path} passed the filters (${read})`);
}

type ZstdPart = "magic" | "fhd" | "header" | "block" | "skipsize";

/**
 * Walks the frame structure of a zstd stream (RFC 8878: frame headers, block headers, checksums, skippable frames)
 * without decompressing, to tell whether the stream ended at a frame boundary: Deno's `node:zlib` zstd decompressor
 * ends a truncated stream silently (measured with Deno 2.9.6), so a cut download would pass for a whole file, and no
 * npm package offers this check on its own. Feed every compressed byte, then ask {@link ZstdFrames.problem}.
 */
export class ZstdFrames {
  #skip = 0; // bytes to skip (block content, checksum, skippable frame data)
  #need: ZstdPart = "magic";
  #buf: number[] = [];
  #want = 4;
  #checksum = false;
  #frames = 0;
  #error: string | null = null;
  /** Bytes consumed so far. */
  offset = 0;

  /** Feeds the next piece of the compressed stream. */
  push(bytes: Uint8Array): void {
    let i = 0;
    const n = bytes.length;
    while (i < n && this.#error === null) {
      if (this.#skip > 0) {
        const k = Math.min(this.#skip, n - i);
        this.#skip -= k;
        i += k;
        this.offset += k;
        continue;
      }
      this.#buf.push(bytes[i++]);
      this.offset++;
      if (this.#buf.length < this.#want) continue;
      this.#step();
    }
  }

  #expect(need: ZstdPart, want: number): void {
    this.#need = need;
    this.#want = want;
  }

  #step(): void {
    const b = this.#buf;
    this.#buf = [];
    switch (this.#need) {
      case "magic": {
        const m = (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0;
        if (m === 0xfd2fb528) this.#expect("fhd", 1);
        else if ((m & 0xfffffff0) === 0x184d2a50) this.#expect("skipsize", 4);
        else this.#error = `not a zstd frame at byte ${this.offset - 4}`;
        return;
      }
      case "fhd": {
        const d = b[0];
        const fcsFlag = d >> 6, single = (d >> 5) & 1, dictFlag = d & 3;
        this.#checksum = ((d >> 2) & 1) === 1;
        if ((d >> 3) & 1) {
          this.#error = `reserved bit set in a zstd frame header at byte ${this.offset - 1}`;
          return;
        }
        const fcs = [single ? 1 : 0, 2, 4, 8][fcsFlag];
        const rest = (single ? 0 : 1) + [0, 1, 2, 4][dictFlag] + fcs;
        if (rest > 0) this.#expect("header", rest);
        else this.#expect("block", 3);
        return;
      }
      case "header":
        this.#expect("block", 3);
        return;
      case "block": {
        const h = b[0] | (b[1] << 8) | (b[2] << 16);
        const type = (h >> 1) & 3, size = h >>> 3;
        if (type === 3) {
          this.#error = `reserved block type in a zstd frame at byte ${this.offset - 3}`;
          return;
        }
        this.#skip = type === 1 ? 1 : size;
        if (h & 1) {
          this.#frames++;
          this.#skip += this.#checksum ? 4 : 0;
          this.#expect("magic", 4);
        } else this.#want = 3;
        return;
      }
      case "skipsize":
        this.#skip = (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0;
        this.#expect("magic", 4);
        return;
    }
  }

  /** Null when the stream read so far is whole (ends after a complete frame), else what is wrong. */
  problem(): string | null {
    if (this.#error) return this.#error;
    if (this.#need !== "magic" || this.#buf.length > 0 || this.#skip > 0) {
      return `the zstd stream ends inside a frame at byte ${this.offset} (the file is truncated)`;
    }
    return this.#frames === 0 ? "no complete zstd frame" : null;
  }
}
