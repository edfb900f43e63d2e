import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { parseHTML } from "linkedom";
import {
  formatCell,
  frameHtml,
  gameRows,
  rankAgreementFrame,
  records,
  showColumns,
  toFrame,
  withCaption,
} from "./frames.ts";
import { type GameRecord } from "../selfplay/mod.ts";

const DISPLAY = Symbol.for("Jupyter.display");

Deno.test("a frame, and any frame derived from it, shows as an HTML table with its caption and shape", async () => {
  const rows = Array.from({ length: 50 }, (_, i) => ({ sp: i + 100, setup: "RNBQKBNR", mbi: i * 2, score: i / 49 }));
  const df = await toFrame(rows, ["sp", "setup", "mbi", "score"], "ci profile · n = 50 positions");
  const bundle = (df as unknown as Record<symbol, () => Record<string, string>>)[DISPLAY]();
  const { document } = parseHTML(`<html><body>${bundle["text/html"]}</body></html>`);
  assertEquals(document.querySelector("figcaption")!.textContent, "ci profile · n = 50 positions");
  const headers = [...document.querySelectorAll("thead th")].map((t) => t.textContent);
  assertEquals(headers, ["row", "sp", "setup", "mbi", "score"]);
  // 50 rows > 40: head 12, a gap row, tail 5
  const body = [...document.querySelectorAll("tbody tr")];
  assertEquals(body.length, 18);
  ok(body[12].textContent!.includes("33 more rows"), body[12].textContent!);
  assertEquals(body[17].querySelector("th")!.textContent, "49");
  ok(bundle["text/html"].includes("50 rows × 4 columns"));
  // an analyst's next cell: filter and sort; the result displays the same way
  const top = df.query(df["mbi"].gt(90)).sortValues("mbi", { ascending: false });
  assertEquals(records<{ sp: number }>(top).map((r) => r.sp), [149, 148, 147, 146]);
  const html = (top as unknown as Record<symbol, () => Record<string, string>>)[DISPLAY]()["text/html"];
  ok(html.includes("4 rows × 4 columns") && html.includes("<td"), html);
  // a series too
  ok(
    (df["score"] as unknown as Record<symbol, () => Record<string, string>>)[DISPLAY]()["text/html"].includes(
      "50 values",
    ),
  );
  // a caption can be set on a derived frame
  ok(frameHtml(withCaption(top, "the four most balanced")).includes("the four most balanced"));
});

Deno.test("an empty frame keeps its columns; cells are formatted for people", async () => {
  const empty = await toFrame([], ["sp", "mbi"]);
  assertEquals(empty.shape, [0, 2]);
  assertEquals(empty.columns, ["sp", "mbi"]);
  // shown as its caption and shape alone: no table of headers over nothing
  const shown = frameHtml(withCaption(empty, "none yet"));
  ok(!shown.includes("<table") && shown.includes("none yet") && shown.includes("0 rows × 2 columns"), shown);
  assertEquals(formatCell(125000), "125,000");
  assertEquals(formatCell(518), "518");
  assertEquals([formatCell(1280), formatCell(3000), formatCell(999)], ["1,280", "3,000", "999"]);
  assertEquals(formatCell(0.61734), "0.6173");
  assertEquals(formatCell(null), "—");
  assertEquals(formatCell(NaN), "—");
  assertEquals(formatCell(["e2e4", "e7e5"]), "e2e4 e7e5");
});

Deno.test("the game list flags a game that repeats an earlier one of its position", () => {
  const game = (sp: number, n: number, moves: string[]): GameRecord => ({
    sp,
    game: n,
    seed: "00",
    result: "1/2-1/2",
    termination: "adjudicated-draw" as GameRecord["termination"],
    plies: moves.length,
    moves,
    opening: { index: n - 1, plies: 1 },
    info: moves.map((m, i) => ({ uci: m, san: m.toUpperCase(), score: null, depth: null, opening: i === 0 })),
    wall_ms: 0,
    search_ms: 0,
  });
  const rows = gameRows([game(1, 2, ["a", "b"]), game(1, 1, ["a", "b"]), game(2, 1, ["a", "b"]), game(1, 3, ["c"])]);
  assertEquals(rows.map((r) => [r.sp, r.game, r.distinct, r.opening]), [
    [1, 1, true, "A"],
    [1, 2, false, "A"],
    [1, 3, true, "C"],
    [2, 1, true, "A"],
  ]);
});

Deno.test("rank agreement: the signed values' Spearman is a column only where it differs from the edges'", async () => {
  const row = (other: string, edge: number, value: number) => ({
    other,
    other_limit: { nodes: 500_000 },
    common: 960,
    spearman_eval: value,
    pearson_eval: value - 0.04,
    spearman_edge: edge,
    rank_shift: { median: 1, p90: 2, max: 3 },
    mbi_shift: { n: 960, median: 15, p90: 40, max: 90, share_over_10: 0.61 },
  });
  const same = await rankAgreementFrame([row("a", 0.6084, 0.6084)], "quick");
  ok(!same.columns.includes("spearman_values"), same.columns.join(", "));
  ok(frameHtml(same).includes("equals that of the edges in every row"));
  assertEquals(records(same)[0].budget, "500,000 nodes");
  const differs = await rankAgreementFrame([row("a", 0.6084, 0.6084), row("b", 0.5, 0.55)], "quick");
  ok(differs.columns.includes("spearman_values"), differs.columns.join(", "));
  // by budget, smallest first, whatever the folders' names say
  const budgets = [["quick~eval2000000", 2_000_000], ["quick~eval500000", 500_000], ["quick", 125_000]] as const;
  const sorted = await rankAgreementFrame(
    budgets.map(([f, n]) => ({ ...row(f, 0.7, 0.7), other_limit: { nodes: n } })),
  );
  assertEquals(records(sorted).map((r) => r.other), ["quick", "quick~eval500000", "quick~eval2000000"]);
});

Deno.test("showColumns: the table shows the chosen columns and names the others; long text keeps a readable width", async () => {
  const rows = [{
    sp: 1,
    setup: "RNBQKBNR",
    score: 0.5,
    terminations: "adjudicated draw 3; checkmate 2; resignation 3",
  }];
  const df = await toFrame(rows, ["sp", "setup", "score", "terminations"]);
  const whole = frameHtml(df);
  ok(/min-width:2\d?em[^>]*>adjudicated draw 3/.test(whole), whole);
  ok(whole.includes('white-space:nowrap">RNBQKBNR'), whole);
  const html = frameHtml(showColumns(df, ["sp", "score"]));
  const { document } = parseHTML(`<html><body>${html}</body></html>`);
  assertEquals([...document.querySelectorAll("thead th")].map((t) => t.textContent), ["row", "sp", "score"]);
  ok(html.includes("1 row × 4 columns (2 shown; also in the frame: setup, terminations)"), html);
  assertEquals(df.columns, ["sp", "setup", "score", "terminations"]); // the frame keeps every column
});

Deno.test("an index that repeats a shown column is not shown again; text too long for a cell is cut, whole in the frame", async () => {
  const set = Array.from({ length: 50 }, (_, i) => `line ${i}: e4 e5 Nf3 Nc6`).join(" | ");
  const df = await toFrame([{ sp: 0, set }, { sp: 1, set: "short" }], ["sp", "set"]);
  const html = frameHtml(df);
  const { document } = parseHTML(`<html><body>${html}</body></html>`);
  assertEquals([...document.querySelectorAll("thead th")].map((t) => t.textContent), ["sp", "set"]);
  assertEquals(document.querySelectorAll("tbody th").length, 0);
  const cell = document.querySelectorAll("tbody td")[1].textContent!;
  assertEquals(cell.length, 160);
  ok(cell.endsWith("…") && set.startsWith(cell.slice(0, 159)), cell);
  ok(html.includes("text longer than 160 characters is cut here, whole in the frame"), html);
  assertEquals(records<{ set: string }>(df)[0].set, set); // the frame keeps it whole
  // a frame whose text fits says nothing of cutting
  ok(!frameHtml(await toFrame([{ sp: 1, set: "short" }], ["sp", "set"])).includes("is cut here"));
});
