/**
 * `deno task check-games`: checks a self-play games file without an engine (lib/selfplay/check_games.ts says what is
 * checked).
 *
 * @module
 */

import { join } from "node:path";
import { int, MbiError } from "../core/mod.ts";
import { checkGames, openingsPath, readGames, readOpenings } from "../selfplay/mod.ts";
import { displayPath, selfplayDir } from "../store/mod.ts";
import { command, runCommand } from "./command.ts";
import { PROFILE, resultsProfile, SELFPLAY_DIR } from "./options.ts";

/** How many problems are printed (all are counted). */
const SHOWN = 20;

/** The declaration of `deno task check-games`. */
export const COMMAND = command({
  name: "check-games",
  description:
    "checks a self-play games file without an engine: legal moves, true ends, seeds and openings as derived, distinct starts",
  details: [
    "a file still being played is checked as far as it goes (a valid prefix)",
    "exit 0 when every game is sound, 1 when any is not",
  ],
  options: { profile: PROFILE, dir: SELFPLAY_DIR },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const dir = values.dir ?? selfplayDir(resultsProfile(values));
  const path = join(dir, "games.jsonl");
  const content = await readGames(path);
  if (!content) throw new MbiError("stage-input", `no games at ${displayPath(path)}: run deno task selfplay`);
  const sets = await readOpenings(openingsPath(path));
  const t0 = performance.now();
  const r = checkGames(content.header, sets?.records, content.records);
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  const on = `${r.positions} position${r.positions === 1 ? "" : "s"}`;
  const replayed = `${int(r.plies)} moves replayed on the board in ${s} s`;
  console.log(`${displayPath(path)}: ${int(r.games)} of ${int(r.planned)} games on ${on}, ${replayed}`);
  const derived = sets ? "seed and opening line as the design derives them" : "seeds and opening lines not checked";
  console.log(
    `${int(r.sound)} games sound: every move legal, the result and termination the rules and the recorded ` +
      `scores give, ${derived}`,
  );
  const kept = r.distinct_by_position ? "promises none" : "keeps openings distinct by moves only";
  console.log(
    `${int(r.shared_opening_end)} games start after their opening from a position another game of their SP ` +
      `started from (the design ${kept})`,
  );
  for (const p of r.problems.slice(0, SHOWN)) {
    console.log(`  ${p.sp ? `SP ${p.sp}${p.game ? ` game ${p.game}` : ""}` : "the file"}: ${p.problem}`);
  }
  if (r.problems.length > SHOWN) console.log(`  … and ${int(r.problems.length - SHOWN)} more`);
  return r.problems.length ? 1 : 0;
});
