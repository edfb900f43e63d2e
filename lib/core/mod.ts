/**
 * **core** — the foundation every layer stands on: where the repository is
 * (`paths.ts`), SHA-256 of files and text (`hash.ts`), and the base of the
 * domain errors with their codes (`errors.ts`).
 *
 * May import: nothing of the project (only Deno and node: built-ins).
 *
 * @module
 */

export * from "./paths.ts";
export * from "./hash.ts";
export * from "./errors.ts";
