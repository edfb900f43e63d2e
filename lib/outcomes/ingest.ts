/**
 * Streaming ingest of a PGN collection of any size into per-position counts:
 * plain text, gzip or zstd (recognised by their magic bytes, not the file
 * name), read in 1 MiB pieces, hashed while read, decompressed with
 * `node:zlib`, decoded and scanned ({@link PgnScanner}); each game is
 * classified by its headers and counted. Memory does not grow with the file.
 *
 * A damaged compressed file (truncated download, corrupt bytes) ends the
 * games where decompression failed: the games read before are kept, the game
 * in progress is counted as cut off, and where it ended is reported. A zstd
 * file is also checked to end at a frame boundary ({@link ZstdFrames}); a
 * gzip member's checksum is checked only at its end, so games scanned from a
 * corrupt gzip member before its check failed stay counted.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { createGunzip, createZstdDecompress } from "node:zlib";
import { basename } from "node:path";
import { MbiError } from "../core/mod.ts";
import { GameClassifier, OutcomeAccumulator, type OutcomeFilters, SKIP } from "../method/mod.ts";
import { type DamagedInput, recordedPath, type SourceFile } from "../store/mod.ts";
import { PgnScanner, type ScannedGame } from "./pgn_scan.ts";
import { formatDuration } from "../runs/mod.ts";
import { ZstdFrames } from "./zstd_frames.ts";

/** How a file is compressed. */
export type Compression = "none" | "gzip" | "zstd";

/** The compression of a file from its first bytes (gzip 1f 8b, zstd 28 b5 2f fd). */
export function detectCompression(head: Uint8Array): Compression {
  if (head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  if (head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) return "zstd";
  return "none";
}

/** Progress of an ingest. */
export interface IngestProgress {
  /** File bytes read. */
  done: number;
  /** File size in bytes. */
  total: number;
  /** Games read. */
  games: number;
  /** Games kept. */
  kept: number;
  /** Seconds since the start. */
  elapsedS: number;
}

/** What an ingest read. */
export interface PgnIngest {
  /** The file. */
  source: SourceFile;
  /** Games read (every game the scanner delimited, kept or not). */
  read: number;
  /** Games counted. */
  kept: number;
  /** Games recognised as Chess960 (before the filters). */
  chess960: number;
  /** Skipped games by reason. */
  skipped: Record<string, number>;
  /** Kept games by dialect. */
  dialects: Record<string, number>;
  /** Null, or where a damaged file ended. */
  damaged: DamagedInput | null;
  /** The counts. */
  counts: OutcomeAccumulator;
  /** Decompressed text bytes scanned. */
  textBytes: number;
  /** Wall time of the ingest, seconds. */
  seconds: number;
}

/** Reasons that say a game is not a Chess960 game at all. */
const NOT_CHESS960: readonly string[] = [SKIP.noHeaders, SKIP.otherVariant, SKIP.standard];

const PIECE = 1 << 20;

/**
 * Reads a PGN file (plain, gzip or zstd) and counts its Chess960 games per
 * start position under `filters`. Throws an `outcomes` MbiError for a missing
 * or empty file, a file without games, without Chess960 games, or without a
 * game that passes the filters.
 */
export async function ingestPgn(
  path: string,
  filters: OutcomeFilters,
  onProgress?: (p: IngestProgress) => void,
): Promise<PgnIngest> {
  const t0 = performance.now();
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path);
  } catch (e) {
    throw new MbiError("outcomes", `cannot read ${path}: ${(e as Error).message.split("\n")[0]}`);
  }
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
  const source: SourceFile = {
    kind: "pgn",
    file: basename(path),
    path: recordedPath(path),
    bytes: totalBytes,
    sha256: hash.digest("hex"),
    compression: compression ?? "none",
  };
  const notChess960 = NOT_CHESS960.reduce((a, r) => a + (skipped[r] ?? 0), 0);
  const result: PgnIngest = {
    source,
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
  const mb = (b: number) => Math.round(b / 1e6).toLocaleString("en-US");
  const rate = p.elapsedS > 0 ? p.games / p.elapsedS : 0;
  const eta = p.done > 0 && p.elapsedS > 0 ? ((p.total - p.done) * p.elapsedS) / p.done : null;
  return [
    `outcomes ${mb(p.done)}/${mb(p.total)} MB (${p.total ? ((100 * p.done) / p.total).toFixed(1) : "100.0"}%)`,
    `${p.games.toLocaleString("en-US")} games, ${Math.round(rate).toLocaleString("en-US")}/s`,
    `${p.kept.toLocaleString("en-US")} kept`,
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
  if (r.chess960 === 0) {
    throw new MbiError(
      "outcomes",
      `no Chess960 game in ${path}${where} (${r.read} games read: ${describeSkipped(r.skipped)}); ` +
        'Chess960 games have [Variant "Chess960"] (or "chess 960", "fischerandom", or no Variant) and a start FEN',
    );
  }
  throw new MbiError(
    "outcomes",
    `no game of ${path} passed the filters (${r.read} games read: ${describeSkipped(r.skipped)})`,
  );
}
