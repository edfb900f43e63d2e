import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { parseFen } from "chessops/fen";
import { Chess } from "chessops/chess";
import { perft } from "chessops/debug";
import {
  allStartPositions,
  fenToSp,
  parsePosition,
  PositionError,
  setupToSp,
  spToSetup,
  startPosition,
} from "./chess960.ts";
import { setupToFen } from "./start_fen.ts";
import { POSITIONS_CSV_PATH, positionsCsv } from "./chess960.ts";
import { repoPath } from "../core/mod.ts";

// Published Scharnagl table values (SP -> back rank).
const KNOWN: [number, string][] = [
  [0, "BBQNNRKR"],
  [1, "BQNBNRKR"],
  [2, "BQNNRBKR"],
  [3, "BQNNRKRB"],
  [4, "QBBNNRKR"],
  [5, "QNBBNRKR"],
  [500, "RBBQNKNR"],
  [518, "RNBQKBNR"],
  [534, "RNBKQBNR"],
  [959, "RKRNNQBB"],
];

Deno.test("spToSetup gives the published back ranks", () => {
  for (const [sp, setup] of KNOWN) assertEquals(spToSetup(sp), setup);
});

Deno.test("FEN uses Shredder-FEN castling rights", () => {
  assertEquals(
    startPosition(518).fen,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
  );
  assertEquals(
    setupToFen("BBQNNRKR"),
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
  );
});

Deno.test("all 960 setups are distinct, valid and round-trip", () => {
  const all = allStartPositions();
  assertEquals(new Set(all.map((p) => p.setup)).size, 960);
  for (const p of all) {
    assertEquals(setupToSp(p.setup), p.sp);
    assertEquals(fenToSp(p.fen), p.sp);
    assertEquals(parsePosition(String(p.sp)), p);
  }
});

// A start has 16 pawn moves and one or two moves per knight (a knight on the
// a- or h-file has one); that is 20 for the classical setup, fewer where a
// knight stands in a corner. Where the king stands on f1 next to its rook on
// g1 (or on d1 next to its rook on c1), Chess960 castling (king to g1/c1,
// rook to f1/d1) is legal at once: chessops lists it as king-takes-rook. Counted here independently of chessops.
Deno.test("every FEN parses in chessops with the expected legal moves", () => {
  const counts = new Map<number, number>();
  for (const p of allStartPositions()) {
    const pos = Chess.fromSetup(parseFen(p.fen).unwrap()).unwrap();
    let moves = 0;
    for (const dests of pos.allDests().values()) moves += dests.size();
    let expected = 16 + (p.setup.slice(5, 7) === "KR" ? 1 : 0) +
      (p.setup.slice(2, 4) === "RK" ? 1 : 0);
    for (let f = 0; f < 8; f++) {
      if (p.setup[f] === "N") expected += (f > 0 ? 1 : 0) + (f < 7 ? 1 : 0);
    }
    assertEquals(moves, expected, `SP ${p.sp}`);
    counts.set(moves, (counts.get(moves) ?? 0) + 1);
  }
  assertEquals(startPosition(518).setup, "RNBQKBNR");
  ok((counts.get(20) ?? 0) > 0);
});

Deno.test("perft depth 4 matches published values", () => {
  for (const [sp, nodes] of [[518, 197281], [0, 201143]]) {
    const pos = Chess.fromSetup(parseFen(startPosition(sp).fen).unwrap())
      .unwrap();
    assertEquals(perft(pos, 4), nodes, `SP ${sp}`);
  }
});

Deno.test("parsePosition accepts SP, back rank (any case) and X-FEN", () => {
  assertEquals(parsePosition("518").setup, "RNBQKBNR");
  assertEquals(parsePosition("rnbqkbnr").sp, 518);
  assertEquals(
    parsePosition("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
      .sp,
    518,
  );
});

Deno.test("invalid input gives a PositionError naming the problem", () => {
  const cases: [string, RegExp][] = [
    ["960", /SP out of range: 960/],
    ["-1", /not an SP number: "-1" \(SP numbers are written with digits only, 0\.\.959; no sign\)/],
    ["-0", /not an SP number: "-0"/],
    ["+518", /not an SP number: "\+518"/],
    ["RBKBRNNQ", /one colour/],
    ["RNNQKBNR", /has 1 B/],
    ["RRKBBNNQ", /king between the rooks/],
    ["RNBQKBNRR", /not a position/],
    ["hello", /not a position/],
    ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", /pawns/],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", /White/],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1", /castling/],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x/y", /FEN/],
  ];
  for (const [input, message] of cases) {
    throws(() => parsePosition(input), (e: unknown) => {
      ok(e instanceof PositionError, `${input}: not a PositionError`);
      ok(message.test(e.message), `${input}: ${e.message}`);
      ok(!e.message.includes("\n"), `multi-line error: ${e.message}`);
      return true;
    });
  }
});

Deno.test("data/positions960.csv is what gen-positions writes", async () => {
  assertEquals(
    await Deno.readTextFile(repoPath(POSITIONS_CSV_PATH)),
    positionsCsv(),
  );
});
