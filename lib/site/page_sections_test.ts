import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { getProfile, resolveDataset } from "../store/mod.ts";
import { cardHtml } from "./page_sections.ts";
import { cardFileHref } from "./site.ts";

Deno.test("the card on the page: a code span naming a file links to it, escaped; other code spans stay as they are", () => {
  const html = String(
    cardHtml("See `a.csv`, `<b>.json` and `deno task x`.", (t) => t.endsWith("csv") ? "../a.csv" : null),
  );
  ok(html.includes('<a href="../a.csv"><code>a.csv</code></a>'), html);
  ok(html.includes("<code>&lt;b&gt;.json</code>") && html.includes("<code>deno task x</code>"), html);
  const odd = String(cardHtml("`x.csv`", () => 'a"b'));
  ok(odd.includes('<a href="a&quot;b">'), odd);
});

Deno.test("a file the card names is found from the repository, the results root or the profile folder, and nothing else is", () => {
  const ds = resolveDataset(getProfile("quick~eval8000000"));
  assertEquals(cardFileHref(ds, "mbi.csv"), "../mbi.csv");
  assertEquals(
    cardFileHref(ds, "selfplay~pos60~games50~move30000/games.jsonl"),
    "../selfplay~pos60~games50~move30000/games.jsonl",
  );
  assertEquals(
    cardFileHref(ds, "results/outcomes/lichess-2020-human/validation/quick~eval8000000.json"),
    "../../outcomes/lichess-2020-human/validation/quick~eval8000000.json",
  );
  assertEquals(cardFileHref(ds, "data/positions960.csv"), "../../../data/positions960.csv");
  for (const text of ["no-such-file.csv", "../quick/mbi.csv", "deno task mbi 518", "quick~eval8000000", "stockfish"]) {
    assertEquals(cardFileHref(ds, text), null, text);
  }
});
