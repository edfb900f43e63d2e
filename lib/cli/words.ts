/**
 * `deno task words`: how many words a reader meets — README.md and each page of docs/ (as `wc -w` counts them), and the
 * visible text of the landing page and of the best index's page up to its positions table (scripts, styles, JSON data
 * and figures left out; text in closed `<details>` counted apart).
 *
 * @module
 */

import { join } from "node:path";
import { int, repoPath } from "../core/mod.ts";
import { countWords, visibleText } from "../report/mod.ts";
import { command, runCommand } from "./command.ts";
import { JSON_OUTPUT } from "./options.ts";
import { documents } from "./docs_links.ts";

/** The declaration of `deno task words`. */
export const COMMAND = command({
  name: "words",
  description:
    "word counts of README.md, each docs/ page, the landing page and the 8M dataset page's prose before its table",
  options: { json: JSON_OUTPUT },
});

/** One counted text: its file from the repository root, what was counted, its words and those in closed `<details>`. */
export type WordCount = { file: string; part: string; words: number; folded?: number };

/** The pages counted, with the element their prose stops at (none: the whole page). */
export const PAGES: readonly { file: string; before?: string }[] = [
  { file: "results/index.html" },
  // the landing page's answer, above the sections a reader can skip
  { file: "results/index.html", before: "evidence-h" },
  { file: "results/quick~eval8000000/site/index.html", before: "positions" },
];

/** The word counts of the README, the docs pages (sorted) and the pages that exist. */
export function wordCounts(root = repoPath()): WordCount[] {
  const markdown = documents(root).map(({ file, text }) => ({
    file,
    part: "the file (wc -w)",
    words: countWords(text),
  }));
  const pages = PAGES.flatMap(({ file, before }) => {
    let html: string;
    try {
      html = Deno.readTextFileSync(join(root, file));
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return [];
      throw e;
    }
    const seen = visibleText(html, { before });
    const part = before === undefined
      ? "visible text"
      : seen.found
      ? `visible text before #${before}`
      : `visible text (no #${before}: the whole page)`;
    return [{ file, part, words: countWords(seen.text), folded: countWords(seen.folded) }];
  });
  return [...markdown, ...pages];
}

await runCommand(import.meta, COMMAND, ({ values }) => {
  const counts = wordCounts();
  if (values.json) {
    console.log(JSON.stringify(counts));
    return 0;
  }
  for (const c of counts) {
    const folded = c.folded ? `, and ${int(c.folded)} in closed <details>` : "";
    console.log(`${int(c.words).padStart(7)}  ${c.file}: ${c.part}${folded}`);
  }
});
