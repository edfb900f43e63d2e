import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { PageRow } from "./data.ts";
import { setupToFen } from "../../method/start_fen.ts";
import { DEFAULT_SORT, FIRST_ROWS, matcher, searchRows, shownCount, singleMatch, statusText } from "./table.ts";

const row = (sp: number, setup: string, evalCp: number, mbi: number): PageRow => [
  sp,
  setup,
  evalCp,
  Math.abs(evalCp),
  0,
  mbi,
  null,
  null,
  20,
  null,
  "",
];
const rows = [row(518, "RNBQKBNR", 30, 40), row(0, "BBQNNRKR", 12, 90), row(1, "BQNBNRKR", 55, 5)];
const sps = (r: PageRow[] | string) => typeof r === "string" ? r : r.map((x) => x[0]);

Deno.test("search: an SP, a back rank or its beginning (any case), a start FEN; otherwise why nothing matches", () => {
  assertEquals(sps(searchRows(rows, "518", "sp", 1)), [518]);
  assertEquals([sps(searchRows(rows, "SP 518", "sp", 1)), sps(searchRows(rows, "sp518", "sp", 1))], [[518], [518]]);
  assertEquals(sps(searchRows(rows, "  bq ", "sp", 1)), [1]);
  assertEquals(sps(searchRows(rows, "B", "sp", 1)), [0, 1]);
  assertEquals(sps(searchRows(rows, setupToFen("RNBQKBNR"), "sp", 1)), [518]);
  assertEquals(
    searchRows(rows, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w - - 0 1", "sp", 1),
    "not a Chess960 start FEN (mirrored back ranks expected)",
  );
  assertEquals(typeof matcher("e4"), "string");
  // a number past the last SP says where positions end
  assertEquals(searchRows(rows, "960", "sp", 1), "SP numbers run from 0 to 959, not 960");
  assertEquals(
    statusText(searchRows(rows, "960", "sp", 1), 3, "960", "sp", 1),
    "No match: SP numbers run from 0 to 959, not 960.",
  );
  assertEquals(sps(searchRows(rows, "959", "sp", 1)), []);
  assertEquals(sps(searchRows(rows, "", "sp", 1)), [0, 1, 518]);
});

Deno.test("the table opens most balanced first: ties at one MBI by the smaller edge, then SP", () => {
  const tied = [row(44, "RNBQKBNR", 10, 100), row(247, "BBQNNRKR", -6, 100), row(12, "BQNBNRKR", 6, 100), ...rows];
  assertEquals(sps(searchRows(tied, "", DEFAULT_SORT.key, DEFAULT_SORT.dir)), [12, 247, 44, 0, 518, 1]);
  assertEquals(statusText(searchRows(tied, "", "mbi", -1), 6, "", "mbi", -1), "6 of 6 positions, most balanced first.");
});

Deno.test("a query that names one position (SP, full back rank, FEN) opens it; others do not", () => {
  assertEquals([singleMatch(rows, "518"), singleMatch(rows, "rnbqkbnr"), singleMatch(rows, setupToFen("BBQNNRKR"))], [
    518,
    518,
    0,
  ]);
  assertEquals([singleMatch(rows, "B"), singleMatch(rows, "77"), singleMatch(rows, " "), singleMatch(rows, "e4")], [
    null,
    null,
    null,
    null,
  ]);
});

Deno.test("sort: by a column in either direction, ties by SP; the status line says what is shown", () => {
  assertEquals(sps(searchRows(rows, "", "mbi", -1)), [0, 518, 1]);
  assertEquals(sps(searchRows(rows, "", "eval", 1)), [0, 518, 1]);
  const found = searchRows(rows, "B", "edge", -1);
  assertEquals(statusText(found, 3, "B", "edge", -1), "2 of 3 positions match “B”, sorted by edge descending.");
  assertEquals(statusText("bad", 3, "x", "sp", 1), "No match: bad.");
  assertEquals(statusText(searchRows(rows, "", "sp", 1), 3, " ", "sp", 1), "3 of 3 positions, sorted by sp ascending.");
});

Deno.test("the table shows the first rows until a reader asks for all; a search shows every match", () => {
  assertEquals(shownCount(960, "", false), FIRST_ROWS);
  assertEquals(shownCount(960, "", true), 960);
  assertEquals(shownCount(120, "R", false), 120);
  assertEquals(shownCount(12, "", false), 12);
  const many = Array.from({ length: 40 }, (_, i) => row(i, "RNBQKBNR", i, 100 - i));
  const found = searchRows(many, "", "mbi", -1);
  assertEquals(
    statusText(found, 40, "", "mbi", -1, shownCount(40, "", false)),
    `The first ${FIRST_ROWS} of 40 positions, most balanced first.`,
  );
  assertEquals(statusText(found, 40, "", "mbi", -1, 40), "40 of 40 positions, most balanced first.");
});
