/**
 * `deno task selfplay`: stage 4, resumable. `--table` plays positions of another MBI table; `--out` writes elsewhere.
 *
 * @module
 */

import { formatDuration, profileAndEngine, terminalProgress } from "../runs/mod.ts";
import {
  type OpeningDistinct,
  type PlayGamesSummary,
  runSelfplay,
  runSelfplayShard,
  type SelfplayResults,
} from "../selfplay/mod.ts";
import { int } from "../core/mod.ts";
import { command, runCommand, UsageError, userPath, valueOf, whole, wholeNumber } from "./command.ts";
import { ENGINE, OPENINGS, OUT_DIR, PROFILE, SHARD, SP_LIST, WORKERS } from "./options.ts";

/** `--positions K`: a count (positions are drawn); a list of SP numbers belongs to `--sp`. */
function positionCount(text: string, option: string): number {
  if (!/^\d+$/.test(text)) {
    throw new UsageError(
      `--${option} ${text}: a number of positions to draw (one per edge stratum); to play given positions use --sp 518,0,…`,
    );
  }
  return wholeNumber(option, text);
}

/** The declaration of `deno task selfplay`. */
export const COMMAND = command({
  name: "selfplay",
  description: "stage 4: seeded self-play of positions drawn one per edge stratum, resumable",
  options: {
    profile: PROFILE,
    games: whole("G", "games per position", { defaultText: "the profile's" }),
    "nodes-per-move": whole("N", "the node budget per move", { defaultText: "the profile's" }),
    workers: { ...WORKERS, help: "games at once (a number above the cores is lowered to it)" },
    positions: valueOf("K", "positions to draw, one per edge stratum", positionCount, { defaultText: "the profile's" }),
    sp: { ...SP_LIST, help: "play these positions instead of drawing them: SP numbers and ranges" },
    engine: ENGINE,
    table: valueOf("FILE", "draw the positions from this MBI table (an mbi.json) instead of the profile's", userPath),
    out: { ...OUT_DIR, help: "write the games into this folder instead of the profile's selfplay/" },
    shard: SHARD,
    openings: OPENINGS,
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { positions: count, sp: explicit, workers, shard } = values;
  if (count !== undefined && explicit) throw new UsageError("--positions and --sp exclude each other");
  const overrides = { games: values.games, nodesPerMove: values["nodes-per-move"], selfplayPositions: count };
  const { profile, engine } = profileAndEngine(values.profile, overrides, values.engine);
  if (engine.entry.limit !== "nodes") {
    throw new UsageError(`engine ${engine.entry.id} honours only depth limits; self-play needs go nodes`);
  }
  const s = profile.selfplay;
  console.error(
    `stage 4: profile ${profile.name}, ${explicit ? explicit.length : s.positions} positions × ${s.games} games, ` +
      `${int(s.nodesPerMove)} nodes/move, ${workers} game slot(s), ${engine.entry.id}`,
  );
  const common = {
    profile,
    engine,
    workers,
    positions: explicit,
    onProgress: terminalProgress(),
    table: values.table,
    outDir: values.out,
    openings: values.openings as OpeningDistinct | undefined,
  };
  const r: PlayGamesSummary & { results?: SelfplayResults } = shard
    ? await runSelfplayShard({ ...common, shard })
    : await runSelfplay(common);
  console.error(
    `done: ${r.path}: ${r.played} played now, ${r.resumed} already there; ${r.errors} failed tries replayed; ` +
      `${formatDuration(r.wallS)}; ${(r.searchShare * 100).toFixed(1)}% of slot time in engine searches`,
  );
  if (r.results) {
    const distinct = r.results.positions.map((p) => p.distinct_games);
    console.error(
      `distinct games per position: min ${Math.min(...distinct)}, max ${Math.max(...distinct)} of ${s.games}`,
    );
  } else {
    const merge = `merge all shards with deno task selfplay-merge --profile ${profile.name}`;
    console.error(`shard ${shard!.index}/${shard!.count} done; ${merge}`);
  }
});
