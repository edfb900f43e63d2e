import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { repoPath } from "../core/mod.ts";
import { whatSentence } from "./landing.ts";
import { extremes, listsSentence } from "./landing_answer.ts";
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

Deno.test("the lists never cut a tie, and say where their positions stood at the budget below", () => {
  const pos = (sp: number, edge: number, mbi: number) => ({ sp, setup: "RNBQKBNR", eval_cp: edge, edge_cp: edge, mbi });
  const positions = [pos(1, 6, 100), pos(2, 7, 99), pos(3, 7, 99), pos(4, 20, 50), pos(5, 80, 1), pos(6, 85, 0)];
  const { balanced, unbalanced } = extremes({ positions }, 2);
  assertEquals(balanced.map((p) => p.sp), [1, 2, 3]); // SP 3 ties SP 2 at 7 cp
  assertEquals(unbalanced.map((p) => p.sp), [6, 5]);
  const below = { limit: "2,000,000 nodes", mbi: { 1: 97, 2: 90, 3: 99, 4: 40, 5: 3, 6: 0 } };
  const s = listsSentence({ positions, below }, 2)!;
  ok(s.startsWith("At 2,000,000 nodes per position these most balanced had MBI 90–99, the least balanced 0–3"), s);
  assertEquals(listsSentence({ positions, below: null }, 2), null);
  assertEquals(listsSentence({ positions, below }, 10), null); // every position in one list: no second list
});

Deno.test("every link of the committed landing page and dataset pages reaches a file (figures one click from their files)", () => {
  const pages = ["index.html", "quick~eval8000000/site/index.html", "quick/site/index.html"];
  const broken: string[] = [];
  for (const page of pages) {
    const path = repoPath("results", page);
    // the page's own markup: its scripts and embedded data make links of their own at run time
    const html = Deno.readTextFileSync(path).replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
    for (const [, href] of html.matchAll(/href="([^"#?]+)(?:[?#][^"]*)?"/g)) {
      if (/^[a-z]+:/.test(href)) continue; // https://… links leave the site: not files
      const target = join(dirname(path), decodeURIComponent(href));
      try {
        Deno.statSync(target);
      } catch {
        broken.push(`${page}: ${href}`);
      }
    }
  }
  assertEquals(broken, []);
});
