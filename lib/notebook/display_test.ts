import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { markup } from "../core/mod.ts";
import { PALETTE } from "../plot/mod.ts";
import { bannerBox, html, htmlTable, stack } from "./display.ts";

Deno.test("stack shows several outputs as one, in order, with a plain-text fallback", () => {
  const s = stack(html("<div>banner</div>", "banner"), "<p>Evaluations: <b>quick</b></p>");
  assertEquals(s[Symbol.for("Jupyter.display")](), {
    "text/html": "<div>banner</div><p>Evaluations: <b>quick</b></p>",
    "text/plain": "banner\nEvaluations: quick",
  });
});

Deno.test("htmlTable escapes headers, caption and text cells; a markup cell is written as it is; null shows nothing", () => {
  const t = String(htmlTable([{ a: "<b>", n: 3, m: markup`<i>${"x&y"}</i>`, z: null }], [
    { header: "a & b", value: (r) => r.a },
    { header: "n", value: (r) => r.n, numeric: true },
    { header: "m", value: (r) => r.m },
    { header: "z", value: (r) => r.z },
  ], `O'Neil's "table"`));
  assertEquals(
    t,
    `<table><caption>O&#39;Neil&#39;s &quot;table&quot;</caption><thead><tr><th style="text-align:left">a &amp; b</th>` +
      `<th style="text-align:right">n</th><th style="text-align:left">m</th><th style="text-align:left">z</th></tr>` +
      `</thead><tbody>\n<tr><td style="text-align:left">&lt;b&gt;</td><td style="text-align:right">3</td>` +
      `<td style="text-align:left"><i>x&amp;y</i></td><td style="text-align:left"></td></tr>\n</tbody></table>`,
  );
});

Deno.test("a banner: the method's budgets and not the method's results in the palette's colours, its content as given", () => {
  const method = String(bannerBox(true, markup`<b>ok</b>`));
  const other = String(bannerBox(false, markup`${"<not>"}`));
  ok(
    method.includes(PALETTE.published) && method.includes(PALETTE.publishedTint) && method.endsWith("<b>ok</b></div>"),
  );
  ok(other.includes(PALETTE.accent) && other.endsWith("&lt;not&gt;</div>"), other);
});
