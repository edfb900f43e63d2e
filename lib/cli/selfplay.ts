/**
 * `deno task selfplay [--profile P] [--games G] [--nodes-per-move N] [--workers W]
 * [--positions K | --positions SP,SP,…] [--engine ID|PATH] [--table mbi.json] [--out DIR] [--shard i/n]`:
 * stage 4, resumable. `--table` plays positions of another MBI table; `--out` writes elsewhere.
 *
 * @module
 */

import { formatDuration, terminalProgress } from "../stages/progress.ts";
import { runStage4, runStage4Shard, type SelfplayResults } from "../stages/selfplay/stage.ts";
import type { SelfplaySummary } from "../stages/selfplay/play.ts";
import { parseShard } from "../store/shards.ts";
import { parseSpList } from "./eval_all.ts";
import { parseCli, positiveInt, runCli, UsageError } from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      profile: { type: "string" },
      games: { type: "string" },
      "nodes-per-move": { type: "string" },
      workers: { type: "string" },
      positions: { type: "string" },
      engine: { type: "string" },
      table: { type: "string" },
      out: { type: "string" },
      shard: { type: "string" },
    });
    let count: number | undefined;
    let explicit: number[] | undefined;
    if (values.positions !== undefined) {
      if (/^\d+$/.test(values.positions)) {
        count = positiveInt("positions", values.positions);
      } else explicit = parseSpList(values.positions);
    }
    const { profile, engine } = profileAndEngine(values.profile, {
      games: positiveInt("games", values.games),
      nodesPerMove: positiveInt("nodes-per-move", values["nodes-per-move"]),
      selfplayPositions: count,
    }, values.engine);
    if (engine.entry.limit !== "nodes") {
      throw new UsageError(`engine ${engine.entry.id} honours only depth limits; self-play needs go nodes`);
    }
    const workers = positiveInt("workers", values.workers) ??
      navigator.hardwareConcurrency;
    const s = profile.selfplay;
    console.error(
      `stage 4: profile ${profile.name}, ${explicit ? explicit.length : s.positions} positions x ${s.games} games, ` +
        `${s.nodesPerMove.toLocaleString("en-US")} nodes/move, ${workers} game slot(s), ${engine.entry.id}`,
    );
    let shard;
    try {
      shard = values.shard === undefined ? undefined : parseShard(values.shard);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const common = {
      profile,
      engine,
      workers,
      positions: explicit,
      onProgress: terminalProgress(),
      table: values.table,
      outDir: values.out,
    };
    {
      const r: SelfplaySummary & { results?: SelfplayResults } = shard
        ? await runStage4Shard({ ...common, shard })
        : await runStage4(common);
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
        console.error(
          `shard ${shard!.index}/${
            shard!.count
          } done; merge all shards with deno task selfplay-merge --profile ${profile.name}`,
        );
      }
    }
  });
}
