/**
 * `deno task selfplay-merge [--profile P] [--dir DIR] [SHARD_FILE…]`: merges the
 * self-play shard files (`selfplay/shards/games.shard-*`) into games.jsonl and
 * writes games.pgn and selfplay.json.
 *
 * @module
 */

import { mergeStage4 } from "../stages/selfplay/stage.ts";
import { type CliSpec, parseCli, runCli } from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";
import { selfplayDir } from "../store/results_key.ts";

const USAGE: CliSpec = {
  usage:
    "deno task selfplay-merge [--profile P] [--engine ID|PATH] [--dir DIR] [SHARD_FILE ...]\n  merges self-play shard files",
  positionals: "any",
};

if (import.meta.main) {
  await runCli(async () => {
    const { values, positionals } = parseCli({
      profile: { type: "string" },
      engine: { type: "string" },
      dir: { type: "string" },
    }, USAGE);
    const dir = values.dir ??
      selfplayDir(profileAndEngine(values.profile, {}, values.engine, { requireBinary: false }).profile);
    const r = await mergeStage4(dir, positionals.length ? positionals : undefined);
    console.log(
      r.unchanged
        ? `${r.out} already holds this merge of ${r.files} shard files (${r.records} games); outputs checked`
        : `merged ${r.files} shard files into ${r.out} (${r.records} games); wrote games.pgn and selfplay.json`,
    );
  });
}
