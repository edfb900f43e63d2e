/**
 * `deno task eval-all [--profile P] [--nodes N] [--workers W] [--engine ID|PATH]
 * [--sp 0-99,518] [--shard i/n] [--out FILE]`: stage 1, resumable.
 *
 * @module
 */

import { POSITION_COUNT } from "../method/chess960.ts";
import { evalAll } from "../stages/eval_all.ts";
import { parseShard } from "../store/shards.ts";
import { runStage1 } from "../stages/evaluation.ts";
import { formatDuration, terminalProgress } from "../stages/progress.ts";
import { parseCli, positiveInt, runCli, UsageError } from "./common.ts";
import { evalLimit, profileAndEngine } from "../stages/run_config.ts";

/** Parses `--sp 0-99,518` into sorted unique SP numbers (each 0..959). */
export function parseSpList(text: string): number[] {
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^\s*(-?\d+)\s*(?:-\s*(-?\d+)\s*)?$/.exec(part);
    if (!m) {
      throw new UsageError(
        `--sp ${text}: "${part}" is not an SP number or range (e.g. 0-99,518)`,
      );
    }
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (const v of [a, b]) {
      if (v < 0 || v >= POSITION_COUNT) {
        throw new UsageError(
          `--sp ${text}: SP ${v} out of range (allowed: 0..959)`,
        );
      }
    }
    if (b < a) {
      throw new UsageError(`--sp ${text}: range ${part} runs backwards`);
    }
    for (let sp = a; sp <= b; sp++) out.add(sp);
  }
  return [...out].sort((x, y) => x - y);
}

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
    });
    const { profile, engine } = profileAndEngine(values.profile, {
      evalNodes: positiveInt("nodes", values.nodes),
      evalDepth: positiveInt("depth", values.depth),
    }, values.engine);
    const limit = evalLimit(profile, engine.entry);
    const workers = positiveInt("workers", values.workers) ??
      navigator.hardwareConcurrency;
    let shard;
    try {
      shard = values.shard === undefined ? undefined : parseShard(values.shard);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
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
      `stage 1: profile ${profile.name}, ${engine.entry.id}, ${
        "nodes" in limit ? `${limit.nodes.toLocaleString("en-US")} nodes` : `depth ${limit.depth}`
      }/position, ${workers} worker(s)`,
    );
    const onProgress = terminalProgress();
    // The profile's own dataset (no subset, shard or --out) also gets its CSV view.
    const s = positions || shard || values.out
      ? await evalAll({
        profile,
        engine,
        workers,
        positions,
        shard,
        out: values.out,
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
