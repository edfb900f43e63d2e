import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { openingBreadth, type OpeningSet } from "./openings.ts";
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
