import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type Limitation, saidOnce } from "./limitation.ts";

Deno.test("a statement repeated word for word is said once, with the sources of both", () => {
  const l = (id: string, headline: string, sources: string[]): Limitation => ({
    id,
    headline,
    text: `${headline} In full.`,
    figures: {},
    sources,
  });
  const a = l("method-sample:x", "Budget: 156 of 960.", ["evals.jsonl", "sample.json"]);
  const b = l("method-sample:y", "Budget: 156 of 960.", ["evals.jsonl", "sample~y.json"]);
  const c = l("other", "Another.", ["c.json"]);
  assertEquals(saidOnce([a, c, b]), [{ ...a, sources: ["evals.jsonl", "sample.json", "sample~y.json"] }, c]);
  assertEquals(a.sources, ["evals.jsonl", "sample.json"], "the input is left as it was");
  const otherText = { ...b, text: "Said otherwise." };
  assertEquals(saidOnce([a, otherText]).length, 2, "the same headline with another text stays");
});
