/**
 * Markdown text of the dataset card: escaping for a table cell or a line, and
 * code spans. One rule for every part of the card.
 *
 * @module
 */

/**
 * Escapes text for a Markdown table cell or line: pipes, angle brackets, and
 * tildes (GFM reads `~a~` as strikethrough, and results keys are full of them).
 */
export function md(text: unknown): string {
  return String(text).replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/~/g, "\\~");
}

/** Text as a Markdown code span (inside one only the pipe of a table needs its escape). */
export function code(text: unknown): string {
  return "`" + String(text).replace(/\|/g, "\\|") + "`";
}
