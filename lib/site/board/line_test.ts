import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import { fenAt, playLine } from "./line.ts";
import { numbered } from "../page_script/position.ts";

const START = "bbnnrqkr/pppppppp/8/8/8/8/PPPPPPPP/BBNNRQKR w HEhe - 0 1";

Deno.test("playLine: SAN and UCI give the same positions; castling is king-takes-rook; it stops at an illegal move", () => {
  const uci = ["b2b4", "e7e5", "d1e3", "b7b5"];
  const a = playLine(START, uci, "uci");
  const b = playLine(START, a.plies.map((p) => p.san), "san");
  assertEquals(a.plies.map((p) => p.fen), b.plies.map((p) => p.fen));
  assertEquals(a.plies.map((p) => p.uci), uci);
  assertEquals(a.plies.map((p) => p.san), ["b4", "e5", "Ne3", "b5"]);
  // the FEN after each ply is chessops' own
  const pos = Chess.fromSetup(parseFen(START).unwrap()).unwrap();
  for (const m of uci) pos.play(parseUci(m)!);
  assertEquals(fenAt(a, 4), makeFen(pos.toSetup()));
  assertEquals(fenAt(a, 0), START);
  assertEquals(numbered(a.plies.map((p) => p.san)), ["1. b4", "e5", "2. Ne3", "b5"]);
  const bad = playLine(START, ["b2b4", "b4b6"], "uci");
  assertEquals(bad.plies.length, 1);
  assertEquals(bad.stopped, "b4b6");
  // Chess960 castling: the king onto its rook's square (here SP 518's O-O)
  const std = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
  const c = playLine(std, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"], "san");
  ok(c.stopped === null);
  assertEquals(c.plies[6].uci, "e1h1");
  ok(fenAt(c, 7).startsWith("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b"), fenAt(c, 7));
});
