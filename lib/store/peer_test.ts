import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../core/testing.ts";
import { PEER, readPeer } from "./peer.ts";

Deno.test("the shipped depth-32 peer: all 960 positions once, each FEN its SP's back rank", async () => {
  const { rows, sha256 } = await readPeer();
  assertEquals(rows.length, 960);
  assertEquals(rows.map((r) => r.sp), Array.from({ length: 960 }, (_, i) => i));
  ok(rows.every((r) => r.depth === 32 && r.nodes > 0), "depth 32 throughout");
  assertEquals(sha256.length, 64);
  // the words readers see are the file's: its fewest and most nodes (millions, rounded) and its median
  const nodes = rows.map((r) => r.nodes).sort((a, b) => a - b);
  const median = (nodes[479] + nodes[480]) / 2;
  const m = (x: number, digits = 0) => (x / 1e6).toFixed(digits);
  const words = `${m(nodes[0], 1)}–${m(nodes[959])} million nodes, median ${m(median)} million`;
  assertEquals(words, "5.5–87 million nodes, median 26 million");
  ok(
    PEER.budget.includes(words) && PEER.role.includes(`${m(nodes[0], 1)}–${m(nodes[959])} million nodes`),
    PEER.budget,
  );
});

Deno.test("a damaged peer file is refused naming the line", async () => {
  const dir = await tempDir("peer-");
  const path = join(dir, "p.csv");
  await Deno.writeTextFile(
    path,
    "sp,fen,eval_cp,depth,seldepth,nodes,best_move\n0,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,5,32,40,1,e2e4\n",
  );
  await rejects(readPeer(path), /line 2: its FEN is not SP 0's \(BBQNNRKR\)/);
});
