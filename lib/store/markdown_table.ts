/**
 * The first table of a Markdown document as plain cells: published per-position
 * tables are often Markdown pages (a pipe table whose cells hold links and
 * percentages). marked's lexer reads the table; links are reduced to their
 * text and emphasis marks dropped.
 *
 * @module
 */

import { marked, type Tokens } from "marked";

/** A table's header and rows as plain text. */
export interface PlainTable {
  /** Header cells. */
  header: string[];
  /** Body rows. */
  rows: string[][];
}

/** A cell's Markdown as plain text: `[BBQNNRKR](x.md)` → `BBQNNRKR`, `**x**` → `x`. */
export function plainCell(markdown: string): string {
  return markdown.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/(\*\*|__|`)/g, "").trim();
}

/** The document's first pipe table, or null when it has none. */
export function firstMarkdownTable(markdown: string): PlainTable | null {
  const t = marked.lexer(markdown).find((x) => x.type === "table") as Tokens.Table | undefined;
  if (!t) return null;
  return { header: t.header.map((c) => plainCell(c.text)), rows: t.rows.map((r) => r.map((c) => plainCell(c.text))) };
}
