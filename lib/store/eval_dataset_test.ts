import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { inTempRoot } from "../core/testing.ts";
import { startPosition } from "../method/mod.ts";
import { readEvalDataset } from "./eval_dataset.ts";
import { writeSyntheticDataset } from "./test_fixtures.ts";

/** A synthetic dataset of SPs 0, 518 and 959 whose line `line` (2..4) is changed by `edit`; what reading it does. */
async function readEdited(root: string, line: number, edit: (r: Record<string, unknown>) => void) {
  const path = await writeSyntheticDataset({ root, folder: "ci", values: { 0: 10, 518: 20, 959: 30 } });
  const lines = (await Deno.readTextFile(path)).trimEnd().split("\n");
  const r = JSON.parse(lines[line - 1]);
  edit(r);
  lines[line - 1] = JSON.stringify(r);
  await Deno.writeTextFile(path, lines.join("\n") + "\n");
  return { path, read: () => readEvalDataset(path) };
}

Deno.test("a stage-1 record that cannot be true is refused on reading, naming file, line and what is impossible", async () => {
  const other = startPosition(1);
  const cases: [number, (r: Record<string, unknown>) => void, RegExp][] = [
    [3, (r) => r.pv = ["zz99"], /line 3: its PV plays "zz99" at ply 1, not a legal move there/],
    [3, (r) => r.pv = ["e2e4", "e7e5", "e4e5"], /line 3: its PV plays "e4e5" at ply 3, not a legal move there/],
    [2, (r) => r.bestmove = "e1e2", /line 2: bestmove "e1e2" is not a legal move of SP 0/],
    [4, (r) => r.fen = other.fen, /line 4: fen ".*" is not SP 959's/],
    [2, (r) => r.setup = other.setup, new RegExp(`line 2: setup ${other.setup} is not SP 0's`)],
    [3, (r) => r.eval_cp = 1e23, /line 3: eval_cp 1e\+23 is beyond what an engine reports \(at most 32000/],
    [3, (r) => Object.assign(r, { eval_cp: null, mate: 900 }), /line 3: mate 900 is beyond what an engine reports/],
  ];
  for (const [line, edit, message] of cases) {
    await inTempRoot(async (root) => {
      const { path, read } = await readEdited(root, line, edit);
      await rejects(read(), (e: Error & { code?: string }) => {
        assertEquals(e.code, "dataset");
        assertEquals(e.message.startsWith(path), true, e.message);
        return message.test(e.message) && !e.message.includes("\n");
      });
    });
  }
});

Deno.test("a best move other than the PV's first move is possible (the interrupted iteration's) and reads", async () => {
  await inTempRoot(async (root) => {
    const { read } = await readEdited(root, 3, (r) => r.bestmove = "d2d4");
    const d = await read();
    assertEquals(d?.records.map((r) => [r.sp, r.pv[0], r.bestmove]), [[0, "e2e4", "e2e4"], [518, "e2e4", "d2d4"], [
      959,
      "e2e4",
      "e2e4",
    ]]);
    // Chess960 castling as the engines write it, king takes rook, is legal where castling is
    const sp518 = startPosition(518);
    assertEquals(sp518.fen.split(" ")[2], "HAha");
    const castles = await readEdited(
      join(root, "b"),
      3,
      (r) => r.pv = ["g1f3", "g8f6", "e2e4", "e7e5", "f1c4", "f8c5", "e1h1"],
    );
    assertEquals((await castles.read())?.records[1].pv.at(-1), "e1h1");
  });
});
