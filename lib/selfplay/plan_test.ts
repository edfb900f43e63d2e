import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
import { DEFAULT_ADJUDICATION, seedHex, splitmix64 } from "../method/mod.ts";
import { type OpeningSet, readGames, type SelfplayHeader } from "./records.ts";
import { gameSpec } from "./plan.ts";
import { repoPath } from "../core/mod.ts";

// A game's seed is the documented deriveSeed(seed, sp, game) = splitmix64(splitmix64(splitmix64(seed) ^ sp) ^ game),
// written out here by hand (not through deriveSeed, so an argument order changed there is caught), against the
// seeds the committed games record.

const MASK = (1n << 64n) - 1n;
const documented = (seed: number, sp: number, game: number) =>
  seedHex(splitmix64((splitmix64((splitmix64(BigInt(seed)) ^ BigInt(sp)) & MASK) ^ BigInt(game)) & MASK));

Deno.test("every committed quick game's seed is deriveSeed(base seed, SP, game) as documented, not (base, game, SP)", async () => {
  const c = (await readGames(repoPath("results", "quick", "selfplay", "games.jsonl")))!;
  const base = c.header.config.seed;
  let checked = 0;
  for (const g of c.records) {
    assertEquals(g.seed, documented(base, g.sp, g.game), `SP ${g.sp} game ${g.game}`);
    if (g.sp !== g.game) notDeepStrictEqual(g.seed, documented(base, g.game, g.sp));
    checked++;
  }
  assertEquals(checked, c.header.config.positions.length * c.header.config.games);
});

Deno.test("gameSpec's seed is deriveSeed(seed, SP, game) as documented (SP before game), for every game", () => {
  const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const set = {
    sp: 518,
    lines: [["e2e4"], ["d2d4"], ["c2c4"]].map((moves) => ({ moves, san: moves, scores: [{ cp: 20 }], depths: [10] })),
    plies: 1,
    searches: 1,
    games: 3,
    shortfall: 0,
  } as OpeningSet;
  const config = {
    engine_fingerprint: 1,
    options: {},
    nodes_per_move: 1000,
    games: 3,
    seed: 20260825,
    opening: { plies: 1, multipv: 5, windowCp: 30, maxPlies: 12, distinct: "position" },
    adjudication: DEFAULT_ADJUDICATION,
    positions: [518],
  } as SelfplayHeader["config"];
  for (const game of [1, 2, 3]) {
    assertEquals(seedHex(gameSpec(config, { sp: 518, fen }, game, set).seed), documented(20260825, 518, game));
  }
});
