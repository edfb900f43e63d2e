/**
 * Markdown text from values that may hold anything (an engine's name, a file's
 * description): escaping for a table cell or a line, and code spans. One rule
 * for every Markdown file the workspace writes (dataset cards, `mbi.md`).
 *
 * @module
 */

/**
 * Escapes text for a Markdown table cell or line: pipes, angle brackets (so
 * no HTML passes), and tildes (GFM reads `~a~` as strikethrough, and results
 * keys are full of them).
 */
export function mdEscape(text: unknown): string {
  return String(text).replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/~/g, "\\~");
}

/** Text as a Markdown code span (inside one only the pipe of a table needs its escape). */
export function mdCode(text: unknown): string {
  return "`" + String(text).replace(/\|/g, "\\|").replace(/`/g, "'") + "`";
}
