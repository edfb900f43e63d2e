/**
 * `deno task eval-all [--profile P] [--nodes N] [--workers W] [--engine ID|PATH]
 * [--sp 0-99,518] [--shard i/n] [--out FILE]`: stage 1, resumable.
 *
 * @module
 */

import { evalAll, runEvaluation } from "../evaluation/mod.ts";
import { evalLimit, formatDuration, profileAndEngine, terminalProgress } from "../runs/mod.ts";
import { command, runCommand } from "./command.ts";
import { DEPTH, ENGINE, NODES, OUT_FILE, PROFILE, SHARD, SP_LIST, WORKERS } from "./options.ts";
import { UsageError } from "./common.ts";

/** The declaration of `deno task eval-all`. */
export const COMMAND = command({
  name: "eval-all",
  description: "stage 1: evaluates the start positions at a fixed budget, resumable",
  options: {
    profile: PROFILE,
    nodes: NODES,
    depth: DEPTH,
    workers: WORKERS,
    engine: ENGINE,
    sp: SP_LIST,
    shard: SHARD,
    out: { ...OUT_FILE, help: "write the evaluations to this file instead of the profile's evals.jsonl" },
  },
});

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const { profile, engine } = profileAndEngine(values.profile, {
      evalNodes: values.nodes,
      evalDepth: values.depth,
    }, values.engine);
    const limit = evalLimit(profile, engine.entry);
    const { workers, shard, out, sp: positions } = values;
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
      : await runEvaluation({ profile, engine, workers, onProgress });
    console.error(
      `done: ${s.path}: ${s.evaluated} evaluated now, ${s.resumed} already there, ${s.planned} planned; ` +
        `${formatDuration(s.wallS)}; ${s.nodes ? Math.round(s.nodes / s.wallS).toLocaleString("en-US") : 0} nodes/s` +
        (s.repairedTornLine ? "; repaired a torn last line" : "") +
        (s.restarts ? `; ${s.restarts} engine restart(s)` : ""),
    );
  });
}
