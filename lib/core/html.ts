/**
 * HTML escaped by default: the one escaper ({@link escapeHtml}, also for SVG and XML) and the tagged template
 * {@link markup}, which escapes every value unless it is markup already; `null`, `undefined` and booleans write nothing
 * (so `${cond && markup`…`}` works). The tag is not `html`: `deno fmt` reformats templates tagged `html`, `svg` or
 * `xml`, changing what the page shows (denoland/deno#30677). Imports nothing, so bundled browser code uses it too.
 *
 * @module
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML, SVG or XML content and quoted attribute values: `& < > " '`. */
export const escapeHtml = (text: unknown): string => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);

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
export const raw = (markup: string): Html => new Html(markup);

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

/** A long name (a path, a results key) escaped, with a break after each `/` and before each `~`, never mid-word. */
export const breakableName = (name: string): Html =>
  raw(escapeHtml(name).replace(/\//g, "/<wbr>").replace(/~/g, "<wbr>~"));

/** Values joined by a separator, each escaped unless it is markup (the separator too). */
export const joinHtml = (values: readonly HtmlValue[], separator: HtmlValue = ""): Html =>
  new Html(values.map(part).join(part(separator)));

/** A value as JSON inside a `<script type="application/json">`: `<` written `\u003c`, so no `</script>` ends it. */
export const jsonInScript = (value: unknown): Html => new Html(JSON.stringify(value).replace(/</g, "\\u003c"));

/** Script text inside a `<script>`: a `<` starting `</script` or `<!--` is written `\x3C` (the same in JavaScript). */
export const scriptText = (js: string): Html => new Html(js.replace(/<(?=\/script|!--)/gi, "\\x3C"));
