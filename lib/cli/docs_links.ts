/**
 * The documents people read beside the code: README.md and every Markdown page of docs/, which `deno task words` counts
 * and `docs_links_test.ts` checks (every link, path, task and option they name must exist; its header says the rules).
 *
 * @module
 */

import { join } from "node:path";
import { repoPath } from "../core/mod.ts";

/** A document: its path from the repository root (e.g. `docs/ladder.md`), and its Markdown. */
export type Doc = { file: string; text: string };

/** README.md and every Markdown page of docs/, read from `root`. */
export function documents(root = repoPath()): Doc[] {
  const pages = [...Deno.readDirSync(join(root, "docs"))].map((e) => e.name).filter((n) => n.endsWith(".md")).sort();
  const files = ["README.md", ...pages.map((n) => `docs/${n}`)];
  return files.map((file) => ({ file, text: Deno.readTextFileSync(join(root, file)) }));
}
