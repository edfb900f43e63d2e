/**
 * `deno task eval-all`: stage 1, resumable.
 *
 * @module
 */

import { evalAll, runEvaluation } from "../evaluation/mod.ts";
import { evalLimit, formatDuration, profileAndEngine, terminalProgress } from "../runs/mod.ts";
import { int } from "../core/mod.ts";
import { evalFolderName, getProfile } from "../store/mod.ts";
import { readSelfplayResults } from "../selfplay/mod.ts";
import { command, runCommand, text, UsageError } from "./command.ts";
import { DEPTH, ENGINE, NODES, OUT_FILE, PROFILE, SHARD, SP_LIST, WORKERS } from "./options.ts";

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
    "sp-of": text(
      "KEY",
      "only the positions of this self-play design (its results key), e.g. quick~eval8000000~pos60~games50~move30000",
    ),
    shard: SHARD,
    out: { ...OUT_FILE, help: "write the evaluations to this file instead of the profile's evals.jsonl" },
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const overrides = { evalNodes: values.nodes, evalDepth: values.depth };
  const { profile, engine } = profileAndEngine(values.profile, overrides, values.engine);
  const limit = evalLimit(profile, engine.entry);
  const { workers, shard, out } = values;
  if (values.sp && values["sp-of"]) throw new UsageError("give --sp or --sp-of, not both");
  const positions = values["sp-of"] ? await designPositions(values["sp-of"]) : values.sp;
  const outside = (positions ?? []).filter((sp) => !profile.positions.includes(sp));
  if (outside.length) {
    const option = values["sp-of"] ? `--sp-of ${values["sp-of"]}` : "--sp";
    throw new UsageError(`${option}: ${outside.slice(0, 5).join(", ")} not in profile ${profile.name}'s positions`);
  }
  const budget = "nodes" in limit ? `${int(limit.nodes)} nodes` : `depth ${limit.depth}`;
  const id = `${engine.entry.id} (${engine.entry.name})`;
  console.error(`stage 1: profile ${profile.name}, engine ${id}, ${budget}/position, ${workers} worker(s)`);
  const onProgress = terminalProgress();
  // The profile's own dataset (no subset, shard or --out) also gets its CSV view.
  const s = positions || shard || out
    ? await evalAll({ profile, engine, workers, positions, shard, out, onProgress })
    : await runEvaluation({ profile, engine, workers, onProgress });
  console.error(
    `done: ${s.path}: ${s.evaluated} evaluated now, ${s.resumed} already there, ${s.planned} planned; ` +
      `${formatDuration(s.wallS)}; ${s.nodes ? int(Math.round(s.nodes / s.wallS)) : 0} nodes/s` +
      (s.repairedTornLine ? "; repaired a torn last line" : "") +
      (s.restarts ? `; ${s.restarts} engine restart(s)` : ""),
  );
});

/** The positions of a self-play design (`--sp-of`), from its `selfplay.json`. */
async function designPositions(key: string): Promise<number[]> {
  const design = getProfile(key);
  if (evalFolderName(design) === design.name) {
    throw new UsageError(
      `--sp-of ${key}: a dataset's key, not a self-play design's (a design's key names its positions and games, e.g. ` +
        `${key}~pos60~games50~move30000)`,
    );
  }
  const results = await readSelfplayResults(design);
  if (!results) {
    throw new UsageError(
      `--sp-of ${key}: no self-play results for that key (expected a design's key with its selfplay.json; play it ` +
        `with deno task selfplay --profile ${key})`,
    );
  }
  return results.positions.map((p) => p.sp);
}
