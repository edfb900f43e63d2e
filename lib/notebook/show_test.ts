import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { parseHTML } from "linkedom";
import { shower } from "./show.ts";
import { toFrame, withCaption } from "./frames.ts";

const DISPLAY = Symbol.for("Jupyter.display");
const htmlOf = (d: unknown) => (d as Record<symbol, () => Record<string, string>>)[DISPLAY]()["text/html"];
const facts = { profile: "quick", engine: "Stockfish 17.1", evalLimit: { nodes: 8_000_000 } };

Deno.test("show: a filtered frame is shown whole under its title with its own n, engine and budget", async () => {
  const rows = Array.from({ length: 960 }, (_, i) => ({ sp: i, mbi: i % 101 }));
  const all = withCaption(await toFrame(rows, ["sp", "mbi"]), "n = 960 positions");
  const high = all.query(all["mbi"].gt(30));
  const n = rows.filter((r) => r.mbi > 30).length;
  const show = shower(facts);
  const { document } = parseHTML(`<html><body>${htmlOf(show(high, "MBI above 30"))}</body></html>`);
  const caption = document.querySelector("figcaption")!.textContent!;
  ok(caption.startsWith("MBI above 30 — Stockfish 17.1, 8,000,000 nodes per position"), caption);
  ok(caption.endsWith(`n = ${n} positions`), caption);
  assertEquals(document.querySelectorAll("tbody tr").length, n); // every row, no gap
  ok(!caption.includes("960"));
});

Deno.test("show: a chosen number of rows, the rest counted; a unit; without facts only n; a bad count is refused", async () => {
  const df = await toFrame(Array.from({ length: 30 }, (_, i) => ({ game: i + 1, plies: 40 + i })), ["game", "plies"]);
  const html = htmlOf(shower()(df, "Games", { rows: 5, unit: "games" }));
  const { document } = parseHTML(`<html><body>${html}</body></html>`);
  assertEquals(document.querySelector("figcaption")!.textContent, "Games — n = 30 games");
  const body = [...document.querySelectorAll("tbody tr")];
  assertEquals(body.length, 6);
  ok(body[5].textContent!.includes("25 more rows"), body[5].textContent!);
  throws(() => shower()(df, "Games", { rows: -1 }), /rows must be a whole number ≥ 0, not -1/);
});
