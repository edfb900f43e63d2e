/**
 * `deno task replay-game --sp 518 --game 7 [--profile P] [--engine ID|PATH]`:
 * replays a recorded game from its seed and checks it is identical.
 *
 * @module
 */

import { resolveEngine } from "../engine/mod.ts";
import { replayGame } from "../selfplay/mod.ts";
import { command, runCommand, whole } from "./command.ts";
import { ENGINE, POSITION, PROFILE, resultsProfile, SELFPLAY_DIR } from "./options.ts";
import { selfplayDir } from "../store/mod.ts";

/** The declaration of `deno task replay-game`. */
export const COMMAND = command({
  name: "replay-game",
  description: "replays one recorded self-play game from its seed and checks it is identical",
  details: ["exit 0 when identical, 1 when it differs"],
  options: {
    sp: POSITION,
    game: whole("G", "the game's 1-based index among the position's games", { required: true }),
    profile: PROFILE,
    engine: { ...ENGINE, defaultText: "the engine the games record" },
    dir: SELFPLAY_DIR,
  },
});

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const sp = values.sp.sp;
    const game = values.game;
    const r = await replayGame(
      values.dir ?? selfplayDir(resultsProfile(values)),
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
