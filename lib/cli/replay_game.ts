/**
 * `deno task replay-game`: replays a recorded game from its seed and checks it is identical.
 *
 * @module
 */

import { resolveEngine } from "../engine/mod.ts";
import { replayGame } from "../selfplay/mod.ts";
import { selfplayDir } from "../store/mod.ts";
import { command, runCommand, whole } from "./command.ts";
import { ENGINE, POSITION, PROFILE, resultsProfile, SELFPLAY_DIR } from "./options.ts";

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

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const sp = values.sp.sp, game = values.game;
  const dir = values.dir ?? selfplayDir(resultsProfile(values));
  const r = await replayGame(dir, sp, game, values.engine ? resolveEngine(values.engine) : undefined);
  console.log(`SP ${sp} game ${game} seed ${r.recorded.seed}`);
  console.log(`recorded: ${r.recorded.result} (${r.recorded.termination}), ${r.recorded.plies} plies`);
  console.log(`replayed: ${r.replayed.result} (${r.replayed.termination}), ${r.replayed.plies} plies`);
  if (r.identical) {
    console.log("IDENTICAL: every move, the result and the termination");
    return 0;
  }
  const i = r.firstDifference;
  console.log(`DIFFERENT from ply ${i + 1}: recorded ${r.recorded.moves[i]}, replayed ${r.replayed.moves[i]}`);
  return 1;
});
