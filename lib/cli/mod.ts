/**
 * **cli** — the commands behind `deno task …`: each file parses its flags
 * (`common.ts`: one-line errors, exit codes) and calls one function of the
 * layers below; no computation lives here.
 *
 * May import: every layer.
 *
 * @module
 */

export * from "./common.ts";
