/**
 * **core** — the foundation every layer stands on: where the repository is
 * (`paths.ts`), SHA-256 of files and text (`hash.ts`), the base of the
 * domain errors with their codes (`errors.ts`), and HTML escaped by default
 * (`html.ts`: the one escaper and the `markup` tagged template).
 *
 * May import: nothing of the project (only Deno and node: built-ins).
 *
 * @module
 */

export * from "./paths.ts";
export * from "./hash.ts";
export * from "./errors.ts";
export * from "./html.ts";
