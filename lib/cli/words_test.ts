import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { repoPath } from "../core/mod.ts";
import { countWords, visibleText } from "../report/mod.ts";
import { documents } from "./docs_links.ts";
import { PAGES, wordCounts } from "./words.ts";

/** The most words a sentence people read should have (the measure of a short sentence). */
const SENTENCE_WORDS = 40;

/**
 * The sentences of a text longer than `max` words (counted as {@link countWords} counts). Markdown: fenced code, table
 * rows and headings are left out, a paragraph's (or list item's) lines joined and a link read as its text; each line of
 * a page's visible text is a block of its own. A sentence ends at `.`, `!` or `?` before a space and a capital, a
 * digit, a quote, a bracket or a code span (so "0.52" and "e.g. the" inside a sentence do not end it).
 */
function longSentences(text: string, opts: { markdown?: boolean; max?: number } = {}): string[] {
  const max = opts.max ?? SENTENCE_WORDS;
  const blocks = opts.markdown
    ? text.replace(/^```[\s\S]*?^```/gm, "").split(/\n\s*\n|\n(?=\s*(?:[-*]|\d+\.)\s)/).map((b) =>
      b.split("\n").filter((l) => !/^\s*(\||#)/.test(l)).join(" ").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    )
    : text.split("\n");
  return blocks.flatMap((b) => b.split(/(?<=[.!?][*_"”]*)\s+(?=[A-Z0-9"“(`*[])/))
    .map((s) => s.trim().replace(/^[-*]\s+/, ""))
    .filter((s) => countWords(s) > max);
}

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

Deno.test("long sentences: over the limit only, Markdown's code, tables and headings left out, numbers and abbreviations kept whole", () => {
  const long = "Then " + Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ") + ".";
  const md = [
    "# A heading with many words " + "x ".repeat(50),
    "",
    "Short one. Its value is 0.52, e.g. the median. " + long,
    "",
    "| " + "cell ".repeat(60) + "|",
    "",
    "```sh",
    "deno task " + "arg ".repeat(60),
    "```",
    "",
    "- **A list item.** Then 50 games here, " + "y ".repeat(10) + "done.",
  ].join("\n");
  assertEquals(longSentences(md, { markdown: true }), [long]);
  assertEquals(longSentences("Short. " + long.replace(/\.$/, "!") + " 12 more words here."), [
    long.replace(/\.$/, "!"),
  ]);
  assertEquals(longSentences(long, { max: 41 }), []);
});
