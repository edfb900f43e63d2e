import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { whatSentence } from "./landing.ts";
import type { LandingData } from "./landing_data.ts";

const best = (negatives: number, min: number) =>
  ({
    best: { limit: "8,000,000 nodes", n: 960, negatives, eval: { min, max: 85 } } as unknown as LandingData["best"],
  }) as Pick<LandingData, "best">;

Deno.test("the landing page's first sentence counts the positions on Black's side instead of claiming every one favours White", () => {
  const none = whatSentence(best(0, 6));
  ok(none.includes("rates all 960 start positions above 0 cp for White (6 .. 85 cp)"), none);
  ok(whatSentence(best(0, 0)).includes("at 0 cp or better for White (0 .. 85 cp)"));
  const two = whatSentence(best(2, -5));
  ok(
    two.includes("958 of the 960 start positions") && two.includes("2 slightly better for Black (down to -5 cp)"),
    two,
  );
  ok(!/every Chess960 start position gives White/.test(two));
  assertEquals(whatSentence({ best: null }).includes("may give White an edge"), true);
});
