/**
 * Markdown text of the dataset card: the workspace's one escaping rule
 * (core/markdown.ts) under the card's short names.
 *
 * @module
 */

export { mdCode as code, mdEscape as md } from "../core/mod.ts";
