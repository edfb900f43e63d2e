import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { DEFAULT_ADJUDICATION, GameState, seedHex } from "../method/mod.ts";
import { checkGames } from "./check_games.ts";
import { gameSpec } from "./plan.ts";
import type { GameRecord, OpeningSet, SelfplayHeader } from "./records.ts";

// SP 518 (the standard start): two opening lines that transpose into one position (1. Nf3 Nf6 2. Nc3 Nc6 and
// 1. Nc3 Nc6 2. Nf3 Nf6), each game then moving its king's knights to the rim and back until the position has stood three times.
const FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const LINES = [["g1f3", "g8f6", "b1c3", "b8c6"], ["b1c3", "b8c6", "g1f3", "g8f6"]];
const SHUFFLE = ["f3h4", "f6h5", "h4f3", "h5f6", "f3h4", "f6h5", "h4f3", "h5f6"];

function design(distinct: "position" | "moves", shortfall = 0) {
  const set: OpeningSet = {
    sp: 518,
    lines: LINES.map((moves) => {
      const s = new GameState(FEN);
      return {
        moves,
        san: moves.map((m) => s.play(m)),
        scores: moves.map(() => ({ cp: 20 })),
        depths: [10, 10, 10, 10],
      };
    }),
    plies: 4,
    searches: 3,
    games: 2,
    shortfall,
  };
  const config = {
    engine_fingerprint: 1,
    options: {},
    nodes_per_move: 1000,
    games: 2,
    seed: 7,
    opening: { plies: 4, multipv: 5, windowCp: 30, maxPlies: 12, distinct },
    adjudication: DEFAULT_ADJUDICATION,
    positions: [518],
  } as SelfplayHeader["config"];
  const header = { config, selection: [{ sp: 518, fen: FEN }] } as unknown as SelfplayHeader;
  const games: GameRecord[] = [1, 2].map((game) => {
    const spec = gameSpec(config, { sp: 518, fen: FEN }, game, set);
    const moves = [...spec.opening.line.moves, ...SHUFFLE];
    const s = new GameState(FEN);
    return {
      sp: 518,
      game,
      seed: seedHex(spec.seed),
      result: "1/2-1/2",
      termination: "threefold repetition",
      plies: moves.length,
      moves,
      opening: { index: spec.opening.index, plies: 4 },
      info: moves.map((uci, i) => ({
        uci,
        san: s.play(uci),
        score: i < 4 ? { cp: 20 } : null,
        depth: null,
        ...(i < 4 ? { opening: true } : {}),
      })),
      wall_ms: 1,
      search_ms: 1,
    };
  });
  return { header, set, games };
}

const problems = (d: ReturnType<typeof design>, games = d.games) =>
  checkGames(d.header, [d.set], games).problems.map((p) => `${p.game}: ${p.problem}`);

Deno.test("sound games pass; a transposition into one start after the openings is counted, and a problem only where the design promises none", () => {
  const moves = checkGames(design("moves").header, [design("moves").set], design("moves").games);
  assertEquals([moves.games, moves.planned, moves.positions, moves.plies, moves.sound], [2, 2, 1, 24, 2]);
  assertEquals([moves.shared_opening_end, moves.distinct_by_position, moves.problems], [1, false, []]);
  assertEquals(problems(design("position")), [
    "0: 1 of its games start after their opening from a position another of its games started from",
  ]);
  assertEquals(problems(design("position", 1)), [], "a shortfall of lines reuses one by design");
});

Deno.test("each kind of damage to a game is named with its game", () => {
  const d = design("moves");
  const edit = (game: number, f: (g: GameRecord) => GameRecord) =>
    problems(d, d.games.map((g) => g.game === game ? f(structuredClone(g)) : g));
  assertEquals(edit(1, (g) => ({ ...g, result: "1-0" })), [
    "1: recorded 1-0 (threefold repetition), the rules and its scores give 1/2-1/2 (threefold repetition)",
  ]);
  assertEquals(edit(2, (g) => ({ ...g, moves: g.moves.with(6, "e1e8") })), ["2: ply 7: e1e8 is not a legal move"]);
  assertEquals(
    edit(1, (g) => ({ ...g, moves: g.moves.slice(0, -1), info: g.info.slice(0, -1), plies: g.plies - 1 })),
    ["1: it stops at ply 11 without an end by the rules or the adjudication"],
  );
  const more = ["f3h4", "f6h5"];
  const s = new GameState(FEN);
  for (const m of d.games[0].moves) s.play(m);
  assertEquals(
    edit(1, (g) => ({
      ...g,
      moves: [...g.moves, ...more],
      info: [...g.info, ...more.map((uci) => ({ uci, san: s.play(uci), score: null, depth: null }))],
      plies: g.plies + 2,
    })),
    ["1: the game had ended at ply 12 (1/2-1/2, threefold repetition) but goes on"],
  );
  assertEquals(
    edit(2, (g) => ({ ...g, seed: "0000000000000001" }))[0].startsWith("2: seed 0000000000000001, the design derives "),
    true,
  );
  const other = 1 - d.games[0].opening.index;
  ok(
    edit(1, (g) => ({ ...g, opening: { ...g.opening, index: other } }))[0] ===
      `1: opening line ${other}, its seed draws line ${d.games[0].opening.index}`,
  );
  assertEquals(edit(2, (g) => ({ ...g, info: g.info.with(5, { ...g.info[5], san: "Qh5" }) })).length, 1);
  assertEquals(problems(d, [...d.games, d.games[1]]), ["2: recorded twice"]);
  assertEquals(problems(d, [{ ...d.games[0], sp: 0 }]), ["1: SP 0 is not one of the design's positions"]);
  const noSets = checkGames(d.header, undefined, d.games);
  assertEquals(noSets.problems, [{
    sp: 0,
    game: 0,
    problem: "no openings.jsonl beside the games: seeds and opening lines not checked",
  }]);
  assertEquals([noSets.sound, noSets.plies], [2, 24], "the moves are still replayed");
  assertEquals(
    checkGames(d.header, [{ ...d.set, sp: 1 }], d.games).problems.map((p) => p.problem),
    ["no opening set for its position in openings.jsonl", "no opening set for its position in openings.jsonl"],
  );
});
