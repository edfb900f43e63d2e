/**
 * HTML escaped by default: the one escaper of the project ({@link escapeHtml},
 * also for SVG and XML text) and the tagged template {@link markup}, which
 * escapes every interpolated value unless it is markup already — the result
 * of another `markup` template or of an explicit {@link raw}. Arrays are joined
 * with nothing between them, each element escaped unless it is markup.
 * `null`, `undefined` and booleans write nothing (so `${cond && markup`…`}`
 * works); numbers and everything else write `String(value)`, escaped.
 *
 * The tag is `markup`, not `html`: `deno fmt` rewrites the text of templates
 * tagged `html` (or `svg`, `xml`) as HTML, adding line breaks and indentation
 * to what the page shows (denoland/deno#30677; not configurable).
 *
 * Imports nothing, so the page's bundled browser code uses it too.
 *
 * @module
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML, SVG or XML content and quoted attribute values: `& < > " '`. */
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Markup that is written as it is: made only by {@link markup}, {@link raw} and {@link joinHtml}. */
export class Html {
  readonly #markup: string;
  /** Wraps markup as it is (written {@link raw} where it is used). */
  constructor(markup: string) {
    this.#markup = markup;
  }
  /** The markup. */
  toString(): string {
    return this.#markup;
  }
}

/** What a `markup` template interpolates: text (escaped), markup, nothing, or arrays of these. */
export type HtmlValue = Html | string | number | bigint | boolean | null | undefined | readonly HtmlValue[];

/** Trusted markup, written without escaping (a library's SVG, a Markdown renderer's HTML, CSS, a script). */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** One interpolated value as markup. */
function part(v: unknown): string {
  if (v instanceof Html) return v.toString();
  if (v === null || v === undefined || typeof v === "boolean") return "";
  if (Array.isArray(v)) return v.map(part).join("");
  return escapeHtml(v);
}

/** The tagged template: escapes every interpolation that is not {@link Html}; arrays are joined. */
export function markup(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1];
  return new Html(out);
}

/**
 * A long name (a path, a results key, a file name) escaped, with a line-break
 * opportunity after each `/` and before each `~`: it wraps at its parts,
 * never mid-word (pages set `overflow-wrap: break-word`, not `anywhere`).
 */
export function breakableName(name: string): Html {
  return raw(escapeHtml(name).replace(/\//g, "/<wbr>").replace(/~/g, "<wbr>~"));
}

/** Values joined by a separator, each escaped unless it is markup (the separator too). */
export function joinHtml(values: readonly HtmlValue[], separator: HtmlValue = ""): Html {
  return new Html(values.map(part).join(part(separator)));
}

/**
 * A value as JSON for the inside of a `<script type="application/json">`
 * element: `<` written `\u003c`, so no `</script>` in the data can end it.
 */
export function jsonInScript(value: unknown): Html {
  return new Html(JSON.stringify(value).replace(/</g, "\\u003c"));
}

/**
 * Script text for the inside of a `<script>` element: a `<` that would start
 * `</script` or `<!--` is written `\x3C` (the same character in a JavaScript
 * string, template or regular expression), so the script cannot end early.
 */
export function scriptText(js: string): Html {
  return new Html(js.replace(/<(?=\/script|!--)/gi, "\\x3C"));
}
