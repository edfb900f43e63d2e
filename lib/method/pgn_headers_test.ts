import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { startPosition } from "./chess960.ts";
import {
  GameClassifier,
  isRated,
  NO_FILTERS,
  ratingBand,
  SKIP,
  timeControlClass,
  variantDialect,
} from "./pgn_headers.ts";

const h = (o: Record<string, string>) => new Map(Object.entries(o));
const shredder = (sp: number) => startPosition(sp).fen;
const xfen = (sp: number) => startPosition(sp).fen.replace(/ [A-Ha-h]{4} /, " KQkq ");

Deno.test("time-control classes follow Lichess's estimate base + 40 x increment", () => {
  const cases: [string | undefined, string][] = [
    ["15+0", "ultrabullet"],
    ["29+0", "ultrabullet"],
    ["30+0", "bullet"],
    ["60+1", "bullet"], // 100
    ["120+1", "bullet"], // 160
    ["180+0", "blitz"],
    ["180+2", "blitz"], // 260
    ["300+5", "rapid"], // 500
    ["479", "blitz"],
    ["600+0", "rapid"],
    ["1499+0", "rapid"],
    ["900+15", "classical"], // 1500
    ["1800+0", "classical"],
    ["40/7200:3600", "classical"],
    ["-", "correspondence"],
    ["?", "unknown"],
    ["", "unknown"],
    [undefined, "unknown"],
    ["*60", "unknown"],
  ];
  for (const [tc, cls] of cases) assertEquals(timeControlClass(tc), cls, String(tc));
});

Deno.test("Variant dialects: Chess960, chess 960, fischerandom, none, other", () => {
  assertEquals(
    [
      "Chess960",
      "chess 960",
      "CHESS-960",
      "fischerandom",
      "Fischer Random",
      "FischeRandom",
      undefined,
      "",
      "Standard",
      "From Position",
      "Crazyhouse",
    ]
      .map(variantDialect),
    [
      "chess960",
      "chess960",
      "chess960",
      "fischerandom",
      "fischerandom",
      "fischerandom",
      "none",
      "none",
      "other",
      "other",
      "other",
    ],
  );
});

Deno.test("rating bands of the mean Elo and the rated rule", () => {
  assertEquals([null, 800, 1199.5, 1200, 1499, 1500, 2100, 2399, 2400, 3000].map(ratingBand), [
    "unknown",
    "<1200",
    "<1200",
    "1200-1499",
    "1200-1499",
    "1500-1799",
    "2100-2399",
    "2100-2399",
    ">=2400",
    ">=2400",
  ]);
  assertEquals(isRated(h({ Event: "Rated Chess960 game" })), true);
  assertEquals(isRated(h({ Event: "Rated Chess960 tournament https://lichess.org/tournament/x" })), true);
  assertEquals(isRated(h({ Event: "Casual Chess960 game" })), false);
  assertEquals(isRated(h({ Event: "Unrated 960 blitz" })), false);
  assertEquals(isRated(h({ Event: "CCRL 960", Rated: "true" })), true);
  assertEquals(isRated(h({ Event: "Rated game", Rated: "no" })), false);
});

Deno.test("every dialect finds its start position; X-FEN and Shredder castling agree", () => {
  const c = new GameClassifier();
  const base = { Result: "1-0" };
  const kept = (o: Record<string, string>) => c.classify(h({ ...base, ...o }), 40).kept;
  assertEquals(kept({ Variant: "Chess960", SetUp: "1", FEN: xfen(0) })?.sp, 0);
  assertEquals(kept({ Variant: "chess 960", SetUp: "1", FEN: shredder(959) })?.sp, 959);
  assertEquals(kept({ Variant: "fischerandom", FEN: xfen(48) })?.sp, 48);
  assertEquals(kept({ FEN: shredder(777) })?.dialect, "none");
  assertEquals(kept({ FEN: shredder(777) })?.sp, 777);
  assertEquals(kept({ Variant: "Chess960" })?.sp, 518); // no FEN: the standard array
  assertEquals(kept({ Variant: "Chess960" })?.dialect, "chess960, no FEN (SP 518)");
  assertEquals(kept({ Variant: "Chess960", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" })?.sp, 518);
});

Deno.test("games that are not Chess960 starts are skipped with their reason", () => {
  const c = new GameClassifier();
  const skip = (o: Record<string, string>, plies = 40, malformed = false) =>
    c.classify(h({ Result: "1-0", ...o }), plies, malformed).skipped;
  assertEquals(skip({ Variant: "Chess960", FEN: xfen(3) }, 10, true), SKIP.malformed);
  assertEquals(skip({ Variant: "Standard", FEN: xfen(3) }), SKIP.otherVariant);
  assertEquals(skip({ Variant: "From Position", FEN: xfen(3) }), SKIP.otherVariant);
  assertEquals(skip({}), SKIP.standard);
  assertEquals(skip({ Variant: "Chess960", SetUp: "1" }), SKIP.noFen);
  assertEquals(skip({ Variant: "Chess960", FEN: "not a fen" }), SKIP.badFen);
  assertEquals(
    skip({ Variant: "Chess960", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1" }),
    SKIP.badFen,
  ); // no white king
  assertEquals(
    skip({ Variant: "Chess960", FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" }),
    SKIP.notStart,
  );
  assertEquals(
    skip({ Variant: "Chess960", FEN: "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" }),
    SKIP.notStart,
  );
  assertEquals(skip({ Variant: "Chess960", FEN: shredder(3).replace(/ [A-Ha-h]{4} /, " - ") }), SKIP.castling);
  const noResult = c.classify(h({ Variant: "Chess960", FEN: xfen(3) }), 10).skipped;
  assertEquals(noResult, SKIP.noResult);
  assertEquals(skip({ Variant: "Chess960", FEN: xfen(3), Result: "*" }), SKIP.unfinished);
  assertEquals(skip({ Variant: "Chess960", FEN: xfen(3), Result: "2-0" }), SKIP.badResult);
});

Deno.test("filters: rated, minimum Elo of both players, time-control classes, plies, terminations", () => {
  const game = {
    Event: "Rated Chess960 game",
    Variant: "Chess960",
    FEN: xfen(100),
    Result: "1/2-1/2",
    WhiteElo: "1900",
    BlackElo: "1700",
    TimeControl: "180+2",
    Termination: "Normal",
  };
  const c = new GameClassifier({
    rated: true,
    min_elo: 1600,
    time_controls: ["blitz", "rapid"],
    min_plies: 20,
    exclude_terminations: ["abandoned", "Rules infraction"],
  });
  const v = (o: Record<string, string>, plies = 30) => c.classify(h({ ...game, ...o }), plies);
  assertEquals(v({}).kept, {
    sp: 100,
    result: "1/2-1/2",
    dialect: "chess960",
    mean_elo: 1800,
    time_control: "blitz",
    rating_band: "1800-2099",
  });
  assertEquals(v({ Event: "Casual Chess960 game" }).skipped, SKIP.notRated);
  assertEquals(v({ BlackElo: "?" }).skipped, SKIP.noElo);
  assertEquals(v({ BlackElo: "1599" }).skipped, SKIP.lowElo);
  assertEquals(v({ TimeControl: "60+0" }).skipped, SKIP.timeControl);
  assertEquals(v({ TimeControl: "-" }).skipped, SKIP.timeControl);
  assertEquals(v({}, 19).skipped, SKIP.plies);
  assertEquals(v({ Termination: "Abandoned" }).skipped, SKIP.termination);
  assertEquals(v({ Termination: "rules infraction" }).skipped, SKIP.termination);
  assertEquals(
    new GameClassifier(NO_FILTERS).classify(h({ ...game, Event: "Casual", BlackElo: "?" }), 0).kept?.mean_elo,
    null,
  );
});

Deno.test("start FENs whose castling rights do not match the rooks: one rule, by back rank; skipped or, on request, kept", () => {
  // SP 959 (RKRNNQBB, rooks on a and c) as the Lichess export of late 2023 wrote it: HEhe, or no rights at all.
  const rank = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w";
  const games = ["HEhe", "-", "Cc", "CAca", "acAC", "KQkq"].map((c) =>
    h({ Variant: "Chess960", FEN: `${rank} ${c} - 0 1`, Result: "1-0" })
  );
  const strict = new GameClassifier();
  assertEquals(games.map((g) => strict.classify(g, 40).kept?.sp ?? strict.classify(g, 40).skipped), [
    SKIP.castling,
    SKIP.castling,
    SKIP.castling,
    959,
    959,
    959,
  ]);
  const lenient = new GameClassifier({ ...NO_FILTERS, castling_mismatch: "include" });
  assertEquals(games.map((g) => lenient.classify(g, 40).kept?.sp), [959, 959, 959, 959, 959, 959]);
  // A placement that is not a start stays "not a start position", whatever its castling field.
  assertEquals(
    strict.classify(
      h({ Variant: "Chess960", FEN: "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB b - - 0 1", Result: "1-0" }),
      40,
    )
      .skipped,
    SKIP.notStart,
  );
});
