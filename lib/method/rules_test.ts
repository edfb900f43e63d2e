import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { GameState, IllegalMoveError } from "./rules.ts";
import { adjudicate, DEFAULT_ADJUDICATION, type WhiteScore } from "./rules.ts";
import { startPosition } from "./chess960.ts";

function playAll(fen: string, moves: string[]): GameState {
  const g = new GameState(fen);
  for (const m of moves) g.play(m);
  return g;
}

Deno.test("threefold repetition (the start position a third time)", () => {
  const shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
  const g = playAll(startPosition(518).fen, shuffle);
  assertEquals(g.outcome(), undefined); // twice
  for (const m of shuffle.slice(0, 3)) g.play(m);
  assertEquals(g.outcome(), undefined);
  g.play("f6g8");
  assertEquals(g.outcome(), {
    result: "1/2-1/2",
    termination: "threefold repetition",
  });
});

Deno.test("fifty-move rule at 100 half-moves; checkmate on that move still wins", () => {
  const g = playAll("k7/8/8/8/8/8/8/K6R w - - 99 80", ["h1h2"]);
  assertEquals(g.outcome(), {
    result: "1/2-1/2",
    termination: "fifty-move rule",
  });
  const mate = playAll("k7/8/1K6/8/8/8/8/7R w - - 99 80", ["h1h8"]);
  assertEquals(mate.outcome(), { result: "1-0", termination: "checkmate" });
});

Deno.test("stalemate and insufficient material", () => {
  assertEquals(playAll("7k/8/6Q1/8/8/8/8/K7 w - - 0 1", ["g6f7"]).outcome(), {
    result: "1/2-1/2",
    termination: "stalemate",
  });
  assertEquals(playAll("k7/8/8/8/8/8/1r6/KB6 w - - 0 1", ["a1b2"]).outcome(), {
    result: "1/2-1/2",
    termination: "insufficient material",
  });
  assertEquals(
    playAll("k7/8/8/8/8/8/1r6/KR6 w - - 0 1", ["b1b2"]).outcome(),
    undefined,
  ); // K+R v K: play on
});

Deno.test("Chess960 castling on both wings (king takes rook), and at once from a KR start", () => {
  const fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
  const short = playAll(fen, ["e1g1"]);
  assertEquals(short.san, ["O-O"]);
  assertEquals(short.fen.split(" ")[0].split("/")[7], "1R3RK1");
  const long = playAll(fen, ["e1b1"]);
  assertEquals(long.san, ["O-O-O"]);
  assertEquals(long.fen.split(" ")[0].split("/")[7], "2KR2R1");
  // SP 3 = BQNNRKRB: the king on f1 beside its rook on g1 may castle on move 1.
  const sp3 = playAll(startPosition(3).fen, ["f1g1"]);
  assertEquals(sp3.fen.split(" ")[0].split("/")[7], "BQNNRRKB");
  // Black castles too.
  const black = playAll(fen, ["a2a3", "e8b8"]);
  assertEquals(black.fen.split(" ")[0].split("/")[0], "2kr2r1");
});

Deno.test("promotion, and illegal moves are refused", () => {
  const g = playAll("8/P7/8/8/8/8/8/k6K w - - 0 1", ["a7a8q"]);
  assertEquals(g.san, ["a8=Q+"]);
  const s = new GameState(startPosition(518).fen);
  throws(() => s.play("e2e5"), IllegalMoveError);
  throws(() => s.play("xyz"), IllegalMoveError);
  throws(() => s.play("e1h1"), IllegalMoveError); // castling through pieces
  assertEquals(s.plies, 0);
});

Deno.test("adjudication: resign, draw window after the move number, max length", () => {
  const r = DEFAULT_ADJUDICATION;
  const many = (n: number, s: WhiteScore) => Array.from({ length: n }, () => s);
  assertEquals(adjudicate(r, many(6, { cp: 700 }), 20), {
    result: "1-0",
    termination: "adjudication: resign",
  });
  assertEquals(adjudicate(r, [...many(5, { cp: -700 }), { mate: -3 }], 20), {
    result: "0-1",
    termination: "adjudication: resign",
  });
  assertEquals(
    adjudicate(r, [...many(5, { cp: 700 }), { cp: 100 }], 20),
    undefined,
  );
  assertEquals(adjudicate(r, many(16, { cp: 5 }), 39), undefined);
  assertEquals(adjudicate(r, many(16, { cp: 5 }), 40), {
    result: "1/2-1/2",
    termination: "adjudication: draw",
  });
  assertEquals(
    adjudicate(r, [...many(15, { cp: 5 }), { cp: 30 }], 50),
    undefined,
  );
  assertEquals(adjudicate(r, many(400, { cp: 50 }), 201), {
    result: "1/2-1/2",
    termination: "max length",
  });
});
