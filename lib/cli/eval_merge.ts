/**
 * `deno task eval-merge`: merges the shard files of a profile's stage 1 (default:
 * `results/<profile>/shards/evals.shard-*`) into its evals.jsonl.
 *
 * @module
 */

import { join } from "node:path";
import { evalFilePath, evalFolderName, mergeEvalFiles, profileDir, shardFiles } from "../store/mod.ts";
import { MbiError } from "../core/mod.ts";
import { command, runCommand } from "./command.ts";
import { ENGINE, NODES, OUT_FILE, PROFILE, resultsProfile } from "./options.ts";

/** The declaration of `deno task eval-merge`. */
export const COMMAND = command({
  name: "eval-merge",
  description: "merges stage-1 shard files into one dataset",
  positionals: {
    value: "SHARD_FILE",
    help: "the shard files to merge (default: the profile's shards/evals.shard-*-of-*.jsonl)",
    many: true,
  },
  options: {
    profile: PROFILE,
    engine: ENGINE,
    nodes: { ...NODES, help: "the node budget of the dataset (its results key, as eval-all --nodes)" },
    out: { ...OUT_FILE, help: "write the merged dataset to this file instead of the profile's evals.jsonl" },
  },
});

await runCommand(import.meta, COMMAND, async ({ values, positionals }) => {
  const profile = resultsProfile(values, { evalNodes: values.nodes });
  const dir = profileDir(profile);
  const shardDir = join(dir, "shards");
  const files = positionals.length ? positionals : shardFiles(shardDir, "evals");
  if (files.length === 0) throw new MbiError("shard", `no shard files in ${shardDir} (run eval-all --shard i/n first)`);
  // the reference engine's datasets are at the profile's node budget; another engine's limit is its own
  const limit = profile.engine === null && profile.evalDepth === null ? { nodes: profile.evalNodes } : undefined;
  const s = await mergeEvalFiles(files, values.out ?? evalFilePath(dir), { profile: evalFolderName(profile), limit });
  console.log(
    s.unchanged
      ? `${s.out} already holds this merge of ${s.files} shard files (${s.records} positions); nothing written`
      : `merged ${s.files} shard files into ${s.out} (${s.records} positions)`,
  );
});
