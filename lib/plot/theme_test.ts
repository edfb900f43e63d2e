import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { parseHTML } from "linkedom";
import { Plot } from "./render.ts";
import { captionLine, clipOutliers, figure, FIGURE_MIN_WIDTH, JUPYTER_DISPLAY, textWidth, wrapText } from "./theme.ts";

Deno.test("figure: title and caption are SVG text inside one standalone SVG, and it displays as text/html", () => {
  const rows = [{ x: 1, y: 2 }, { x: 2, y: 3 }, { x: 3, y: 5 }];
  const caption = "quick profile · Stockfish 17.1 · 125,000 nodes per position · n = 3 positions";
  const f = figure({
    title: "A title & more",
    caption: [caption, null, "Second sentence."],
    marks: [Plot.dot(rows, { x: "x", y: "y" })],
  });
  ok(f.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), f.svg.slice(0, 80));
  const { document } = parseHTML(`<html><body>${f.svg}</body></html>`);
  const outer = document.querySelector("svg")!;
  const texts = [...outer.children].filter((c) => c.tagName.toLowerCase() === "text").map((t) => t.textContent);
  assertEquals(texts[0], "A title & more");
  ok(texts.join(" ").includes("125,000 nodes per position"), texts.join(" | "));
  ok(texts.join(" ").includes("Second sentence."));
  assertEquals(f.caption, [caption, "Second sentence."]);
  // the plot itself is nested below the title, and the outer height holds all three
  const inner = outer.querySelector("svg")!;
  ok(Number(inner.getAttribute("y")) > 0);
  ok(Number(outer.getAttribute("height")) > Number(inner.getAttribute("height")) + Number(inner.getAttribute("y")));
  assertEquals(outer.querySelector("title")!.textContent, "A title & more");
  const bundle = f[JUPYTER_DISPLAY]();
  // shown as the same SVG, never drawn narrower than FIGURE_MIN_WIDTH (the box scrolls instead)
  ok(bundle["text/html"].includes(f.svg.replace("<svg ", `<svg style="min-width:${FIGURE_MIN_WIDTH}px" `)));
  ok(bundle["text/html"].includes("overflow-x:auto"));
  const narrow = figure({ title: "narrow", caption: "n = 3", width: 300, marks: [Plot.dot(rows, { x: "x", y: "y" })] });
  ok(narrow.html.includes('<svg style="min-width:300px" '), "a figure narrower than the floor keeps its own width");
  ok(!("image/svg+xml" in bundle));
});

Deno.test("wrapText keeps every word and no line exceeds the width by the estimate", () => {
  const text = "one two three four five six seven eight nine ten eleven twelve";
  const lines = wrapText(text, 100, 10);
  assertEquals(lines.join(" "), text);
  ok(lines.length > 1 && lines.every((l) => textWidth(l, 10) <= 100), lines.join("|"));
});

Deno.test("wrapText breaks a results key too wide for a line before its tags (notebook 05's histograms at 380 px)", () => {
  const caption = "quick~eval8000000~pos60~games50~move30000 profile · Stockfish 17.1 · 8,000,000 nodes per position";
  const lines = wrapText(caption, 200, 11);
  ok(lines.every((l) => textWidth(l, 11) <= 200), lines.join("|"));
  ok(lines.some((l) => l.startsWith("~")), "broken before a tilde: " + lines.join("|"));
  assertEquals(lines.join(" ").replace(/ ~/g, "~"), caption, "nothing lost, no space added inside the key");
  // at 380 px the line holding the key ends before "Stockfish" would overflow (it was clipped at "Stockfis")
  ok(wrapText(caption, 380, 11).every((l) => textWidth(l, 11) <= 380));
  // a word without tags still too wide is broken between characters
  assertEquals(wrapText("x".repeat(60), 100, 10).join(""), "x".repeat(60));
});

Deno.test("textWidth follows DejaVu Sans: tildes and capitals run wide, i and l narrow; bold is wider", () => {
  // measured in Debian's chromium (getComputedTextLength, system-ui → DejaVu Sans): 587.2 px at 11 px
  const w = textWidth(
    "quick~eval8000000~pos60~games50~move30000 profile · Stockfish 17.1 · 8,000,000 nodes per position",
    11,
  );
  ok(Math.abs(w - 587.2) < 6, String(w));
  ok(textWidth("~~~~", 10) > textWidth("iiii", 10) * 2);
  ok(textWidth("Title", 14, true) > textWidth("Title", 14));
});

Deno.test("a figure's title wraps before it overflows: the ladder scatter titles of notebook 02 at 360 px", () => {
  const f = figure({
    title: "Rank of the edge: 2,000,000 nodes (x) against 8,000,000 nodes (y)",
    width: 360,
    caption: "n = 960",
    marks: [],
  });
  const lines = [...f.svg.matchAll(/<text[^>]*font-weight="600"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  ok(lines.length >= 2, lines.join("|"));
  ok(lines.every((l) => textWidth(l, 14, true) <= 360), lines.join("|"));
});

Deno.test("clipOutliers: clips at Q3 + 3 IQR, names what lies beyond, keeps 0 in the domain", () => {
  const rows = [...Array.from({ length: 20 }, (_, i) => ({ sp: i, v: 10 + i })), { sp: 258, v: 203 }];
  const c = clipOutliers(rows, (r) => r.v, { label: (r) => `SP ${r.sp} (+${r.v} cp)`, unit: "cp", include: [0] });
  // quartiles of 10..29 and 203 (type 7): Q1 = 15, Q3 = 25, far fence 55
  assertEquals(c.domain, [0, 55]);
  assertEquals(c.beyond.map((r) => r.sp), [258]);
  assertEquals(c.shown.length, 20);
  ok(c.note?.includes("SP 258 (+203 cp)"), c.note ?? "");
  // the note prints the fences themselves (Q1 − 3·IQR = −15 lies below the data's minimum 10), then the axis drawn
  assertEquals(c.fences, [-15, 55]);
  ok(c.note?.includes("Q1 − 3·IQR = −15 and Q3 + 3·IQR = 55 cp (axis 0 .. 55 cp)"), c.note ?? "");
  // nothing beyond: the domain is the data's range and there is no note
  const tight = clipOutliers(rows.slice(0, 20), (r) => r.v);
  assertEquals(tight.domain, [10, 29]);
  assertEquals(tight.note, null);
});

Deno.test("captionLine says profile, engine, budgets and n", () => {
  assertEquals(
    captionLine({ profile: "quick", engine: "Stockfish 17.1", evalLimit: { nodes: 125_000 } }, 960),
    "Stockfish 17.1, 125,000 nodes per position · n = 960 positions",
  );
  assertEquals(
    captionLine(
      {
        profile: "ci",
        evalLimit: { depth: 8 },
        selfplay: { positions: 6, games: 4, nodesPerMove: 1000 },
      },
      24,
      "games",
    ),
    "depth 8 per position · self-play 6 × 4 games at 1,000 nodes/move · n = 24 games",
  );
});
