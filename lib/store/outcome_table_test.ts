import { deepStrictEqual as assertEquals, rejects, throws } from "node:assert/strict";
import { outcomeRow } from "../method/mod.ts";
import {
  checkOutcomeName,
  listOutcomeTables,
  outcomeNameOf,
  outcomePaths,
  outcomeRowsCsv,
  outcomeTitle,
  readOutcomeMeta,
  readOutcomeTable,
  writeOutcomeTable,
} from "./outcome_table.ts";
import { parseOutcomeCsv } from "./outcome_csv.ts";

Deno.test("per-position CSV: sp or setup, W/D/L under either name, games + score, the unknown column", () => {
  const a = parseOutcomeCsv(
    "sp,setup,white_wins,draws,black_wins,unknown\n518,RNBQKBNR,5,2,3,4\n0,BBQNNRKR,1,0,0,1\n",
    "a.csv",
  );
  assertEquals(a.rows.map((r) => [r.sp, r.games, r.white_score]), [[0, 1, 1], [518, 10, 0.6]]);
  assertEquals([a.unknown, a.columns], [5, ["sp", "white_wins", "draws", "black_wins", "unknown"]]);
  const b = parseOutcomeCsv("setup,games,wins,draws,losses\nrnbqkbnr,3,1,1,1\n", "b.csv");
  assertEquals(b.rows.map((r) => [r.sp, r.white_score]), [[518, 0.5]]);
  const c = parseOutcomeCsv("sp,games,white_score\n7,100,0.55\n", "c.csv");
  assertEquals(c.rows.map((r) => [r.sp, r.games, r.white_score, r.draws]), [[7, 100, 0.55, null]]);
  // a score-only table as outcomes.csv stores it (empty W/D/L) reads back the same
  const back = parseOutcomeCsv(outcomeRowsCsv(c.rows), "outcomes.csv");
  assertEquals(back.rows.map((r) => [r.sp, r.games, r.white_score, r.draws]), [[7, 100, 0.55, null]]);
});

Deno.test("per-position CSV in percent (as published tables give it): wins rounded to whole games, draws the rest", () => {
  // A synthetic table in the layout of the public engine tables (games, White/draw/Black in percent, a score).
  const t = parseOutcomeCsv(
    "sp,setup,games,white_pct,draw_pct,black_pct,score\n0,BBQNNRKR,50000,10.1,83.1,6.8,0.516\n" +
      "1,BQNBNRKR,333,10.0,80.0,10.0,0.5\n",
    "pct.csv",
  );
  assertEquals(t.fromPercent, true);
  assertEquals(t.columns, ["sp", "games", "white_pct", "draw_pct", "black_pct"]);
  assertEquals(t.rows.map((r) => [r.sp, r.games, r.white_wins, r.draws, r.black_wins]), [
    [0, 50000, 5050, 41550, 3400],
    [1, 333, 33, 267, 33],
  ]);
  const other = parseOutcomeCsv(
    "sp,games,white_win_pct,draw_pct,black_win_pct,white_score\n5,20000,23.4,57.1,19.5,0.519\n",
    "b.csv",
  );
  assertEquals(other.rows.map((r) => [r.white_wins, r.draws, r.black_wins]), [[4680, 11420, 3900]]);
  throws(
    () => parseOutcomeCsv("sp,games,white_pct,draw_pct,black_pct\n1,100,50,30,30\n", "t.csv"),
    /line 2: white_pct \+ draw_pct \+ black_pct = 110, not 100/,
  );
  throws(
    () => parseOutcomeCsv("sp,games,white_pct,draw_pct,black_pct\n1,100,x,30,30\n", "t.csv"),
    /line 2: white_pct "x" is not a percentage in 0..100/,
  );
  throws(
    () => parseOutcomeCsv("sp,games,white_pct,draw_pct,black_pct\n1,1,50,0,50\n", "t.csv"),
    /round to more than 1/,
  );
});

Deno.test("bad per-position CSVs are one-line errors naming line, column and value", () => {
  const cases: [string, RegExp][] = [
    ["sp,score\n1,0.5\n", /columns sp, score; expected sp \(or setup\)/],
    ["sp,white_wins,draws,black_wins\n960,1,1,1\n", /line 2: sp "960" is not a start position number/],
    ["setup,white_wins,draws,black_wins\nRNBQKBNQ,1,1,1\n", /line 2: .*RNBQKBNQ/],
    ["sp,setup,white_wins,draws,black_wins\n518,BBQNNRKR,1,1,1\n", /not the back rank of SP 518/],
    ["sp,white_wins,draws,black_wins\n1,1,x,1\n", /line 2: draws "x" is not a whole number/],
    ["sp,white_wins,draws,black_wins\n1,1,1,1\n1,2,2,2\n", /line 3: SP 1 again \(first on line 2\)/],
    ["sp,games,white_wins,draws,black_wins\n1,4,1,1,1\n", /games 4 is not white_wins \+ draws \+ black_wins = 3/],
    ["sp,games,white_score\n1,10,1.5\n", /white_score "1.5" is not a number in 0..1/],
    ["sp,white_wins,draws,black_wins\n1,0,0,0\n", /no position with games/],
  ];
  for (const [text, re] of cases) throws(() => parseOutcomeCsv(text, "t.csv"), re);
  throws(() => checkOutcomeName("../x"), /table name "..\/x"/);
  assertEquals(outcomeNameOf("/d/lichess_db_chess960_rated_2024-01.pgn.zst"), "lichess_db_chess960_rated_2024-01");
});

Deno.test("a written table reads back; a damaged CSV is named", async () => {
  const root = Deno.makeTempDirSync({ prefix: "mbi-outcomes-" });
  Deno.env.set("MBI_RESULTS_DIR", root);
  try {
    const rows = [
      outcomeRow(3, { wins: 5, draws: 1, losses: 2 }, { sum: 3000, games: 2 }),
      outcomeRow(518, { wins: 0, draws: 2, losses: 1 }),
    ];
    const meta = await writeOutcomeTable(
      {
        kind: "mbi-outcomes",
        schema: 1,
        name: "t1",
        description: "test",
        source: { kind: "table", file: "x.csv", path: "x.csv", bytes: 1, sha256: "0" },
        origin: null,
        filters: null,
        rules: {},
        counts: { read: 11, kept: 11, chess960: null, skipped: {}, dialects: {} },
        damaged: null,
        totals: {
          positions: 2,
          games: 11,
          white_wins: 5,
          draws: 3,
          black_wins: 3,
          white_score: 0.59,
          draw_rate: 0.27,
          games_per_position: { min: 3, median: 5.5, max: 8 },
        },
        groups: {},
        score_interval: "",
        notes: [],
        code: { commit: "x", dirty: false },
      },
      rows,
      [{ kind: "time_control", group: "blitz", sp: 3, games: 8, white_wins: 5, draws: 1, black_wins: 2 }],
    );
    assertEquals(meta.files.map((f) => f.name), ["outcomes.csv", "outcomes_by_group.csv"]);
    const back = await readOutcomeTable("t1");
    assertEquals(back.rows.map((r) => [r.sp, r.white_wins, r.draws, r.black_wins, r.mean_elo, r.elo_games]), [[
      3,
      5,
      1,
      2,
      1500,
      2,
    ], [518, 0, 2, 1, null, 0]]);
    assertEquals(back.groups.length, 1);
    assertEquals(listOutcomeTables(), ["t1"]);
    Deno.writeTextFileSync(outcomePaths("t1").csv, Deno.readTextFileSync(outcomePaths("t1").csv).replace(",5,", ",6,"));
    await rejects(readOutcomeTable("t1"), /outcomes.csv is not the file outcomes.json names/);
    await rejects(readOutcomeTable("nope"), /no outcome table "nope" \(tables: t1;/);
    // the description alone reads without the CSV files (a private table's are absent from a fresh clone), checked
    Deno.removeSync(outcomePaths("t1").csv);
    assertEquals((await readOutcomeMeta("t1")).description, meta.description);
    const json = JSON.parse(Deno.readTextFileSync(outcomePaths("t1").json));
    Deno.writeTextFileSync(outcomePaths("t1").json, JSON.stringify({ ...json, description: 7 }));
    await rejects(readOutcomeMeta("t1"), /description/);
  } finally {
    Deno.env.delete("MBI_RESULTS_DIR");
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("an outcome table's heading in readers' words: its description up to the first clause's end, numbers kept whole", () => {
  assertEquals(
    outcomeTitle("4,568,750 human Chess960 games on Lichess (the open database up to spring 2020), counted per start"),
    "4,568,750 human Chess960 games on Lichess",
  );
  assertEquals(
    outcomeTitle("19,200,000 Stockfish 16 self-play games, 20,000 from each start position"),
    "19,200,000 Stockfish 16 self-play games",
  );
  assertEquals(outcomeTitle("my games"), "my games");
});
