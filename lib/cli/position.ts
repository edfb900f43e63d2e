/**
 * `deno task position`: SP, back rank and FEN of a start position.
 *
 * @module
 */

import { command, runCommand } from "./command.ts";
import { JSON_OUTPUT, POSITION_WORDS, positionWords } from "./options.ts";

/** The declaration of `deno task position`. */
export const COMMAND = command({
  name: "position",
  description: "SP, back rank and Shredder-FEN of a start position",
  positionals: POSITION_WORDS,
  options: { json: JSON_OUTPUT },
});

await runCommand(import.meta, COMMAND, ({ values, positionals }) => {
  const p = positionWords(positionals);
  console.log(values.json ? JSON.stringify(p) : `SP ${p.sp}\nsetup ${p.setup}\nFEN ${p.fen}`);
});
