/**
 * **cli** — the commands behind `deno task …`: each file declares its command
 * once (`command.ts`: name, description, options; the shared options in
 * `options.ts`), from which come its parsing, `--help`, one-line usage errors,
 * its task in deno.json and its line in docs/commands.md (`docs.ts`), and calls one
 * function of the layers below (`common.ts`: exit codes); no computation lives
 * here.
 *
 * May import: every layer.
 *
 * @module
 */

export * from "./common.ts";
export * from "./command.ts";
export * from "./options.ts";
