import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { negateScore, parseInfo } from "./info.ts";
import { isMbiError } from "../core/mod.ts";

Deno.test("parses every field of a Stockfish info line", () => {
  assertEquals(
    parseInfo(
      "info depth 20 seldepth 33 multipv 1 score cp 40 wdl 80 900 20 nodes 356864 nps 200936 hashfull 127 tbhits 0 time 1776 pv e2e4 e7e5 g1f3",
    ),
    {
      depth: 20,
      seldepth: 33,
      multipv: 1,
      score: { cp: 40 },
      wdl: [80, 900, 20],
      nodes: 356864,
      nps: 200936,
      hashfull: 127,
      tbhits: 0,
      time: 1776,
      pv: ["e2e4", "e7e5", "g1f3"],
    },
  );
});

Deno.test("bounds, mate scores and negative values", () => {
  assertEquals(
    parseInfo("info depth 12 score cp -40 upperbound nodes 5 pv e2e4"),
    {
      depth: 12,
      score: { cp: -40 },
      bound: "upperbound",
      nodes: 5,
      pv: ["e2e4"],
    },
  );
  assertEquals(
    parseInfo("info depth 3 score mate -2 lowerbound pv a1a2")?.score,
    { mate: -2 },
  );
  assertEquals(
    parseInfo("info depth 3 score mate -2 lowerbound pv a1a2")?.bound,
    "lowerbound",
  );
});

Deno.test("other field orders, missing fields and unknown fields", () => {
  assertEquals(
    parseInfo("info nodes 10 score cp 3 depth 2 cpuload 500 pv e2e4"),
    {
      nodes: 10,
      score: { cp: 3 },
      depth: 2,
      pv: ["e2e4"],
    },
  );
  assertEquals(parseInfo("info currmove e2e4 currmovenumber 1"), {
    currmove: "e2e4",
    currmovenumber: 1,
  });
});

Deno.test("info string lines keep their text", () => {
  assertEquals(
    parseInfo(
      "info string NNUE evaluation using nn-1c0000000000.nnue (133MiB)",
    ),
    { string: "NNUE evaluation using nn-1c0000000000.nnue (133MiB)" },
  );
});

Deno.test("non-info lines and malformed lines", () => {
  assertEquals(parseInfo("bestmove e2e4 ponder e7e5"), undefined);
  throws(
    () => parseInfo("info depth x"),
    (e: Error) => isMbiError(e, "engine-protocol") && /depth needs an integer/.test(e.message),
  );
  throws(() => parseInfo("info score pawns 3"), (e: Error) => isMbiError(e, "engine-protocol"));
});

Deno.test("scores beyond what an engine reports and numbers beyond a safe integer are protocol errors, named", () => {
  const refused: [string, RegExp][] = [
    [
      "info depth 2 score cp 99999999999999999999999 pv e2e4",
      /score cp 99999999999999999999999 is beyond what an engine reports \(at most 32000/,
    ],
    ["info depth 2 score cp -32001 pv e2e4", /score cp -32001 is beyond/],
    ["info depth 2 score mate 501 pv e2e4", /score mate 501 is beyond what an engine reports \(at most 500/],
    ["info depth 2 score cp NaN pv e2e4", /score cp needs an integer, got NaN/],
    ["info depth 2 score cp 1e5 pv e2e4", /score cp needs an integer, got 1e5/],
    ["info depth 2 nodes 99999999999999999999 pv e2e4", /nodes 99999999999999999999 is beyond/],
  ];
  for (const [line, message] of refused) {
    throws(() => parseInfo(line), (e: Error) => isMbiError(e, "engine-protocol") && message.test(e.message), line);
  }
  // the largest scores engines do report still read: Stockfish's tablebase wins, its mate values, mate 0
  assertEquals(parseInfo("info depth 30 score cp 20000 pv e2e4")?.score, { cp: 20000 });
  assertEquals(parseInfo("info depth 30 score cp -32000 pv e2e4")?.score, { cp: -32000 });
  assertEquals(parseInfo("info depth 30 score mate -123 pv e2e4")?.score, { mate: -123 });
  assertEquals(parseInfo("info depth 0 score mate 0")?.score, { mate: 0 });
});

Deno.test("negateScore flips cp and mate, without -0", () => {
  assertEquals(negateScore({ cp: 12 }), { cp: -12 });
  assertEquals(negateScore({ mate: 3 }), { mate: -3 });
  assertEquals(
    Object.is((negateScore({ cp: 0 }) as { cp: number }).cp, 0),
    true,
  );
});
