/**
 * How many words people read: a text counted as `wc -w` counts it, and the visible text of an HTML page — scripts,
 * styles, JSON data, figures and hidden elements left out — whole or up to an element (e.g. the prose of a dataset page
 * before its positions table). `deno task words` prints these counts for the README, the docs and the pages.
 *
 * @module
 */

import { parseHTML } from "linkedom";

/**
 * What separates words for `wc -w` (GNU coreutils 9.1) in a UTF-8 locale: ASCII whitespace, the Unicode spaces, and
 * also the non-breaking ones (U+00A0, U+2007, U+202F) and the word joiner U+2060; not the line and paragraph separators
 * U+2028/U+2029 (checked against `wc` by the test).
 */
const WC_SPACE = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u202f\u205f\u2060\u3000]+/;

/** The number of words of a text as `wc -w` counts them: the runs of characters between whitespace. */
export function countWords(text: string): number {
  return text.split(WC_SPACE).filter((w) => w.length > 0).length;
}

/** Elements whose content is no text a reader sees: code, data, figures, templates. */
const UNSEEN = new Set("head script style template noscript svg math canvas iframe object".split(" "));

/** Elements inside a line of text: their words join their neighbours' with no space between (`<b>5</b>%`). */
const INLINE = new Set(
  "a abbr b bdi bdo cite code data del dfn em i ins kbd label mark q s samp small span strong sub sup time u var wbr"
    .split(" "),
);

/** What {@link visibleText} reads of a page. */
export interface VisibleText {
  /** The text a reader sees, element boundaries as line breaks. */
  text: string;
  /** The text inside closed `<details>` (shown only when a reader opens them), beside `text`. */
  folded: string;
  /** Whether the element named by `before` was found (always true without `before`). */
  found: boolean;
}

/**
 * The visible text of an HTML page: the text of its body in document order, without scripts, styles, JSON data, SVG
 * figures, templates and elements marked `hidden`; the content of a closed `<details>` (but its `<summary>`) goes to
 * `folded`. With `before`, reading stops at the element of that id.
 */
export function visibleText(html: string, options: { before?: string } = {}): VisibleText {
  const { document } = parseHTML(html);
  const out = { text: [] as string[], folded: [] as string[] };
  let stopped = false;
  const walk = (node: Node, into: string[]) => {
    if (stopped) return;
    if (node.nodeType === 3) {
      into.push(node.textContent ?? "");
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const name = node.nodeName.toLowerCase();
    if (options.before !== undefined && element.getAttribute("id") === options.before) {
      stopped = true;
      return;
    }
    if (UNSEEN.has(name) || element.hasAttribute("hidden")) return;
    const boundary = !INLINE.has(name);
    if (boundary) into.push("\n");
    const closed = name === "details" && !element.hasAttribute("open");
    for (const child of Array.from(node.childNodes)) {
      const folds = closed && child.nodeName.toLowerCase() !== "summary";
      walk(child, folds ? out.folded : into);
    }
    if (boundary) into.push("\n");
  };
  walk(document.documentElement as unknown as Node, out.text);
  return { text: out.text.join(""), folded: out.folded.join(""), found: options.before === undefined || stopped };
}
