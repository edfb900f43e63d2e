/**
 * Stage 4 as one call for the CLI, the pipeline and notebook 04: check the
 * stage-3 table, run or resume the games, then write `games.pgn` and the
 * per-position results `selfplay.json` that stage 5 reads; and replaying a
 * recorded game from its seed.
 *
 * @module
 */

import { isAbsolute, join } from "node:path";
import {
  codeVersion,
  displayPath,
  inputFiles,
  mbiPaths,
  mbiRowsHash,
  type MergeResult,
  mergeShardFiles,
  profileDir,
  readMbiTable,
  readTextIfExists,
  selfplayDir,
  type Shard,
  valuesHash,
  withLock,
  writeJsonUnlessSame,
  writeTextIfChanged,
} from "../store/mod.ts";
import { launchEngine, type ResolvedEngine, resolveEngine, type SearchLimit } from "../engine/mod.ts";
import { checkRecord, MbiError, parseJsonText, repoPath, same, sha256File, sha256Text } from "../core/mod.ts";
import { budgetBanner, type Profile, SCORE_INTERVAL_DEFINITION } from "../method/mod.ts";
import { type Progress } from "../runs/mod.ts";
import { type GameRecord, playGame } from "./game.ts";
import { gamePgn, pgnDate } from "./pgn.ts";
import { gameSpec, openingsPath } from "./plan.ts";
import { playGames, type PlayGamesSummary } from "./play.ts";
import { buildOpeningSet } from "./openings.ts";
import { summarisePositions } from "./results.ts";
import { loadEvaluations } from "../evaluation/mod.ts";
import {
  mergeOpenings,
  type OpeningDistinct,
  readGames,
  readOpenings,
  requireProfileDesign,
  SELFPLAY_MERGE,
  SELFPLAY_RESULTS_SCHEMA,
  SelfplayResults,
} from "./records.ts";

export { SELFPLAY_RESULTS_SCHEMA, SelfplayResults };

/** Folder of a profile's self-play files (explicit position lists get their own). */
export function selfplayFolder(profile: Profile, positions?: number[]): string {
  const base = selfplayDir(profile);
  return positions ? `${base}-sp${sha256Text(positions.join(",")).slice(0, 8)}` : base;
}

/**
 * Loads the stage-3 table and checks that it was derived from the values of
 * the current, complete stage-1 dataset (by content: a file rewritten with the
 * same values is still current); otherwise names the command that fixes it.
 */
export async function loadCurrentTable(profile: Profile) {
  const path = mbiPaths(profileDir(profile)).json;
  const table = await readMbiTable(path).catch((e) => {
    if (e instanceof Deno.errors.NotFound) {
      throw new MbiError(
        "stage-input",
        `no MBI table at ${displayPath(path)}: run deno task derive-mbi --profile ${profile.name}`,
      );
    }
    throw e;
  });
  const dataset = await loadEvaluations(profile);
  const current = valuesHash(dataset.records);
  if (table.input.values_sha256 !== current) {
    throw new MbiError(
      "stage-input",
      `${displayPath(path)} was not derived from the values now in ${displayPath(dataset.path)}: ` +
        `run deno task derive-mbi --profile ${profile.name}`,
    );
  }
  return { table, path, sha256: await sha256File(path) };
}

/** Options of {@link runSelfplay}. */
export interface SelfplayStageOptions {
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
  /** Play one shard of the games; the outputs are written by {@link mergeSelfplayShards} once all shards are done. */
  shard?: Shard;
  /** What makes opening lines differ (default: by position, or a games file's own rule when resuming it). */
  openings?: OpeningDistinct;
}

/** Plays (or resumes) the games of stage 4, or of one shard of it, without writing the outputs. */
async function playSelfplay(opts: SelfplayStageOptions): Promise<{ summary: PlayGamesSummary; outDir: string }> {
  const { table, path, sha256 } = opts.table
    ? { table: await readMbiTable(opts.table), path: opts.table, sha256: await sha256File(opts.table) }
    : await loadCurrentTable(opts.profile);
  const outDir = opts.outDir ?? selfplayFolder(opts.profile, opts.positions);
  const summary = await playGames({
    profile: opts.profile,
    engine: opts.engine ?? resolveEngine(opts.profile.engine ?? undefined),
    workers: opts.workers ?? navigator.hardwareConcurrency,
    table,
    tableFile: { path, sha256 },
    positions: opts.positions,
    outDir,
    onProgress: opts.onProgress,
    shard: opts.shard,
    openings: opts.openings,
  });
  return { summary, outDir };
}

/** Runs or resumes stage 4 and writes games.pgn and selfplay.json. */
export async function runSelfplay(
  opts: Omit<SelfplayStageOptions, "shard">,
): Promise<PlayGamesSummary & { results: SelfplayResults }> {
  const { summary, outDir } = await playSelfplay(opts);
  return { ...summary, results: await writeSelfplayOutputs(outDir) };
}

/** Runs or resumes one shard of stage 4 (outputs come from {@link mergeSelfplayShards} when all shards are done). */
export async function runSelfplayShard(opts: SelfplayStageOptions & { shard: Shard }): Promise<PlayGamesSummary> {
  return (await playSelfplay(opts)).summary;
}

/** Merges the self-play shard files of a folder into games.jsonl, then writes games.pgn and selfplay.json. */
export async function mergeSelfplayShards(
  outDir: string,
  files?: string[],
): Promise<MergeResult & { results: SelfplayResults }> {
  const shardDir = join(outDir, "shards");
  const paths = files ?? [...Deno.readDirSync(shardDir)]
    .filter((e) => /^games\.shard-\d+-of-\d+\.jsonl$/.test(e.name))
    .map((e) => join(shardDir, e.name))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const out = join(outDir, "games.jsonl");
  const merged = await withLock(out, () => mergeShardFiles(paths, out, SELFPLAY_MERGE));
  // The opening sets of the shards (one per position; a position in two shards has the same set).
  await mergeOpenings(paths.map(openingsPath), openingsPath(out));
  return { ...merged, results: await writeSelfplayOutputs(outDir) };
}

/** Hash of the games' results: SP, game, result, moves (sorted), whatever the file's bytes and timing fields. */
export function gamesHash(games: readonly GameRecord[]): string {
  const rows = [...games].sort((a, b) => a.sp - b.sp || a.game - b.game).map((g) => [g.sp, g.game, g.result, g.moves]);
  return sha256Text(JSON.stringify(rows));
}

/** Writes games.pgn and selfplay.json from games.jsonl (only files whose content changed). */
export async function writeSelfplayOutputs(
  outDir: string,
): Promise<SelfplayResults> {
  const gamesPath = join(outDir, "games.jsonl");
  const content = await readGames(gamesPath);
  if (!content) throw new MbiError("stage-input", `no games at ${displayPath(gamesPath)}: run deno task selfplay`);
  const { header } = content;
  const games = [...content.records].sort((a, b) => a.sp - b.sp || a.game - b.game);
  const fenOf = new Map(header.selection.map((s) => [s.sp, s.fen]));
  const pgn = games.map((g) =>
    gamePgn(g, {
      event: `MBI self-play validation (${header.profile}, ${
        header.config.nodes_per_move.toLocaleString("en-US")
      } nodes/move)`,
      player: header.engine.uci_name,
      fen: fenOf.get(g.sp)!,
      nodesPerMove: header.config.nodes_per_move,
      date: pgnDate(header.created),
    })
  ).join("\n");
  await writeTextIfChanged(join(outDir, "games.pgn"), pgn);
  const positions = summarisePositions(header.selection, games);
  const setsPath = openingsPath(gamesPath);
  const limit = header.selection.length ? await tableLimit(header.input.path) : undefined;
  const results: SelfplayResults = {
    kind: "mbi-selfplay-results",
    schema: SELFPLAY_RESULTS_SCHEMA,
    profile: header.profile,
    banner: limit
      ? budgetBanner({
        profile: header.profile,
        evalLimit: limit,
        engine: header.engine.uci_name,
        selfplay: {
          positions: header.selection.length,
          games: header.config.games,
          nodesPerMove: header.config.nodes_per_move,
        },
      })
      : null,
    config: header.config,
    engine: header.engine,
    method: header.method,
    score_interval: SCORE_INTERVAL_DEFINITION,
    inputs: [
      header.input,
      ...(await inputFiles([gamesPath])),
      ...(await Deno.stat(setsPath).then(() => inputFiles([setsPath]), () => [])),
    ],
    games_sha256: gamesHash(games),
    n_positions: header.selection.length,
    n_games: games.length,
    n_duplicate_games: positions.reduce((a, p) => a + p.duplicate_games, 0),
    n_repeats_after_opening: positions.reduce((a, p) => a + p.repeats_after_opening, 0),
    code: await codeVersion(),
    positions,
  };
  return await writeJsonUnlessSame(join(outDir, "selfplay.json"), results, ["code"]);
}

/** The stage-1 limit recorded in an MBI table file (undefined when it cannot be read). */
async function tableLimit(path: string): Promise<SearchLimit | undefined> {
  try {
    return (await readMbiTable(userOrRepoPath(path))).input.limit as SearchLimit;
  } catch {
    return undefined;
  }
}

function userOrRepoPath(p: string): string {
  return isAbsolute(p) ? p : repoPath(p);
}

/**
 * A profile's `selfplay.json` as a file, or undefined when there is none: a
 * `stage-input` MbiError naming it and `deno task selfplay` when it is damaged,
 * not a results file, of an older schema or missing a field, or holds another
 * design than the profile's (the field that differs named). Whether it still
 * follows from the games and the MBI table is checked by {@link loadSelfplay}.
 */
export async function readSelfplayResults(profile: Profile): Promise<SelfplayResults | undefined> {
  const path = join(selfplayDir(profile), "selfplay.json");
  const fix = selfplayFix(profile);
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  const raw = parseJsonText(text, displayPath(path), "stage-input", fix) as { kind?: unknown; schema?: unknown };
  if (raw?.kind !== "mbi-selfplay-results" || !((raw.schema as number) >= SELFPLAY_RESULTS_SCHEMA)) {
    throw new MbiError("stage-input", `${displayPath(path)} is not a current self-play results file: ${fix}`);
  }
  const results = checkRecord(SelfplayResults, raw, displayPath(path), "stage-input");
  requireProfileDesign(displayPath(path), results.config, profile);
  return results;
}

/** The command that writes a profile's stage-4 files. */
function selfplayFix(profile: Profile): string {
  return `run deno task selfplay --profile ${profile.name}`;
}

/**
 * Loads a profile's stage-4 results and checks them against what they were
 * derived from: both files of the profile's design, every planned game there, `selfplay.json` made from the games
 * now in `games.jsonl`, the games played from the current MBI table's
 * positions. Otherwise names the command that fixes it.
 */
export async function loadSelfplay(profile: Profile): Promise<SelfplayResults> {
  const dir = selfplayDir(profile);
  const path = join(dir, "selfplay.json");
  const fix = selfplayFix(profile);
  const r = await readSelfplayResults(profile);
  if (!r) throw new MbiError("stage-input", `no self-play results at ${displayPath(path)}: ${fix}`);
  const games = await readGames(join(dir, "games.jsonl"));
  if (!games) throw new MbiError("stage-input", `no games beside ${displayPath(path)}: ${fix}`);
  requireProfileDesign(displayPath(join(dir, "games.jsonl")), games.header.config, profile);
  const planned = games.header.config.positions.length * games.header.config.games;
  if (games.records.length !== planned || r.n_games !== planned) {
    throw new MbiError(
      "stage-input",
      `${displayPath(join(dir, "games.jsonl"))} has ${games.records.length} of ${planned} games: ${fix} to finish`,
    );
  }
  if (gamesHash(games.records) !== r.games_sha256) {
    throw new MbiError(
      "stage-input",
      `${displayPath(path)} was not made from the games now in games.jsonl: ${fix} to rewrite it`,
    );
  }
  const { table } = await loadCurrentTable(profile);
  if (games.header.input.rows_sha256 !== mbiRowsHash(table)) {
    throw new MbiError(
      "stage-input",
      `the games were played from an older MBI table: ${fix} (it keeps or replays them as needed)`,
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
  /** With `fromSeed`: whether the opening set built again equals the recorded one. */
  openingSetIdentical: boolean | null;
}

/**
 * Replays game `game` of SP `sp` from the games file's configuration: its line
 * from the recorded opening set, or (`fromSeed`) from the set built again from
 * scratch with the seed and budgets alone.
 */
export async function replayGame(
  outDir: string,
  sp: number,
  game: number,
  engine?: ResolvedEngine,
  opts: { fromSeed?: boolean } = {},
): Promise<Replay> {
  const gamesFile = join(outDir, "games.jsonl");
  const content = await readGames(gamesFile);
  if (!content) throw new MbiError("stage-input", `no games in ${displayPath(outDir)}: run deno task selfplay`);
  const recorded = content.records.find((g) => g.sp === sp && g.game === game);
  if (!recorded) {
    const sps = [...new Set(content.records.map((g) => g.sp))];
    throw new MbiError(
      "stage-input",
      `no game ${game} of SP ${sp} recorded (SPs: ${sps.slice(0, 8).join(", ")}${
        sps.length > 8 ? ", …" : ""
      }; games 1..${content.header.config.games})`,
    );
  }
  const resolved = engine ??
    resolveEngine(
      content.header.engine.id.startsWith("path:") ? content.header.engine.id.slice(5) : content.header.engine.id,
    );
  const config = content.header.config;
  const pos = content.header.selection.find((s) => s.sp === sp)!;
  const sets = await readOpenings(openingsPath(gamesFile));
  const recordedSet = sets?.records.find((s) => s.sp === sp);
  const engines = await Promise.all([0, 1].map(() => launchEngine(resolved, config.options)));
  try {
    let set = recordedSet;
    let openingSetIdentical: boolean | null = null;
    if (opts.fromSeed || !set) {
      const built = await buildOpeningSet(engines[0], pos, {
        games: config.games,
        nodesPerMove: config.nodes_per_move,
        rules: config.opening,
        seed: config.seed,
      });
      openingSetIdentical = recordedSet ? same(built, recordedSet) : null;
      set = built;
    }
    const replayed = await playGame(engines[0], engines[1], gameSpec(config, pos, game, set));
    let firstDifference = recorded.moves.findIndex((m, i) => replayed.moves[i] !== m);
    if (firstDifference < 0 && replayed.moves.length !== recorded.moves.length) {
      firstDifference = Math.min(replayed.moves.length, recorded.moves.length);
    }
    const identical = firstDifference < 0 && replayed.result === recorded.result &&
      replayed.termination === recorded.termination;
    return { recorded, replayed, identical, firstDifference, openingSetIdentical };
  } finally {
    await Promise.all(engines.map((e) => e.quit()));
  }
}
