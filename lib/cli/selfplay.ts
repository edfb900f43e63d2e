/**
 * `deno task selfplay [--profile P] [--games G] [--nodes-per-move N] [--workers W]
 * [--positions K | --positions SP,SP,…] [--engine ID|PATH] [--table mbi.json] [--out DIR] [--shard i/n]`:
 * stage 4, resumable. `--table` plays positions of another MBI table; `--out` writes elsewhere.
 *
 * @module
 */

import { formatDuration, terminalProgress } from "../stages/progress.ts";
import { runStage4, runStage4Shard, type SelfplayResults } from "../stages/selfplay/stage.ts";
import type { SelfplaySummary } from "../stages/selfplay/run.ts";
import { parseShard } from "../store/shards.ts";
import { parseSpList } from "../method/chess960.ts";
import {
  type CliSpec,
  outputDir,
  parseCli,
  positiveInt,
  runCli,
  UsageError,
  userPath,
  workersOption,
} from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";

const USAGE: CliSpec = {
  usage:
    "deno task selfplay [--profile P] [--games G] [--nodes-per-move N] [--workers W] [--positions K | --sp SP,SP,...] [--engine ID|PATH] [--table mbi.json] [--out DIR] [--shard i/n]\n  stage 4: seeded self-play, resumable",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      profile: { type: "string" },
      games: { type: "string" },
      "nodes-per-move": { type: "string" },
      workers: { type: "string" },
      positions: { type: "string" },
      sp: { type: "string" },
      engine: { type: "string" },
      table: { type: "string" },
      out: { type: "string" },
      shard: { type: "string" },
    }, USAGE);
    if (values.positions !== undefined && !/^\d+$/.test(values.positions)) {
      throw new UsageError(
        `--positions ${values.positions}: a number of positions to draw (one per edge stratum); to play given positions use --sp 518,0,…`,
      );
    }
    const count = positiveInt("positions", values.positions);
    const explicit = values.sp === undefined ? undefined : parseSpList(values.sp);
    if (count !== undefined && explicit) throw new UsageError("--positions and --sp exclude each other");
    const { profile, engine } = profileAndEngine(values.profile, {
      games: positiveInt("games", values.games),
      nodesPerMove: positiveInt("nodes-per-move", values["nodes-per-move"]),
      selfplayPositions: count,
    }, values.engine);
    if (engine.entry.limit !== "nodes") {
      throw new UsageError(`engine ${engine.entry.id} honours only depth limits; self-play needs go nodes`);
    }
    const workers = workersOption(values.workers);
    const s = profile.selfplay;
    console.error(
      `stage 4: profile ${profile.name}, ${explicit ? explicit.length : s.positions} positions x ${s.games} games, ` +
        `${s.nodesPerMove.toLocaleString("en-US")} nodes/move, ${workers} game slot(s), ${engine.entry.id}`,
    );
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    const common = {
      profile,
      engine,
      workers,
      positions: explicit,
      onProgress: terminalProgress(),
      table: values.table === undefined ? undefined : userPath(values.table),
      outDir: values.out === undefined ? undefined : outputDir("out", values.out),
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
