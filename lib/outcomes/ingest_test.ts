import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { gzipSync, zstdCompressSync } from "node:zlib";
import { join } from "node:path";
import { NO_FILTERS, SKIP } from "../method/mod.ts";
import { LichessLikeGames } from "./bench.ts";
import { ingestPgn, ZstdFrames } from "./ingest.ts";
import { isMbiError } from "../core/mod.ts";
import { tempDir } from "../core/testing.ts";

const dir = await tempDir("ingest");
const gen = new LichessLikeGames(11n);
const games = Array.from({ length: 1500 }, () => gen.next());
const text = games.map((g) => g.pgn).join("");
const bytes = new TextEncoder().encode(text);
const write = (name: string, data: Uint8Array) => {
  const p = join(dir, name);
  Deno.writeFileSync(p, data);
  return p;
};
const expected = () => {
  const wdl = new Map<number, [number, number, number]>();
  for (const g of games) {
    const c = wdl.get(g.sp) ?? [0, 0, 0];
    c[g.result === "1-0" ? 0 : g.result === "1/2-1/2" ? 1 : 2]++;
    wdl.set(g.sp, c);
  }
  return [...wdl.entries()].sort((a, b) => a[0] - b[0]);
};
const counted = (rows: { sp: number; white_wins: number | null; draws: number | null; black_wins: number | null }[]) =>
  rows.map((r) => [r.sp, [r.white_wins, r.draws, r.black_wins]]);

Deno.test("plain, gzip and zstd files give the games' own W/D/L per position", async () => {
  const own = Uint8Array.from(zstdCompressSync(bytes));
  for (
    const [name, data, compression] of [
      ["games.pgn", bytes, "none"],
      ["games.pgn.gz", Uint8Array.from(gzipSync(bytes)), "gzip"],
      ["games.pgn.zst", own, "zstd"],
      ["no-extension", own, "zstd"], // recognised by its magic bytes, not its name
    ] as const
  ) {
    const r = await ingestPgn(write(name, data), NO_FILTERS);
    assertEquals([r.read, r.kept, r.damaged, r.skipped, r.source.compression], [1500, 1500, null, {}, compression]);
    assertEquals(counted(r.counts.rows()), expected());
    assertEquals(r.source.bytes, data.length);
    assertEquals(r.textBytes, bytes.length);
  }
});

Deno.test("truncated and corrupt compressed files keep the games read before and say where they ended", async () => {
  const z = Uint8Array.from(zstdCompressSync(bytes));
  const g = Uint8Array.from(gzipSync(bytes));
  const flip = (d: Uint8Array) => {
    const c = d.slice();
    for (let i = Math.floor(c.length / 2); i < Math.floor(c.length / 2) + 64; i++) c[i] ^= 0xff;
    return c;
  };
  for (
    const [name, data, message] of [
      ["cut.pgn.zst", z.slice(0, Math.floor(z.length * 0.6)), /ends inside a frame/],
      ["cut.pgn.gz", g.slice(0, Math.floor(g.length * 0.6)), /unexpected end of file/],
      ["corrupt.pgn.zst", flip(z), /corruption/i],
      ["corrupt.pgn.gz", flip(g), /./],
    ] as const
  ) {
    const r = await ingestPgn(write(name, data), NO_FILTERS);
    ok(r.damaged, name);
    ok(message.test(r.damaged.message), `${name}: ${r.damaged.message}`);
    ok(r.kept > 100 && r.kept < 1500, `${name}: kept ${r.kept}`);
    assertEquals(r.skipped[SKIP.cutOff], 1, name);
    // the games complete before the damage: every game read but the one cut off (the warning quotes this count)
    assertEquals(r.damaged.games_before, r.read - 1, name);
    ok(r.damaged.compressed_bytes_read <= data.length);
  }
});

Deno.test("empty files, files without games or Chess960 games, and all-filtered files are one-line errors", async () => {
  const cases: [string, string, RegExp][] = [
    ["empty.pgn", "", /is empty/],
    ["binary.pgn", "\u0000\u0001\u0002 not a pgn", /no Chess960 game/],
    ["standard.pgn", '[Event "x"]\n[Result "1-0"]\n\n1. e4 1-0\n', /no Chess960 game .*1 games read: 1 not Chess960/],
    ["casual.pgn", games[0].pgn.replace("Rated", "Casual"), /passed the filters/],
  ];
  for (const [name, content, re] of cases) {
    const p = write(name, new TextEncoder().encode(content));
    await rejects(ingestPgn(p, { ...NO_FILTERS, rated: true }), (e: Error) => {
      ok(isMbiError(e, "outcomes") && re.test(e.message) && !e.message.includes("\n"), `${name}: ${e.message}`);
      return true;
    });
  }
  await rejects(ingestPgn(join(dir, "missing.pgn"), NO_FILTERS), /cannot read/);
});

Deno.test("the zstd frame walker accepts whole streams (several frames, skippable frames) and finds cuts", () => {
  const a = Uint8Array.from(zstdCompressSync(bytes.subarray(0, 50_000)));
  const b = Uint8Array.from(zstdCompressSync(bytes.subarray(50_000, 60_000)));
  const skippable = new Uint8Array([0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3]);
  const all = new Uint8Array([...a, ...skippable, ...b]);
  for (const step of [1, 7, 4096, all.length]) {
    const w = new ZstdFrames();
    for (let i = 0; i < all.length; i += step) w.push(all.subarray(i, i + step));
    assertEquals(w.problem(), null, `step ${step}`);
  }
  for (const cut of [1, 5, 10, a.length - 1, a.length + 4, all.length - 1]) {
    const w = new ZstdFrames();
    w.push(all.subarray(0, cut));
    ok(w.problem(), `cut at ${cut}`);
  }
  const bad = new ZstdFrames();
  bad.push(new Uint8Array([1, 2, 3, 4]));
  ok(/not a zstd frame/.test(bad.problem()!));
});
