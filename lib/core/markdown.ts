/**
 * Markdown from values that may hold anything (an engine's name): one rule for every Markdown file written here.
 *
 * @module
 */

/** Escapes text for a Markdown cell or line: pipes, `<` (no HTML passes), `~` (GFM strikethrough; keys are full of them). */
export const mdEscape = (text: unknown): string =>
  String(text).replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/~/g, "\\~");

/** Text as a Markdown code span (inside one only the pipe of a table needs its escape). */
export const mdCode = (text: unknown): string => "`" + String(text).replace(/\|/g, "\\|").replace(/`/g, "'") + "`";
