import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { Plot, plotSvg } from "./render.ts";

const line = (ys: number[]) => ({
  marks: [Plot.lineY(ys, { marker: "circle" })],
});

Deno.test("a figure's marker ids do not depend on what the process drew before it", () => {
  const first = plotSvg(line([1, 3, 2])).svg;
  for (let i = 0; i < 3; i++) plotSvg(line([5, 4, i])); // Plot's marker counter moves on
  const again = plotSvg(line([1, 3, 2])).svg;
  ok(/id="plot-marker-[0-9a-f]{8}-1"/.test(first), first.slice(0, 400));
  assertEquals(again, first);
});

Deno.test("two different figures on one page keep distinct marker ids, and each reference its own", () => {
  const a = plotSvg(line([1, 3, 2])).svg, b = plotSvg(line([2, 2, 9])).svg;
  const ids = (svg: string) => [...svg.matchAll(/id="(plot-marker-[^"]+)"/g)].map((m) => m[1]);
  notDeepStrictEqual(ids(a), ids(b));
  for (const svg of [a, b]) {
    for (const m of svg.matchAll(/url\(#(plot-marker-[^)]+)\)/g)) ok(ids(svg).includes(m[1]), m[1]);
  }
});
