import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { lastCompletedIteration, NoCompletedIterationError } from "./completed.ts";
import { type InfoLine, parseInfo } from "../engine/mod.ts";
import { readTranscript } from "../engine/testdata/read.ts";

function infosOf(lines: string[]): InfoLine[] {
  return lines.map(parseInfo).filter((i): i is InfoLine => i !== undefined);
}

// Transcripts recorded from Stockfish 17.1 (Threads 1, Hash 256, UCI_Chess960).
const CASES: [string, number, number, boolean][] = [
  // file, expected depth, expected cp, stop line dropped
  ["stop_repeat.uci", 15, 41, true], // stop line repeats depth 15's score and PV at depth 16
  ["stop_bound.uci", 11, 41, true], // stop line at depth 12 is an upperbound
  ["stop_newscore.uci", 16, 17, true], // stop line shows a new exact score (15) at depth 17
  ["stop_samescore-newpv.uci", 16, 37, true], // same score, new PV from a partial depth 17
  ["depth_limit.uci", 12, 33, false], // go depth 12: the search ends without a stop
];

for (const [file, depth, cp, dropped] of CASES) {
  Deno.test(`last completed iteration: ${file}`, () => {
    const t = readTranscript(file);
    const it = lastCompletedIteration(infosOf(t.lines), t.limit);
    assertEquals(it.depth, depth);
    assertEquals(it.score, { cp });
    assertEquals(it.droppedStopLine, dropped);
    const exact = t.lines.filter((l) => l.includes(`info depth ${depth} `) && !/bound/.test(l));
    assertEquals(it.pv, exact[exact.length - 1].split(" pv ")[1].split(" "));
  });
}

Deno.test("the stop line is dropped even when it looks exact and the budget is exceeded", () => {
  const infos = infosOf([
    "info depth 9 score cp 20 nodes 900 pv e2e4 e7e5",
    "info depth 10 score cp 25 lowerbound nodes 950 pv d2d4",
    "info depth 10 score cp 22 nodes 990 pv e2e4 c7c5",
    "info depth 11 score cp 22 nodes 1003 pv e2e4 c7c5",
  ]);
  const it = lastCompletedIteration(infos, { nodes: 1000 });
  assertEquals([it.depth, it.score, it.droppedStopLine], [
    10,
    { cp: 22 },
    true,
  ]);
});

Deno.test("bound lines of the completed depth are skipped", () => {
  const infos = infosOf([
    "info depth 9 score cp 20 nodes 900 pv e2e4 e7e5",
    "info depth 10 score cp 25 lowerbound nodes 950 pv d2d4",
    "info depth 11 score cp 30 upperbound nodes 1001 pv d2d4",
  ]);
  const it = lastCompletedIteration(infos, { nodes: 1000 });
  assertEquals([it.depth, it.score], [9, { cp: 20 }]);
});

Deno.test("a final line under the node budget is a completed iteration", () => {
  const infos = infosOf([
    "info depth 1 score mate 1 nodes 20 pv d8h4",
    "info depth 2 score mate 1 nodes 40 pv d8h4",
  ]);
  const it = lastCompletedIteration(infos, { nodes: 1000 });
  assertEquals([it.depth, it.score, it.droppedStopLine], [
    2,
    { mate: 1 },
    false,
  ]);
});

Deno.test("MultiPV: only the requested line counts", () => {
  const infos = infosOf([
    "info depth 5 multipv 1 score cp 30 nodes 100 pv e2e4",
    "info depth 5 multipv 2 score cp 10 nodes 100 pv d2d4",
  ]);
  assertEquals(lastCompletedIteration(infos, { depth: 5 }, 2).pv, ["d2d4"]);
});

Deno.test("no usable line is an error", () => {
  throws(
    () => lastCompletedIteration([], { nodes: 10 }),
    NoCompletedIterationError,
  );
  throws(
    () =>
      lastCompletedIteration(
        infosOf(["info depth 1 score cp 5 upperbound nodes 5 pv e2e4"]),
        { depth: 1 },
      ),
    NoCompletedIterationError,
  );
});

Deno.test("a stop line whose nodes equal the budget exactly is the stop line, dropped", () => {
  // go nodes N stops once N nodes are searched: the interrupted iteration's line may report exactly N
  const infos = infosOf([
    "info depth 9 score cp 20 nodes 900 pv e2e4 e7e5",
    "info depth 10 score cp 22 nodes 990 pv e2e4 c7c5",
    "info depth 11 score cp 35 nodes 1000 pv d2d4 d7d5",
  ]);
  const it = lastCompletedIteration(infos, { nodes: 1000 });
  assertEquals([it.depth, it.score, it.droppedStopLine], [10, { cp: 22 }, true]);
});
