import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { budgetAxisX, budgetTick } from "./axes.ts";
import { figure } from "./theme.ts";
import { Plot } from "./render.ts";

Deno.test("a budget axis labels every budget once, smallest first, 8M included (a log scale's own format blanks it)", () => {
  assertEquals([budgetTick(125_000), budgetTick(2_000_000), budgetTick(400_000_000)], ["125K", "2M", "400M"]);
  const rows = [{ nodes: 8_000_000, y: 0.7 }, { nodes: 125_000, y: 0.5 }, { nodes: 500_000, y: 0.6 }];
  const svg = figure({
    title: "t",
    caption: "c",
    x: { type: "log" },
    marks: [budgetAxisX([8_000_000, 125_000, 500_000, 8_000_000]), Plot.dot(rows, { x: "nodes", y: "y" })],
  }).svg;
  const axis = svg.slice(svg.indexOf('aria-label="x-axis tick label"'));
  const labels = [...axis.slice(0, axis.indexOf("</g>")).matchAll(/>([^<>]+)<\/text>/g)].map((m) => m[1]);
  assertEquals(labels, ["125K", "500K", "8M"]);
});
