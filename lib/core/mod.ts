/**
 * **core** — the foundation every layer stands on: where the repository is
 * (`paths.ts`), SHA-256 of files and text (`hash.ts`), the domain errors and
 * their closed set of codes (`errors.ts`), the structural comparison of
 * values (`compare.ts`), records declared once as schemas with their one-line
 * check (`records.ts`), CSV text (`csv.ts`) and HTML escaped by default
 * (`html.ts`: the one escaper and the `markup` tagged template).
 *
 * May import: nothing of the project (only Deno and node: built-ins, and npm
 * packages).
 *
 * @module
 */

export * from "./paths.ts";
export * from "./hash.ts";
export * from "./errors.ts";
export * from "./html.ts";
export * from "./compare.ts";
export * from "./records.ts";
