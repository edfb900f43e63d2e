import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { parseFen } from "chessops/fen";
import { Chess } from "chessops/chess";
import { parsePgn } from "chessops/pgn";
import { squareFile } from "chessops/util";
import { testRoot } from "../core/testing.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { spToSetup, startPosition } from "../method/mod.ts";

// `draw` and `book` as an arbiter and an engine tester run them, on a synthetic complete index of the reference
// engine (the best index of a temporary results root).

const { dir, results, cli } = await testRoot("draw-test");
const value = (sp: number) => ((sp * 7919) % 91) - 10;
await writeSyntheticDataset({
  root: results,
  folder: "quick",
  values: Object.fromEntries(Array.from({ length: 960 }, (_, sp) => [sp, value(sp)])),
  limit: { nodes: 125_000 },
});
const mbiRows = (await Deno.readTextFile(join(results, "quick", "mbi.csv"))).trim().split("\n").slice(1)
  .map((l) => l.split(","));

/** The draw computed without the workspace's code: the rule as the output states it. */
function byHand(seed: string, minMbi: number, exclude: number[]): number {
  const header = (Deno.readTextFileSync(join(results, "quick", "mbi.csv"))).split("\n")[0].split(",");
  const col = header.indexOf("mbi");
  const list = mbiRows.filter((r) => Number(r[col]) >= minMbi && !exclude.includes(Number(r[0])))
    .map((r) => Number(r[0])).sort((a, b) => a - b);
  const n = BigInt(`0x${createHash("sha256").update(seed, "utf8").digest("hex")}`);
  return list[Number(n % BigInt(list.length))];
}

Deno.test("draw: the position the stated rule gives by hand, over many seeds; the output names it first", async () => {
  for (const i of [1, 2, 3, 4, 5, 6]) {
    const seed = `Test Open, round ${i}, announced value ${i * 37}`;
    const r = await cli("draw.ts", ["--seed", seed, "--min-mbi", "80", "--exclude", "518,RNBQKBNR,0"]);
    assertEquals(r.code, 0, r.stderr);
    const sp = byHand(seed, 80, [518, 0]);
    assertEquals(r.stdout.split("\n")[0], `SP ${sp} ${spToSetup(sp)}`);
    ok(r.stdout.includes(`FEN ${startPosition(sp).fen}`) && r.stdout.includes("re-check by hand: list the"), r.stdout);
  }
});

Deno.test("draw with an event's log: no position twice, a repeated seed gives its round again, a damaged log is refused untouched", async () => {
  const log = join(dir, "event.jsonl");
  const drawn: string[] = [];
  for (const round of [1, 2, 3]) {
    const r = await cli("draw.ts", ["--seed", `Event round ${round}`, "--max-edge", "12", "--log", log]);
    assertEquals(r.code, 0, r.stderr);
    drawn.push(r.stdout.split("\n")[0]);
  }
  assertEquals(new Set(drawn).size, 3, drawn.join("; "));
  const lines = (await Deno.readTextFile(log)).trim().split("\n").map((l) => JSON.parse(l));
  assertEquals(lines.map((l) => [l.round, `SP ${l.sp} ${l.setup}`]), drawn.map((d, i) => [i + 1, d]));
  // the same seed again: the same position, nothing appended
  const again = await cli("draw.ts", ["--seed", "Event round 2", "--max-edge", "12", "--log", log]);
  assertEquals(again.stdout.split("\n")[0], drawn[1]);
  ok(again.stdout.includes("nothing appended"), again.stdout);
  assertEquals((await Deno.readTextFile(log)).trim().split("\n").length, 3);
  // the same seed with another condition is refused
  const other = await cli("draw.ts", ["--seed", "Event round 2", "--min-mbi", "50", "--log", log]);
  assertEquals(other.code, 1);
  ok(/seed "Event round 2" was used in round 2 of .* with edge ≤ 12 cp/.test(other.stderr), other.stderr);
  // a line cut short: refused, and the log keeps its bytes
  const bytes = (await Deno.readTextFile(log)) + '{"kind":"mbi-dr';
  await Deno.writeTextFile(log, bytes);
  const cut = await cli("draw.ts", ["--seed", "Event round 4", "--max-edge", "12", "--log", log]);
  assertEquals(cut.code, 1);
  ok(
    /line 4 is cut short \(no end of line\): mend or remove it by hand; nothing was drawn/.test(cut.stderr),
    cut.stderr,
  );
  assertEquals(await Deno.readTextFile(log), bytes);
  await Deno.writeTextFile(log, bytes.slice(0, bytes.lastIndexOf("\n") + 1) + '{"kind":"mbi-draw"}\n');
  const bad = await cli("draw.ts", ["--seed", "Event round 4", "--max-edge", "12", "--log", log]);
  ok(/event\.jsonl line 4: schema is missing/.test(bad.stderr), bad.stderr);
});

Deno.test("draw and book: bad input is one line, exit 2 for what was typed, 1 when nothing is eligible", async () => {
  const cases: [string[], number, RegExp][] = [
    [["--seed", "x", "--exclude", "518,QQQQ"], 2, /--exclude: "QQQQ" is neither an SP number/],
    [["--seed", "x", "--min-mbi", "101"], 2, /--min-mbi 101: the MBI runs 0..100/],
    [["--seed", "x", "--max-edge", "-3"], 2, /--max-edge/],
    [["--min-mbi", "10"], 2, /--seed TEXT is required/],
    [["--seed", "x", "--max-edge", "0", "--min-mbi", "100"], 1, /no position meets MBI ≥ 100 and edge ≤ 0 cp/],
  ];
  for (const [args, code, re] of cases) {
    const r = await cli("draw.ts", args);
    assertEquals(r.code, code, `${args.join(" ")}: ${r.stderr}`);
    ok(re.test(r.stderr) && r.stderr.trim().split("\n").filter((l) => l.startsWith("error")).length === 1, r.stderr);
  }
  const b = await cli("book.ts", ["--format", "fen"]);
  assertEquals(b.code, 2, b.stderr);
});

/** Checks a book's FEN: a legal position, the SP's back rank, castling rights on the rooks' files. */
function checkFen(fen: string, sp: number) {
  const setup = parseFen(fen).unwrap();
  ok(Chess.fromSetup(setup).isOk, `${fen}: not a legal position`);
  const rank = fen.split(" ")[0].split("/")[7];
  assertEquals(rank, spToSetup(sp), fen);
  const rooks = [...rank].flatMap((p, i) => (p === "R" ? [i] : []));
  const files = [...setup.castlingRights].map((sq) => squareFile(sq)).sort();
  assertEquals([...new Set(files)], rooks, `${fen}: castling rights not on the rooks' files`);
}

Deno.test("book: EPD and PGN, Shredder-FEN and X-FEN, every line parses back to its SP's start with the right castling", async () => {
  for (const castling of ["shredder", "xfen"]) {
    const epd = await cli("book.ts", ["--min-mbi", "90", "--castling", castling, "--order", "mbi"]);
    assertEquals(epd.code, 0, epd.stderr);
    const lines = epd.stdout.trim().split("\n");
    ok(lines[0].includes('c1 "MBI book: ') && lines[0].includes("MBI >= 90, by MBI (most balanced first)"), lines[0]);
    const mbis: number[] = [];
    // most balanced first: MBI never rises down the file
    for (const l of lines) {
      const sp = Number(/id "SP (\d+) /.exec(l)![1]);
      checkFen(l.split(" ").slice(0, 4).join(" "), sp);
      if (castling === "xfen") ok(l.includes(" w KQkq - "), l);
      mbis.push(Number(/c0 "MBI (\d+),/.exec(l)![1]));
    }
    assertEquals(mbis, [...mbis].sort((a, b) => b - a));
    ok(lines.length === Number(/MBI book: (\d+) /.exec(lines[0])![1]), "the header's count");
    const pgnOut = join(dir, `book-${castling}.pgn`);
    const pgn = await cli("book.ts", ["--min-mbi", "90", "--castling", castling, "--format", "pgn", "--out", pgnOut]);
    assertEquals(pgn.code, 0, pgn.stderr);
    const games = parsePgn(await Deno.readTextFile(pgnOut));
    assertEquals(games.length, lines.length);
    for (const g of games) {
      assertEquals([g.headers.get("Variant"), g.headers.get("SetUp")], ["Chess960", "1"]);
      const sp = Number(/SP (\d+) /.exec(g.comments?.join(" ") ?? "")![1]);
      checkFen(g.headers.get("FEN")!, sp);
    }
    // by SP by default: ascending
    const bySp = (await cli("book.ts", ["--min-mbi", "90"])).stdout.trim().split("\n").map((l) =>
      Number(/id "SP (\d+) /.exec(l)![1])
    );
    assertEquals(bySp, [...bySp].sort((a, b) => a - b));
  }
});
