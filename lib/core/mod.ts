/**
 * **core** — the foundation every layer stands on: where the repository is
 * (`paths.ts`), SHA-256 of files and text (`hash.ts`), the domain errors and
 * their closed set of codes (`errors.ts`), the structural comparison of
 * values (`compare.ts`), records declared once as schemas with their one-line
 * check (`records.ts`), CSV text (`csv.ts`) and HTML escaped by default
 * (`html.ts`: the one escaper and the `markup` tagged template), numbers as
 * readers see them (`format.ts`), and temporary files made exclusively under
 * unpredictable names (`temp_files.ts`).
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
