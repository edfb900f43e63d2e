import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { firstMarkdownTable, plainCell } from "./outcome_csv.ts";

Deno.test("the first Markdown table as plain cells: links to their text, a later table ignored", () => {
  const md = "# Results\n\n| SPI | Board | White |\n|:---:|---|---|\n| 0 | [BBQNNRKR](a/bbqnnrkr.md) | 10.1%\n" +
    "| 1 | **BQNBNRKR** | 10.5% |\n\n# Again\n\n| SPI | Board |\n|---|---|\n| 1 | x |\n";
  assertEquals(firstMarkdownTable(md), {
    header: ["SPI", "Board", "White"],
    rows: [["0", "BBQNNRKR", "10.1%"], ["1", "BQNBNRKR", "10.5%"]],
  });
  assertEquals(firstMarkdownTable("no table here\n"), null);
  assertEquals(plainCell(" `x` "), "x");
});
