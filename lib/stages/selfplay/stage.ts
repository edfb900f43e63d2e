/**
 * Stage 4 as one call for the CLI, the pipeline and notebook 04: check the
 * stage-3 table, run or resume the games, then write `games.pgn` and the
 * per-position results `selfplay.json` that stage 5 reads; and replaying a
 * recorded game from its seed.
 *
 * @module
 */

import { join } from "node:path";
import { writeJsonUnlessSame, writeTextIfChanged } from "../../store/atomic.ts";
import { type ResolvedEngine, resolveEngine } from "../../engine/registry.ts";
import { evalFilePath } from "../../store/eval_dataset.ts";
import { sha256File, sha256Text } from "../../core/hash.ts";
import { mbiPaths, readMbiTable } from "../../store/mbi_table.ts";
import { type Profile } from "../../method/profiles.ts";
import type { Progress } from "../progress.ts";
import { codeVersion, displayPath } from "../../store/provenance.ts";
import { type GameRecord, playGame } from "./game.ts";
import { gamePgn } from "./pgn.ts";
import { gameSpec, readGames, runSelfplay, SELFPLAY_MERGE, type SelfplayHeader, type SelfplaySummary } from "./play.ts";
import { type MergeResult, mergeShardFiles, type Shard } from "../../store/shards.ts";
import { type PositionResult, summarisePositions } from "./results.ts";
import { launchEngine } from "../../engine/launch.ts";
import { profileDir, selfplayDir } from "../../store/results_key.ts";
import { MbiError } from "../../core/errors.ts";

/** Schema version of `selfplay.json`. */
export const SELFPLAY_RESULTS_SCHEMA = 1;

/** The stage-4 results file. */
export interface SelfplayResults {
  /** File kind. */
  kind: "mbi-selfplay-results";
  /** Schema version. */
  schema: number;
  /** Profile. */
  profile: string;
  /** Configuration of the games. */
  config: SelfplayHeader["config"];
  /** Engine identity. */
  engine: SelfplayHeader["engine"];
  /** How positions and seeds were derived. */
  method: string;
  /** Input files with hashes. */
  inputs: { path: string; sha256: string }[];
  /** Positions with results. */
  n_positions: number;
  /** Games in all. */
  n_games: number;
  /** Code that wrote the file. */
  code: Awaited<ReturnType<typeof codeVersion>>;
  /** Per-position results. */
  positions: PositionResult[];
}

/** Raised when an earlier stage's output is missing or out of date. */
export class StageInputError extends MbiError {
  /** Creates the error with a one-line message naming the stage to run. */
  constructor(message: string) {
    super("stage-input", message);
    this.name = "StageInputError";
  }
}

/** Folder of a profile's self-play files (explicit position lists get their own). */
export function selfplayFolder(profile: Profile, positions?: number[]): string {
  const base = selfplayDir(profile);
  return positions ? `${base}-sp${sha256Text(positions.join(",")).slice(0, 8)}` : base;
}

/** Loads the stage-3 table and checks it was derived from the current stage-1 dataset. */
export async function loadCurrentTable(profile: Profile) {
  const path = mbiPaths(profileDir(profile)).json;
  const table = await readMbiTable(path).catch((e) => {
    if (e instanceof Deno.errors.NotFound) {
      throw new StageInputError(
        `no MBI table at ${displayPath(path)}: run deno task derive-mbi --profile ${profile.name}`,
      );
    }
    throw e;
  });
  const evals = evalFilePath(profileDir(profile));
  if (table.input.sha256 !== await sha256File(evals).catch(() => "")) {
    throw new StageInputError(
      `${displayPath(path)} was not derived from the current ${
        displayPath(evals)
      }: run deno task derive-mbi --profile ${profile.name}`,
    );
  }
  return { table, path, sha256: await sha256File(path) };
}

/** Options of {@link runStage4}. */
export interface Stage4Options {
  /** Budgets. */
  profile: Profile;
  /** Engine (default: `$MBI_ENGINE` or the WASM default). */
  engine?: ResolvedEngine;
  /** Game slots (default: number of cores). */
  workers?: number;
  /** Explicit SPs instead of the stratified draw. */
  positions?: number[];
  /** Progress callback. */
  onProgress?: (p: Progress) => void;
  /** An MBI table file to use instead of the profile's (e.g. another engine's). */
  table?: string;
  /** Output folder instead of `results/<profile>/selfplay`. */
  outDir?: string;
  /** Play one shard of the games; the outputs are written by {@link mergeStage4} once all shards are done. */
  shard?: Shard;
}

/** Plays (or resumes) the games of stage 4, or of one shard of it, without writing the outputs. */
async function playStage4(opts: Stage4Options): Promise<{ summary: SelfplaySummary; outDir: string }> {
  const { table, path, sha256 } = opts.table
    ? { table: await readMbiTable(opts.table), path: opts.table, sha256: await sha256File(opts.table) }
    : await loadCurrentTable(opts.profile);
  const outDir = opts.outDir ?? selfplayFolder(opts.profile, opts.positions);
  const summary = await runSelfplay({
    profile: opts.profile,
    engine: opts.engine ?? resolveEngine(opts.profile.engine ?? undefined),
    workers: opts.workers ?? navigator.hardwareConcurrency,
    table,
    tableFile: { path, sha256 },
    positions: opts.positions,
    outDir,
    onProgress: opts.onProgress,
    shard: opts.shard,
  });
  return { summary, outDir };
}

/** Runs or resumes stage 4 and writes games.pgn and selfplay.json. */
export async function runStage4(
  opts: Omit<Stage4Options, "shard">,
): Promise<SelfplaySummary & { results: SelfplayResults }> {
  const { summary, outDir } = await playStage4(opts);
  return { ...summary, results: await writeStage4Outputs(outDir) };
}

/** Runs or resumes one shard of stage 4 (outputs come from {@link mergeStage4} when all shards are done). */
export async function runStage4Shard(opts: Stage4Options & { shard: Shard }): Promise<SelfplaySummary> {
  return (await playStage4(opts)).summary;
}

/** Merges the self-play shard files of a folder into games.jsonl, then writes games.pgn and selfplay.json. */
export async function mergeStage4(
  outDir: string,
  files?: string[],
): Promise<MergeResult & { results: SelfplayResults }> {
  const shardDir = join(outDir, "shards");
  const paths = files ?? [...Deno.readDirSync(shardDir)]
    .filter((e) => /^games\.shard-\d+-of-\d+\.jsonl$/.test(e.name))
    .map((e) => join(shardDir, e.name))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const merged = await mergeShardFiles(paths, join(outDir, "games.jsonl"), SELFPLAY_MERGE);
  return { ...merged, results: await writeStage4Outputs(outDir) };
}

/** Writes games.pgn and selfplay.json from games.jsonl (only files whose content changed). */
export async function writeStage4Outputs(
  outDir: string,
): Promise<SelfplayResults> {
  const gamesPath = join(outDir, "games.jsonl");
  const content = await readGames(gamesPath);
  if (!content) {
    throw new StageInputError(
      `no games at ${gamesPath}: run deno task selfplay`,
    );
  }
  const { header } = content;
  const games = [...content.records].sort((a, b) => a.sp - b.sp || a.game - b.game);
  const fenOf = new Map(header.selection.map((s) => [s.sp, s.fen]));
  const pgn = games.map((g) =>
    gamePgn(g, {
      event: `MBI self-play validation (${header.profile})`,
      player: header.engine.uci_name,
      fen: fenOf.get(g.sp)!,
      nodesPerMove: header.config.nodes_per_move,
    })
  ).join("\n");
  await writeTextIfChanged(join(outDir, "games.pgn"), pgn);
  const results: SelfplayResults = {
    kind: "mbi-selfplay-results",
    schema: SELFPLAY_RESULTS_SCHEMA,
    profile: header.profile,
    config: header.config,
    engine: header.engine,
    method: header.method,
    inputs: [header.input, {
      path: displayPath(gamesPath),
      sha256: await sha256File(gamesPath),
    }],
    n_positions: header.selection.length,
    n_games: games.length,
    code: await codeVersion(),
    positions: summarisePositions(header.selection, games),
  };
  const resultsPath = join(outDir, "selfplay.json");
  return await writeJsonUnlessSame(resultsPath, results, ["code"]);
}

/**
 * Loads a profile's stage-4 results, checking every planned game is there;
 * otherwise names the command that completes them.
 */
export async function loadStage4(profile: Profile): Promise<SelfplayResults> {
  const path = join(selfplayDir(profile), "selfplay.json");
  let r: SelfplayResults;
  try {
    r = JSON.parse(await Deno.readTextFile(path));
  } catch {
    throw new StageInputError(
      `no self-play results at ${displayPath(path)}: run deno task selfplay --profile ${profile.name}`,
    );
  }
  const planned = r.n_positions * r.config.games;
  if (r.n_games !== planned) {
    throw new StageInputError(
      `${
        displayPath(path)
      } has ${r.n_games} of ${planned} games: run deno task selfplay --profile ${profile.name} to finish`,
    );
  }
  return r;
}

/** Outcome of replaying a recorded game. */
export interface Replay {
  /** The recorded game. */
  recorded: GameRecord;
  /** The game played again. */
  replayed: GameRecord;
  /** True when moves, result and termination are identical. */
  identical: boolean;
  /** Index of the first differing ply, or -1. */
  firstDifference: number;
}

/** Replays game `game` of SP `sp` from the games file's configuration and seed. */
export async function replayGame(
  outDir: string,
  sp: number,
  game: number,
  engine?: ResolvedEngine,
): Promise<Replay> {
  const content = await readGames(join(outDir, "games.jsonl"));
  if (!content) {
    throw new StageInputError(`no games in ${outDir}: run deno task selfplay`);
  }
  const recorded = content.records.find((g) => g.sp === sp && g.game === game);
  if (!recorded) {
    const sps = [...new Set(content.records.map((g) => g.sp))];
    throw new StageInputError(
      `no game ${game} of SP ${sp} recorded (SPs: ${sps.slice(0, 8).join(", ")}${
        sps.length > 8 ? ", …" : ""
      }; games 1..${content.header.config.games})`,
    );
  }
  const resolved = engine ??
    resolveEngine(
      content.header.engine.id.startsWith("path:") ? content.header.engine.id.slice(5) : content.header.engine.id,
    );
  const pos = content.header.selection.find((s) => s.sp === sp)!;
  const engines = await Promise.all([0, 1].map(() => launchEngine(resolved, content.header.config.options)));
  try {
    const replayed = await playGame(
      engines[0],
      engines[1],
      gameSpec(content.header.config, pos, game),
    );
    let firstDifference = recorded.moves.findIndex((m, i) => replayed.moves[i] !== m);
    if (
      firstDifference < 0 && replayed.moves.length !== recorded.moves.length
    ) {
      firstDifference = Math.min(replayed.moves.length, recorded.moves.length);
    }
    const identical = firstDifference < 0 &&
      replayed.result === recorded.result &&
      replayed.termination === recorded.termination;
    return { recorded, replayed, identical, firstDifference };
  } finally {
    await Promise.all(engines.map((e) => e.quit()));
  }
}

/** PGN of one recorded game (for showing a sample game). */
export async function recordedGamePgn(
  outDir: string,
  sp: number,
  game = 1,
): Promise<string> {
  const content = await readGames(join(outDir, "games.jsonl"));
  const g = content?.records.find((r) => r.sp === sp && r.game === game);
  if (!content || !g) {
    throw new StageInputError(`no game ${game} of SP ${sp} in ${outDir}`);
  }
  const pos = content.header.selection.find((s) => s.sp === sp)!;
  return gamePgn(g, {
    event: `MBI self-play validation (${content.header.profile})`,
    player: content.header.engine.uci_name,
    fen: pos.fen,
    nodesPerMove: content.header.config.nodes_per_move,
  });
}
