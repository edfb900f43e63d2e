import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { distinctPositions, lineEnd, openingBreadth } from "./openings.ts";
import type { OpeningSet } from "./records.ts";
import { scoreValue } from "../method/mod.ts";

const line = (moves: string[], first: OpeningSet["lines"][number]["scores"][number], depth = 9) => ({
  moves,
  san: moves.map((m) => m.slice(2)),
  scores: [first, ...moves.slice(1).map(() => ({ cp: 0 }))],
  depths: moves.map(() => depth),
});

Deno.test("an opening set's breadth: distinct first moves and the best first move's score and depth", () => {
  const set: OpeningSet = {
    sp: 518,
    lines: [
      line(["e2e4", "e7e5"], { cp: 30 }),
      line(["e2e4", "c7c5"], { cp: 30 }),
      line(["d2d4", "d7d5"], { cp: 41 }, 10),
    ],
    plies: 2,
    searches: 3,
    games: 3,
    shortfall: 0,
  };
  assertEquals(openingBreadth(set), {
    sp: 518,
    lines: 3,
    first_moves: 2,
    best_first: { move: "d2d4", san: "d4", cp: 41, depth: 10 },
  });
  // a mate counts as scoreValue ranks it (above any cp); an empty set has no best first move
  const mate = openingBreadth({ ...set, lines: [line(["e2e4"], { cp: 900 }), line(["f2f3"], { mate: 3 })] });
  assertEquals([mate.first_moves, mate.best_first?.move, mate.best_first?.cp], [2, "f2f3", scoreValue({ mate: 3 })]);
  assertEquals(openingBreadth({ ...set, lines: [] }), { sp: 518, lines: 0, first_moves: 0, best_first: null });
});

Deno.test("lines that transpose into one position keep the first; the same board with other castling rights stays", () => {
  const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const lines = [
    line(["g1f3", "g8f6", "b1c3"], { cp: 20 }),
    line(["b1c3", "g8f6", "g1f3"], { cp: 20 }), // the same position by another order
    line(["g1f3", "b8c6", "b1c3"], { cp: 20 }),
    line(["e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8"], { cp: 20 }),
    line(["e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"], { cp: 0 }), // the same board, castling rights lost
  ];
  const kept = distinctPositions(fen, lines);
  assertEquals(kept.map((l) => l.moves.join(" ")), [
    "g1f3 g8f6 b1c3",
    "g1f3 b8c6 b1c3",
    "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8",
    "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8",
  ]);
  assertEquals(lineEnd(fen, lines[0].moves), lineEnd(fen, lines[1].moves));
  assertEquals(lineEnd(fen, ["g1f3", "g8f6", "f3g1", "f6g8"]), lineEnd(fen, []));
});
