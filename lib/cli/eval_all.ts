/**
 * `deno task eval-all [--profile P] [--nodes N] [--workers W] [--engine ID|PATH]
 * [--sp 0-99,518] [--shard i/n] [--out FILE]`: stage 1, resumable.
 *
 * @module
 */

import { parseSpList } from "../method/chess960.ts";
import { evalAll } from "../stages/eval_all.ts";
import { parseShard } from "../store/shards.ts";
import { runStage1 } from "../stages/evaluation.ts";
import { formatDuration, terminalProgress } from "../stages/progress.ts";
import { type CliSpec, outputPath, parseCli, positiveInt, runCli, UsageError, workersOption } from "./common.ts";
import { evalLimit, profileAndEngine } from "../stages/run_config.ts";

const USAGE: CliSpec = {
  usage:
    "deno task eval-all [--profile P] [--nodes N | --depth D] [--workers W] [--engine ID|PATH] [--sp 0-99,518] [--shard i/n] [--out FILE]\n  stage 1: evaluate the start positions, resumable",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      profile: { type: "string" },
      nodes: { type: "string" },
      workers: { type: "string" },
      engine: { type: "string" },
      sp: { type: "string" },
      shard: { type: "string" },
      out: { type: "string" },
      depth: { type: "string" },
    }, USAGE);
    const { profile, engine } = profileAndEngine(values.profile, {
      evalNodes: positiveInt("nodes", values.nodes),
      evalDepth: positiveInt("depth", values.depth),
    }, values.engine);
    const limit = evalLimit(profile, engine.entry);
    const workers = workersOption(values.workers);
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    const out = values.out === undefined ? undefined : outputPath("out", values.out);
    const positions = values.sp === undefined ? undefined : parseSpList(values.sp);
    if (positions) {
      const outside = positions.filter((sp) => !profile.positions.includes(sp));
      if (outside.length) {
        throw new UsageError(
          `--sp: ${outside.slice(0, 5).join(", ")} not in profile ${profile.name}'s positions`,
        );
      }
    }
    console.error(
      `stage 1: profile ${profile.name}, engine ${engine.entry.id} (${engine.entry.name}), ${
        "nodes" in limit ? `${limit.nodes.toLocaleString("en-US")} nodes` : `depth ${limit.depth}`
      }/position, ${workers} worker(s)`,
    );
    const onProgress = terminalProgress();
    // The profile's own dataset (no subset, shard or --out) also gets its CSV view.
    const s = positions || shard || out
      ? await evalAll({
        profile,
        engine,
        workers,
        positions,
        shard,
        out,
        onProgress,
      })
      : await runStage1({ profile, engine, workers, onProgress });
    console.error(
      `done: ${s.path}: ${s.evaluated} evaluated now, ${s.resumed} already there, ${s.planned} planned; ` +
        `${formatDuration(s.wallS)}; ${s.nodes ? Math.round(s.nodes / s.wallS).toLocaleString("en-US") : 0} nodes/s` +
        (s.repairedTornLine ? "; repaired a torn last line" : "") +
        (s.restarts ? `; ${s.restarts} engine restart(s)` : ""),
    );
  });
}
