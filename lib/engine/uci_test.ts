import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_TIMEOUTS,
  type EngineCommand,
  EngineError,
  EngineExitedError,
  EngineTimeoutError,
  parseOptionLine,
  searchTimeoutMs,
  timeoutsForSpeed,
  UciEngine,
} from "./mod.ts";
import { isMbiError } from "../core/mod.ts";

const FAKE = fileURLToPath(new URL("testdata/fake_engine.sh", import.meta.url));
const fake = (...args: string[]): EngineCommand => ({
  file: FAKE,
  args,
  label: `fake-${args[0]}`,
});
const FAST = {
  ...DEFAULT_TIMEOUTS,
  handshakeMs: 1500,
  readyMs: 1500,
  nodesPerSecond: 1_000_000,
  searchFloorMs: 1500,
};

Deno.test("parseOptionLine reads type, default and range", () => {
  assertEquals(
    parseOptionLine("option name Hash type spin default 16 min 1 max 33554432"),
    {
      name: "Hash",
      type: "spin",
      default: "16",
      min: 1,
      max: 33554432,
    },
  );
  assertEquals(
    parseOptionLine(
      "option name EvalFile type string default nn-1c0000000000.nnue",
    ),
    {
      name: "EvalFile",
      type: "string",
      default: "nn-1c0000000000.nnue",
    },
  );
  assertEquals(parseOptionLine("option name Clear Hash type button"), {
    name: "Clear Hash",
    type: "button",
  });
});

Deno.test("a score no engine can report, or not a number: a protocol error naming the engine, the position and the ply", async () => {
  const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
  for (
    const [mode, what] of [["huge", /score cp 99999999999999999999999 is beyond/], [
      "nan",
      /score cp needs an integer, got NaN/,
    ]] as const
  ) {
    const e = await UciEngine.start(fake(mode), FAST);
    try {
      await rejects(
        e.search(fen, ["e2e4", "e7e5"], { nodes: 1000 }),
        (err: Error) =>
          isMbiError(err, "engine-protocol") && err.message.startsWith(`engine fake-${mode}: bad UCI info line`) &&
          what.test(err.message) && err.message.endsWith(`(searching ${fen} after e2e4 e7e5, ply 3)`) &&
          !err.message.includes("\n"),
      );
    } finally {
      await e.quit();
    }
  }
});

Deno.test("handshake, options, search on a scripted engine", async () => {
  const e = await UciEngine.start(fake("ok"), FAST);
  try {
    assertEquals([e.name, e.author], ["FakeEngine 1.0", "tests"]);
    await e.setOption("hash", 64);
    assertEquals(e.optionsSet.get("Hash"), "64");
    await e.newGame();
    const out = await e.search("8/8/8/8/8/8/8/K6k w - - 0 1", ["a1a2"], {
      nodes: 1000,
    });
    assertEquals([out.bestmove, out.ponder, out.infos.length], [
      "e2e4",
      "e7e5",
      3,
    ]);
  } finally {
    await e.quit();
  }
});

Deno.test("unknown option and out-of-range value are clear errors", async () => {
  const e = await UciEngine.start(fake("ok"), FAST);
  try {
    await rejects(
      e.setOption("Contempt", 10),
      (err: Error) =>
        err instanceof EngineError && err.code === "engine-option" &&
        /unknown option "Contempt"/.test(err.message),
    );
    await rejects(
      e.setOption("Hash", 0),
      (err: Error) =>
        err instanceof EngineError && err.code === "engine-option" &&
        /Hash = 0 not allowed/.test(err.message),
    );
    await rejects(e.setOption("UCI_Chess960", "yes"), (err: Error) => isMbiError(err, "engine-option"));
  } finally {
    await e.quit();
  }
});

Deno.test("start errors: missing file, text file, not executable, no uciok", async () => {
  await rejects(
    UciEngine.start(
      { file: "/nonexistent/engine", args: [], label: "x" },
      FAST,
    ),
    (err: Error) => isMbiError(err, "engine-missing") && /does not exist/.test(err.message),
  );
  const text = fileURLToPath(
    new URL("testdata/not_an_engine.txt", import.meta.url),
  );
  await rejects(
    UciEngine.start({ file: text, args: [], label: "x" }, FAST),
    /is not a program/,
  );
  const tmp = await Deno.makeTempFile();
  await rejects(
    UciEngine.start({ file: tmp, args: [], label: "x" }, FAST),
    /is not executable/,
  );
  await Deno.remove(tmp);
  await rejects(
    UciEngine.start(fake("mute"), FAST),
    (err: Error) =>
      isMbiError(err, "engine-protocol") &&
      /does not speak UCI: no "uciok"/.test(err.message),
  );
});

Deno.test("an engine that dies mid-search, and one that hangs", async () => {
  const dying = await UciEngine.start(fake("die"), FAST);
  await rejects(
    dying.search("8/8/8/8/8/8/8/K6k w - - 0 1", [], { nodes: 10 }),
    (err: Error) => err instanceof EngineExitedError && err.code === "engine-crash" && /exit code 3/.test(err.message),
  );
  ok(dying.exited);
  const hanging = await UciEngine.start(fake("hang"), { ...FAST, noticeMs: 300 });
  const notices: string[] = [];
  hanging.onWait = (line) => notices.push(line);
  await rejects(
    hanging.search("8/8/8/8/8/8/8/K6k w - - 0 1", [], { nodes: 10 }),
    (err: Error) => err instanceof EngineTimeoutError && err.code === "engine-timeout",
  );
  // The wait is reported while it lasts, saying what it waits for.
  assertEquals(notices.length, 1, notices.join("\n"));
  ok(
    /^waiting for fake-hang to answer "go nodes 10": 0 s so far \(it is killed after 2 s\)$/.test(notices[0]),
    notices[0],
  );
});

Deno.test("search timeouts: a multiple of the expected time at the measured speed, within a floor and a cap", () => {
  const t = timeoutsForSpeed(1_000_000);
  assertEquals(searchTimeoutMs({ nodes: 8_000_000 }, t), 80_000); // 8 s expected, x10
  assertEquals(searchTimeoutMs({ nodes: 20_000 }, t), 30_000); // floor
  assertEquals(searchTimeoutMs({ nodes: 400_000_000_000 }, t), 2 * 3600_000); // cap
  assertEquals(searchTimeoutMs({ depth: 14 }, t), 600_000);
  assertEquals(timeoutsForSpeed(undefined), DEFAULT_TIMEOUTS);
});

Deno.test("an engine never outlives its client: killing the client with SIGKILL ends the engine within seconds", async () => {
  // A client process starts the hanging fake engine, prints the engine's PID and then waits; we kill -9 the client.
  const script = `
    import { UciEngine } from ${JSON.stringify(new URL("./uci.ts", import.meta.url).href)};
    const e = await UciEngine.start({ file: ${JSON.stringify(FAKE)}, args: ["hang"], label: "fake" });
    e.search("8/8/8/8/8/8/8/K6k w - - 0 1", [], { nodes: 10 }).catch(() => {});
    console.log("ready");
    await new Promise(() => {});`;
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/client.ts`, script);
  const client = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", fileURLToPath(new URL("../../deno.json", import.meta.url)), `${dir}/client.ts`],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = client.stdout.getReader();
  let out = "";
  while (!out.includes("ready")) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`the client ended before starting its engine: ${out}`);
    out += new TextDecoder().decode(chunk.value);
  }
  const children = () =>
    new Deno.Command("pgrep", { args: ["-f", `fake_engine.sh hang`] }).outputSync().stdout.length > 0;
  assertEquals(children(), true, "the fake engine runs");
  client.kill("SIGKILL");
  await client.status;
  reader.releaseLock();
  await client.stdout.cancel().catch(() => {});
  let alive = true;
  for (let i = 0; i < 50 && alive; i++) {
    await new Promise((r) => setTimeout(r, 100));
    alive = children();
  }
  assertEquals(alive, false, "the engine is gone within 5 s of its client");
});
