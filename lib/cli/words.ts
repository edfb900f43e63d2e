/**
 * `deno task words [--json]`: how many words a reader meets — README.md and
 * each page of docs/ (counted as `wc -w` counts them), the landing page
 * `results/index.html` and the best index's page up to its positions table
 * (their visible text: scripts, styles, JSON data and figures left out; the
 * text in closed `<details>` counted apart).
 *
 * @module
 */

import { join } from "node:path";
import { repoPath } from "../core/mod.ts";
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

/** One counted text. */
export interface WordCount {
  /** The file, from the repository root. */
  file: string;
  /** What was counted in it. */
  part: string;
  /** Its words. */
  words: number;
  /** Words in closed `<details>` beside them (pages only). */
  folded?: number;
}

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

if (import.meta.main) {
  await runCommand(COMMAND, ({ values }) => {
    const counts = wordCounts();
    if (values.json) {
      console.log(JSON.stringify(counts));
      return 0;
    }
    const n = (x: number) => x.toLocaleString("en-US").padStart(7);
    for (const c of counts) {
      const folded = c.folded ? `, and ${c.folded.toLocaleString("en-US")} in closed <details>` : "";
      console.log(`${n(c.words)}  ${c.file}: ${c.part}${folded}`);
    }
    return 0;
  });
}
