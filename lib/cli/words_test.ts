import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { repoPath } from "../core/mod.ts";
import { countWords, longSentences, visibleText } from "../report/mod.ts";
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

Deno.test("no sentence over 40 words in the README, docs/validation.md and the landing page's visible text", () => {
  const found: string[] = [];
  for (const file of ["README.md", "docs/validation.md"]) {
    for (const s of longSentences(Deno.readTextFileSync(repoPath(file)), { markdown: true })) {
      found.push(`${file}: ${s}`);
    }
  }
  const landing = visibleText(Deno.readTextFileSync(repoPath("results", "index.html"))).text;
  for (const s of longSentences(landing)) found.push(`results/index.html: ${s}`);
  assertEquals(found, []);
});
