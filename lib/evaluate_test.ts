import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { startPosition } from "./chess960.ts";
import { MBI_OPTIONS, resolveEngine } from "./engines.ts";
import { EvaluationSession, toRecord } from "./evaluate.ts";
import { parseInfo } from "./uci/info.ts";
import { readTranscript } from "./uci/testdata/read.ts";

Deno.test("toRecord reports White's point of view (negates when Black is to move)", () => {
  const infos = [
    "info depth 4 score cp 25 nodes 50 pv e7e5",
    "info depth 5 score mate 3 nodes 90 pv e7e5",
  ]
    .map((l) => parseInfo(l)!);
  const black = { sp: -1, setup: "", fen: "8/8/8/8/8/8/8/K6k b - - 0 1" };
  const rec = toRecord(black, { depth: 5 }, infos.slice(0, 1), [], "e7e5", 1);
  assertEquals(rec.eval_cp, -25);
  const mate = toRecord(black, { depth: 5 }, infos, [], "e7e5", 1);
  assertEquals([mate.eval_cp, mate.mate], [null, -3]);
});

Deno.test("the embedded WASM engine reproduces a search recorded from native Stockfish 17.1", async () => {
  // stop_bound.uci: SP 518, go nodes 20000, recorded from the native build.
  const t = readTranscript("stop_bound.uci");
  const session = new EvaluationSession(resolveEngine("sf17.1-wasm"), {
    limit: t.limit,
    options: MBI_OPTIONS,
  });
  try {
    const rec = await session.evaluate(startPosition(518));
    const scored = (lines: string[]) =>
      lines.filter((l) => / score /.test(l)).map((l) => l.replace(/ (nps|time|hashfull|tbhits) \d+/g, ""));
    assertEquals(scored(rec.raw), scored(t.lines));
    assertEquals([rec.depth, rec.eval_cp, rec.nodes], [11, 41, 20015]);
  } finally {
    await session.close();
  }
});
