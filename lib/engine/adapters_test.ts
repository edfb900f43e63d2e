import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { sideToMove, whitePovScores } from "./adapters.ts";

Deno.test("white-pov-scores: flips scores and bounds only when Black is to move", () => {
  const a = whitePovScores();
  a.outgoing("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4");
  assertEquals(
    a.incoming("info depth 3 score cp 25 lowerbound nodes 9 pv e7e5"),
    "info depth 3 score cp -25 upperbound nodes 9 pv e7e5",
  );
  assertEquals(a.incoming("bestmove e7e5"), "bestmove e7e5");
  a.outgoing("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assertEquals(a.incoming("info depth 3 score mate 2 pv e2e4"), "info depth 3 score mate 2 pv e2e4");
});

Deno.test("side to move after position fen/startpos with moves; unreadable commands give undefined", () => {
  assertEquals(sideToMove("position startpos"), "white");
  assertEquals(sideToMove("position startpos moves e2e4"), "black");
  assertEquals(
    sideToMove("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5"),
    "white",
  );
  assertEquals(sideToMove("position fen not-a-fen"), undefined);
  assertEquals(sideToMove("position startpos moves e2e5"), undefined);
  assertEquals(sideToMove("go nodes 10"), undefined);
});
