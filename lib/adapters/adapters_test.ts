import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { whitePovScores } from "./adapters.ts";
import { EvaluationSession } from "../evaluate.ts";
import type { ResolvedEngine } from "../engines.ts";

const FAKE = fileURLToPath(new URL("../uci/testdata/fake_engine.sh", import.meta.url));
const BLACK_TO_MOVE = { sp: -1, setup: "", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" };

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

Deno.test("an engine entry with an adapter: the scripted engine's White-POV score reads right", async () => {
  const entry = { id: "fake", name: "fake", start: { path: FAKE }, limit: "nodes" as const, options: {} };
  const plain: ResolvedEngine = { entry, command: { file: FAKE, args: ["ok"], label: "fake" }, files: [FAKE] };
  const adapted: ResolvedEngine = { ...plain, command: { ...plain.command, adapter: whitePovScores } };
  const results: (number | null)[] = [];
  for (const engine of [plain, adapted]) {
    const s = new EvaluationSession(engine, { limit: { nodes: 1000 }, options: {} });
    try {
      results.push((await s.evaluate(BLACK_TO_MOVE)).eval_cp);
    } finally {
      await s.close();
    }
  }
  // The script prints "score cp 12" at its last completed depth: UCI reads it as Black's view (-12 for White);
  // through the adapter it is White's view (+12).
  assertEquals(results, [-12, 12]);
});
