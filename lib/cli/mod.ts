/**
 * **cli** — the commands behind `deno task …`: each file declares its command
 * once (`command.ts`; the shared options in `options.ts`), from which come its
 * parsing, help, usage errors, task and line in docs/commands.md (`docs.ts`),
 * and calls the layers below; no computation lives here.
 *
 * May import: every layer.
 *
 * @module
 */

export * from "./command.ts";
export * from "./options.ts";
