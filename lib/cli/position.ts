/**
 * `deno task position <SP | back rank | FEN> [--json]`: prints SP, back rank and FEN.
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

if (import.meta.main) {
  await runCommand(COMMAND, ({ values, positionals }) => {
    const p = positionWords(positionals);
    if (values.json) console.log(JSON.stringify(p));
    else console.log(`SP ${p.sp}\nsetup ${p.setup}\nFEN ${p.fen}`);
    return 0;
  });
}
