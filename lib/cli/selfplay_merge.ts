/**
 * `deno task selfplay-merge`: merges the self-play shard files into games.jsonl and writes games.pgn and selfplay.json.
 *
 * @module
 */

import { mergeSelfplayShards } from "../selfplay/mod.ts";
import { selfplayDir } from "../store/mod.ts";
import { command, runCommand } from "./command.ts";
import { ENGINE, PROFILE, resultsProfile, SELFPLAY_DIR } from "./options.ts";

/** The declaration of `deno task selfplay-merge`. */
export const COMMAND = command({
  name: "selfplay-merge",
  description: "merges self-play shard files into games.jsonl and writes games.pgn and selfplay.json",
  positionals: {
    value: "SHARD_FILE",
    help: "the shard files to merge (default: the folder's shards/games.shard-*)",
    many: true,
  },
  options: { profile: PROFILE, engine: ENGINE, dir: SELFPLAY_DIR },
});

await runCommand(import.meta, COMMAND, async ({ values, positionals }) => {
  const dir = values.dir ?? selfplayDir(resultsProfile(values));
  const r = await mergeSelfplayShards(dir, positionals.length ? positionals : undefined);
  console.log(
    r.unchanged
      ? `${r.out} already holds this merge of ${r.files} shard files (${r.records} games); outputs checked`
      : `merged ${r.files} shard files into ${r.out} (${r.records} games); wrote games.pgn and selfplay.json`,
  );
});
