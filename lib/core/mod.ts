/**
 * **core** — the foundation every layer stands on: repository paths, hashing, domain errors, structural comparison,
 * record schemas, CSV, HTML and Markdown escaping, number formats, shutdown, exclusive temporary files.
 *
 * May import: only Deno and node: built-ins and the npm packages in deno.json.
 *
 * @module
 */

export * from "./compare.ts";
export * from "./csv.ts";
export * from "./errors.ts";
export * from "./format.ts";
export * from "./hash.ts";
export * from "./html.ts";
export * from "./paths.ts";
export * from "./records.ts";
export * from "./shutdown.ts";
export * from "./temp_files.ts";
export * from "./markdown.ts";
