import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { MAX_LINE, PgnScanner, type ScannedGame } from "./pgn_scan.ts";
import { LichessLikeGames } from "./bench.ts";

function scan(chunks: string[], cut = false): ScannedGame[] {
  const out: ScannedGame[] = [];
  const s = new PgnScanner((g) => out.push({ ...g, headers: new Map(g.headers) }));
  for (const c of chunks) s.push(c);
  s.end(cut);
  return out;
}

const brief = (g: ScannedGame) => ({
  headers: Object.fromEntries(g.headers),
  plies: g.plies,
  malformed: g.malformed,
  noHeaders: g.noHeaders,
  cut: g.cut,
});

const TEXT = `[Event "Rated Chess960 game"]
[Result "1-0"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]

1. e4 { [%clk 0:03:00] } 1... e5 { a comment
that spans lines
[%clk 0:02:59] } 2. Nf3 (2. f4 exf4 3. Nf3) 2... Nc6 $1 3.Bb5 a6!? ; rest of line 4. ignored
4. O-O 0-0 1-0

[Event "Second \\"quoted\\" game"] [Result "0-1"]
[Site "x"]
1. d4 d5 0-1
[Event "no blank line before"]
[Result "1/2-1/2"]
`;

Deno.test("headers and plies: comments over lines, variations, NAGs, line comments, move numbers glued to moves", () => {
  const games = scan([TEXT]).map(brief);
  assertEquals(games, [
    {
      headers: {
        Event: "Rated Chess960 game",
        Result: "1-0",
        FEN: "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
      },
      plies: 8, // e4 e5 Nf3 Nc6 Bb5 a6 O-O 0-0
      malformed: false,
      noHeaders: false,
      cut: false,
    },
    {
      headers: { Event: 'Second "quoted" game', Result: "0-1", Site: "x" },
      plies: 2,
      malformed: false,
      noHeaders: false,
      cut: false,
    },
    {
      headers: { Event: "no blank line before", Result: "1/2-1/2" },
      plies: 0,
      malformed: false,
      noHeaders: false,
      cut: false,
    },
  ]);
});

Deno.test("the same games whatever the chunk boundaries (every split point; CRLF too)", () => {
  const whole = scan([TEXT]).map(brief);
  for (let i = 0; i <= TEXT.length; i++) {
    assertEquals(scan([TEXT.slice(0, i), TEXT.slice(i)]).map(brief), whole, `split at ${i}`);
  }
  assertEquals(scan([...TEXT.replace(/\n/g, "\r\n")]).map(brief), whole, "CRLF, one character at a time");
});

Deno.test("generated Lichess-layout games: plies and headers as written", () => {
  const gen = new LichessLikeGames(7n);
  const games = Array.from({ length: 50 }, () => gen.next());
  const text = games.map((g) => g.pgn).join("");
  const scanned = scan([text.slice(0, 5000), text.slice(5000)]);
  assertEquals(scanned.map((g) => g.plies), games.map((g) => g.plies));
  assertEquals(scanned.map((g) => g.headers.get("Result")), games.map((g) => g.result));
  assertEquals(scanned[0].headers.size, 19);
});

Deno.test("malformed headers, headers-only games, movetext without headers, a cut last game", () => {
  const text = `[Event "unterminated
[Result "1-0"]

1. e4 1-0

[Event "headers only"]
[Result "0-1"]

[Event "next"]
[Result "1-0"]
[Bad tag without quotes]
1. e4

garbage without headers`;
  const games = scan([text]).map((g) => [g.headers.get("Event"), g.malformed, g.noHeaders, g.plies]);
  assertEquals(games, [
    [undefined, true, false, 1],
    ["headers only", false, false, 0],
    ["next", true, false, 4], // e4, then "garbage", "without", "headers": tokens of the same movetext
  ]);
  const cut = scan(['[Event "a"]\n[Result "1-0"]\n\n1. e4 e5\n\n[Event "b"]\n[Resu'], true);
  assertEquals(cut.map((g) => [g.headers.get("Event"), g.cut, g.malformed]), [["a", false, false], ["b", true, false]]);
  const tail = scan(['[Event "a"]\n[Result "1-0"]\n\n1. e4 e5\n\n[Event "b"]\n[Resu']);
  assertEquals(tail.map((g) => [g.headers.get("Event"), g.malformed]), [["a", false], ["b", true]]);
  assertEquals(scan(["1. e4 e5 *\n"]).map((g) => [g.noHeaders, g.plies]), [[true, 2]]);
  assertEquals(scan([""]), []);
});

Deno.test("lines longer than MAX_LINE: a header makes its game malformed, movetext is counted in pieces", () => {
  const longValue = "x".repeat(MAX_LINE + 10);
  const a = scan([`[Event "a"]\n[Site "${longValue.slice(0, 100)}`, longValue, `"]\n[Result "1-0"]\n\n1. e4 1-0\n`]);
  assertEquals(a.map((g) => [g.headers.get("Event"), g.malformed, g.plies]), [["a", true, 1]]);
  const moves = Array.from({ length: 120_000 }, (_, i) => `${i + 1}. e4 e5`).join(" ");
  const b = scan([`[Event "b"]\n[Result "1-0"]\n\n`, moves.slice(0, 700_000), moves.slice(700_000), " 1-0\n"]);
  assertEquals(b.map((g) => [g.malformed, g.plies]), [[false, 240_000]]);
});
