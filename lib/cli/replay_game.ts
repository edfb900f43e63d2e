/**
 * `deno task replay-game --sp 518 --game 7 [--profile P] [--engine ID|PATH]`:
 * replays a recorded game from its seed and checks it is identical.
 *
 * @module
 */

import { resolveEngine } from "../engine/registry.ts";
import { replayGame } from "../stages/selfplay/stage.ts";
import { type CliSpec, parseCli, positionArg, positiveInt, runCli, UsageError } from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";
import { selfplayDir } from "../store/results_key.ts";

const USAGE: CliSpec = {
  usage:
    "deno task replay-game --sp SP --game G [--profile P] [--engine ID|PATH] [--dir DIR]\n  replays one recorded self-play game from its seed and compares",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      sp: { type: "string" },
      game: { type: "string" },
      profile: { type: "string" },
      engine: { type: "string" },
      dir: { type: "string" },
    }, USAGE);
    if (!values.sp || !values.game) {
      throw new UsageError("give --sp and --game (1-based game index)");
    }
    const sp = positionArg(values.sp).sp;
    const game = positiveInt("game", values.game)!;
    const r = await replayGame(
      values.dir ?? selfplayDir(profileAndEngine(values.profile, {}, values.engine, { requireBinary: false }).profile),
      sp,
      game,
      values.engine ? resolveEngine(values.engine) : undefined,
    );
    console.log(`SP ${sp} game ${game} seed ${r.recorded.seed}`);
    console.log(
      `recorded: ${r.recorded.result} (${r.recorded.termination}), ${r.recorded.plies} plies`,
    );
    console.log(
      `replayed: ${r.replayed.result} (${r.replayed.termination}), ${r.replayed.plies} plies`,
    );
    if (r.identical) {
      console.log("IDENTICAL: every move, the result and the termination");
      return 0;
    }
    console.log(
      `DIFFERENT from ply ${r.firstDifference + 1}: recorded ${r.recorded.moves[r.firstDifference]}, replayed ${
        r.replayed.moves[r.firstDifference]
      }`,
    );
    return 1;
  });
}
