/**
 * `deno task eval-merge [--profile P] [--out FILE] [SHARD_FILE…]`: merges the
 * shard files of a profile (default: `results/<profile>/shards/evals.shard-*`)
 * into `results/<profile>/evals.jsonl`.
 *
 * @module
 */

import { join } from "node:path";
import { mergeEvalFiles } from "../store/eval_merge.ts";
import { evalFilePath } from "../store/eval_dataset.ts";
import { type CliSpec, outputPath, parseCli, positiveInt, runCli } from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";
import { profileDir } from "../store/results_key.ts";
import { MbiError } from "../core/errors.ts";

const USAGE: CliSpec = {
  usage:
    "deno task eval-merge [--profile P] [--engine ID|PATH] [--out FILE] [SHARD_FILE ...]\n  merges stage-1 shard files into one dataset",
  positionals: "any",
};

if (import.meta.main) {
  await runCli(async () => {
    const { values, positionals } = parseCli({
      profile: { type: "string" },
      engine: { type: "string" },
      nodes: { type: "string" },
      out: { type: "string" },
    }, USAGE);
    const profile = profileAndEngine(
      values.profile,
      {
        evalNodes: positiveInt("nodes", values.nodes),
      },
      values.engine,
      { requireBinary: false },
    ).profile;
    const dir = profileDir(profile);
    let files = positionals;
    if (files.length === 0) {
      const shardDir = join(dir, "shards");
      try {
        files = [...Deno.readDirSync(shardDir)]
          .filter((e) => /^evals\.shard-\d+-of-\d+\.jsonl$/.test(e.name))
          .map((e) => join(shardDir, e.name))
          .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
      } catch {
        files = [];
      }
      if (files.length === 0) {
        throw new MbiError(
          "shard",
          `no shard files in ${shardDir} (run eval-all --shard i/n first)`,
        );
      }
    }
    const s = await mergeEvalFiles(files, values.out === undefined ? evalFilePath(dir) : outputPath("out", values.out));
    console.log(
      s.unchanged
        ? `${s.out} already holds this merge of ${s.files} shard files (${s.records} positions); nothing written`
        : `merged ${s.files} shard files into ${s.out} (${s.records} positions)`,
    );
  });
}
