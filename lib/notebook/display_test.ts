import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { html, stack } from "./display.ts";

Deno.test("stack shows several outputs as one, in order, with a plain-text fallback", () => {
  const s = stack(html("<div>banner</div>", "banner"), "<p>Evaluations: <b>quick</b></p>");
  assertEquals(s[Symbol.for("Jupyter.display")](), {
    "text/html": "<div>banner</div><p>Evaluations: <b>quick</b></p>",
    "text/plain": "banner\nEvaluations: quick",
  });
});
