import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { countWords } from "../report/mod.ts";
import { documents } from "./docs_links.ts";
import { PAGES, wordCounts } from "./words.ts";

const ROOT = join(import.meta.dirname!, "..", "..");

Deno.test("deno task words counts the README, every docs page and the pages that exist", () => {
  const counts = wordCounts(ROOT);
  const docs = documents(ROOT);
  assertEquals(counts.slice(0, docs.length).map((c) => c.file), docs.map((d) => d.file));
  const readme = counts.find((c) => c.file === "README.md")!;
  assertEquals(readme.words, countWords(Deno.readTextFileSync(join(ROOT, "README.md"))));
  // the README stays a README (issue 33: at most about 2,000 words)
  ok(readme.words <= 2000, `README.md: ${readme.words} words`);
  const pages = counts.slice(docs.length);
  ok(pages.every((p) => PAGES.some((q) => q.file === p.file) && p.words > 0), JSON.stringify(pages));
});
