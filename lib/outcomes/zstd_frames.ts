/**
 * Walks the frame structure of a zstd stream (RFC 8878: frame headers, block
 * headers, checksums, skippable frames) without decompressing, to tell
 * whether the stream ended at a frame boundary. Deno's `node:zlib` zstd
 * decompressor ends a truncated stream silently (measured with Deno 2.9.6),
 * so a cut download would pass for a whole file; no npm package offers this
 * check on its own, hence this walker.
 *
 * @module
 */

/** Incremental zstd frame walker: feed every compressed byte, then ask {@link ZstdFrames.problem}. */
export class ZstdFrames {
  #skip = 0; // bytes to skip (block content, checksum, skippable frame data)
  #need: "magic" | "fhd" | "header" | "block" | "skipsize" = "magic";
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

  #step(): void {
    const b = this.#buf;
    this.#buf = [];
    switch (this.#need) {
      case "magic": {
        const m = (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0;
        if (m === 0xfd2fb528) {
          this.#need = "fhd";
          this.#want = 1;
        } else if ((m & 0xfffffff0) === 0x184d2a50) {
          this.#need = "skipsize";
          this.#want = 4;
        } else this.#error = `not a zstd frame at byte ${this.offset - 4}`;
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
        if (rest > 0) {
          this.#need = "header";
          this.#want = rest;
        } else {
          this.#need = "block";
          this.#want = 3;
        }
        return;
      }
      case "header":
        this.#need = "block";
        this.#want = 3;
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
          this.#need = "magic";
          this.#want = 4;
        } else this.#want = 3;
        return;
      }
      case "skipsize":
        this.#skip = (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0;
        this.#need = "magic";
        this.#want = 4;
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
