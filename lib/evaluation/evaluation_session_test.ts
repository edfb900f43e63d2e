import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  type EngineCommand,
  EngineExitedError,
  parseInfo,
  type ResolvedEngine,
  resolveEngine,
  whitePovScores,
} from "../engine/mod.ts";
import { startPosition, toRecord } from "../method/mod.ts";
import { EvaluationSession } from "./evaluation_session.ts";
import { readTranscript } from "../engine/testdata/read.ts";
import { tempDir } from "../core/testing.ts";

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
  const wasm = resolveEngine("sf17.1-wasm");
  const session = new EvaluationSession(wasm, { limit: t.limit, options: wasm.entry.options });
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

const FAKE = fileURLToPath(new URL("../engine/testdata/fake_engine.sh", import.meta.url));
const fake = (...args: string[]): EngineCommand => ({ file: FAKE, args, label: `fake-${args[0]}` });
const BLACK_TO_MOVE = { sp: -1, setup: "", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" };

Deno.test("a dead engine is restarted and the position retried once", async () => {
  const marker = `${await tempDir("session-marker")}/died`;
  const resolved: ResolvedEngine = {
    entry: {
      id: "fake",
      name: "fake",
      start: { path: FAKE },
      limit: "nodes",
      options: {},
    },
    command: fake("flaky", marker),
    files: [FAKE],
  };
  const session = new EvaluationSession(resolved, {
    limit: { nodes: 1000 },
    options: { Hash: 32 },
  });
  try {
    const rec = await session.evaluate(startPosition(518));
    assertEquals([rec.depth, rec.eval_cp, session.restarts], [2, 12, 1]);
  } finally {
    await session.close();
  }
  const always = new EvaluationSession({ ...resolved, command: fake("die") }, {
    limit: { nodes: 1000 },
    options: {},
  });
  await rejects(always.evaluate(startPosition(0)), EngineExitedError);
  assertEquals(always.restarts, 1);
});

Deno.test("an engine entry with an adapter: the scripted engine's White-POV score reads right", async () => {
  const entry = { id: "fake", name: "fake", start: { path: FAKE }, limit: "nodes" as const, options: {} };
  const plain: ResolvedEngine = { entry, command: { file: FAKE, args: ["black"], label: "fake" }, files: [FAKE] };
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

Deno.test("a PV with an illegal move is an engine failure: retried once on a fresh engine, never recorded", async () => {
  // The "black" script answers with a Black principal variation: illegal when White is to move.
  const entry = { id: "fake", name: "fake", start: { path: FAKE }, limit: "nodes" as const, options: {} };
  const engine: ResolvedEngine = { entry, command: fake("black"), files: [FAKE] };
  const events: string[] = [];
  const s = new EvaluationSession(engine, { limit: { nodes: 1000 }, options: {}, onEvent: (l) => events.push(l) });
  try {
    await rejects(s.evaluate(startPosition(518)), /PV for SP 518 plays the illegal move e7e5 at ply 1/);
    assertEquals(s.restarts, 1);
    assertEquals(events.length, 1);
  } finally {
    await s.close();
  }
});
