import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { countWords } from "../report/mod.ts";
import { PAGES, wordCounts } from "./words.ts";

const ROOT = join(import.meta.dirname!, "..", "..");

Deno.test("deno task words counts the README, every docs page and the pages that exist", () => {
  const counts = wordCounts(ROOT);
  const docs = ["README.md", ...[...Deno.readDirSync(join(ROOT, "docs"))].map((e) => `docs/${e.name}`).sort()];
  assertEquals(counts.slice(0, docs.length).map((c) => c.file), docs);
  const readme = counts.find((c) => c.file === "README.md")!;
  assertEquals(readme.words, countWords(Deno.readTextFileSync(join(ROOT, "README.md"))));
  const pages = counts.slice(docs.length);
  ok(pages.every((p) => PAGES.some((q) => q.file === p.file) && p.words > 0), JSON.stringify(pages));
});
