/**
 * `deno task position <SP | back rank | FEN> [--json]`: prints SP, back rank and FEN.
 *
 * @module
 */

import { type CliSpec, parseCli, positionArg, runCli, UsageError } from "./common.ts";

const USAGE: CliSpec = {
  usage: "deno task position SP|BACKRANK|FEN [--json]\n  SP, back rank and Shredder-FEN of a start position",
  positionals: "any",
};

if (import.meta.main) {
  await runCli(() => {
    const { values, positionals } = parseCli({ json: { type: "boolean" } }, USAGE);
    if (positionals.length === 0) {
      throw new UsageError(
        "missing position: give an SP number 0..959, a back rank such as RNBQKBNR, or a FEN",
      );
    }
    const p = positionArg(positionals.join(" "));
    if (values.json) console.log(JSON.stringify(p));
    else console.log(`SP ${p.sp}\nsetup ${p.setup}\nFEN ${p.fen}`);
    return Promise.resolve(0);
  });
}
