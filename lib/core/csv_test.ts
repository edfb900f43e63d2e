import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { toCsv } from "./csv.ts";

Deno.test("CSV: header, quoting of commas and quotes, empty cells for null, a final newline", () => {
  const rows = [
    { sp: 518, setup: "RNBQKBNR", note: 'says "hi", twice', mbi_lo: null },
    { sp: 0, setup: "BBQNNRKR", note: "plain", mbi_lo: 3 },
  ];
  assertEquals(
    toCsv(rows, ["sp", "setup", "note", "mbi_lo"]),
    'sp,setup,note,mbi_lo\n518,RNBQKBNR,"says ""hi"", twice",\n0,BBQNNRKR,plain,3\n',
  );
});
