/**
 * Stage 4 as one call for the CLI, the pipeline and notebook 04: check the stage-3 table, run or resume the games, then
 * write `games.pgn` and the per-position results `selfplay.json` that stage 5 reads; and replaying a recorded game from
 * its seed. The PGN (chessops' writer) has Chess960 headers with the SP number, seed, node budget, date and opening
 * line, and the moves in SAN with each move's engine score and depth as a comment (`{+0.35/14}`), the opening line's
 * moves marked.
 *
 * @module
 */

import { isAbsolute, join } from "node:path";
import { ChildNode, defaultGame, makePgn, type PgnNodeData } from "chessops/pgn";
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
  shardFiles,
  valuesHash,
  withLock,
  writeJsonUnlessSame,
  writeTextIfChanged,
} from "../store/mod.ts";
import { launchEngine, type ResolvedEngine, resolveEngine, type SearchLimit } from "../engine/mod.ts";
import { checkRecord, int, MbiError, parseJsonText, repoPath, same, sha256File, sha256Text } from "../core/mod.ts";
import { budgetBanner, type Profile, SCORE_INTERVAL_DEFINITION } from "../method/mod.ts";
import { gameSpec, openingsPath, playGame } from "./plan.ts";
import { playGames, type PlayGamesOptions, type PlayGamesSummary } from "./play.ts";
import { buildOpeningSet } from "./openings.ts";
import { summarisePositions } from "./results.ts";
import { loadEvaluations } from "../evaluation/mod.ts";
import {
  type GameRecord,
  mergeOpenings,
  type MoveInfo,
  readGames,
  readOpenings,
  requireProfileDesign,
  SELFPLAY_MERGE,
  SELFPLAY_RESULTS_SCHEMA,
  SelfplayResults,
} from "./records.ts";

/** Folder of a profile's self-play files (explicit position lists get their own). */
export function selfplayFolder(profile: Profile, positions?: number[]): string {
  const base = selfplayDir(profile);
  return positions ? `${base}-sp${sha256Text(positions.join(",")).slice(0, 8)}` : base;
}

/**
 * Loads the stage-3 table and checks that it was derived from the values of the current, complete stage-1 dataset (by
 * content: a file rewritten with the same values is still current); else names the command that fixes it.
 */
export async function loadCurrentTable(profile: Profile) {
  const path = mbiPaths(profileDir(profile)).json;
  const fix = `run deno task derive-mbi --profile ${profile.name}`;
  const table = await readMbiTable(path).catch((e) => {
    throw e instanceof Deno.errors.NotFound
      ? new MbiError("stage-input", `no MBI table at ${displayPath(path)}: ${fix}`)
      : e;
  });
  const dataset = await loadEvaluations(profile);
  if (table.input.values_sha256 !== valuesHash(dataset.records)) {
    const now = displayPath(dataset.path);
    throw new MbiError("stage-input", `${displayPath(path)} was not derived from the values now in ${now}: ${fix}`);
  }
  return { table, path, sha256: await sha256File(path) };
}

/**
 * Options of {@link runSelfplay}: those of {@link playGames}, with the engine (default: the profile's, `$MBI_ENGINE` or
 * the default), the game slots (default: number of cores) and the output folder (default `results/<profile>/selfplay`)
 * optional, and an MBI table file to use instead of the profile's (e.g. another engine's). With `shard`, the outputs
 * are written by {@link mergeSelfplayShards} once all shards are done.
 */
export interface SelfplayStageOptions
  extends
    Pick<PlayGamesOptions, "profile" | "positions" | "onProgress" | "shard" | "openings">,
    Partial<Pick<PlayGamesOptions, "engine" | "workers" | "outDir">> {
  table?: string;
}

/** Plays (or resumes) the games of stage 4, or of one shard of it, without writing the outputs. */
async function playSelfplay(opts: SelfplayStageOptions): Promise<{ summary: PlayGamesSummary; outDir: string }> {
  const { table, path, sha256 } = opts.table
    ? { table: await readMbiTable(opts.table), path: opts.table, sha256: await sha256File(opts.table) }
    : await loadCurrentTable(opts.profile);
  const outDir = opts.outDir ?? selfplayFolder(opts.profile, opts.positions);
  const summary = await playGames({
    ...opts,
    engine: opts.engine ?? resolveEngine(opts.profile.engine ?? undefined),
    workers: opts.workers ?? navigator.hardwareConcurrency,
    table,
    tableFile: { path, sha256 },
    outDir,
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
  const dir = join(outDir, "shards");
  const paths = files ?? shardFiles(dir, "games");
  if (paths.length === 0) throw new MbiError("shard", `no shard files in ${dir} (run selfplay --shard i/n first)`);
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
export async function writeSelfplayOutputs(outDir: string): Promise<SelfplayResults> {
  const gamesPath = join(outDir, "games.jsonl");
  const content = await readGames(gamesPath);
  if (!content) throw new MbiError("stage-input", `no games at ${displayPath(gamesPath)}: run deno task selfplay`);
  const { header } = content;
  const games = [...content.records].sort((a, b) => a.sp - b.sp || a.game - b.game);
  const fenOf = new Map(header.selection.map((s) => [s.sp, s.fen]));
  const nodesPerMove = header.config.nodes_per_move;
  const event = `MBI self-play validation (${header.profile}, ${int(nodesPerMove)} nodes/move)`;
  const date = pgnDate(header.created);
  const player = header.engine.uci_name;
  const pgn = games.map((g) => gamePgn(g, { event, player, fen: fenOf.get(g.sp)!, nodesPerMove, date })).join("\n");
  await writeTextIfChanged(join(outDir, "games.pgn"), pgn);
  const positions = summarisePositions(header.selection, games);
  const setsPath = openingsPath(gamesPath);
  const limit = header.selection.length ? await tableLimit(header.input.path) : undefined;
  const selfplay = { positions: header.selection.length, games: header.config.games, nodesPerMove };
  const results: SelfplayResults = {
    kind: "mbi-selfplay-results",
    schema: SELFPLAY_RESULTS_SCHEMA,
    profile: header.profile,
    banner: limit ? budgetBanner({ profile: header.profile, evalLimit: limit, engine: player, selfplay }) : null,
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
  const file = isAbsolute(path) ? path : repoPath(path);
  return await readMbiTable(file).then((t) => t.input.limit as SearchLimit, () => undefined);
}

/**
 * A profile's `selfplay.json`, or undefined when there is none; one damaged, not current or of another design is a
 * `stage-input` MbiError naming it and `deno task selfplay` ({@link loadSelfplay} checks it against games and table).
 */
export async function readSelfplayResults(profile: Profile): Promise<SelfplayResults | undefined> {
  const path = join(selfplayDir(profile), "selfplay.json");
  const fix = selfplayFix(profile);
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  const raw = parseJsonText(text, displayPath(path), "stage-input", `${fix} to write it again`) as {
    kind?: unknown;
    schema?: unknown;
  };
  if (raw?.kind !== "mbi-selfplay-results" || !((raw.schema as number) >= SELFPLAY_RESULTS_SCHEMA)) {
    throw new MbiError("stage-input", `${displayPath(path)} is not a current self-play results file: ${fix}`);
  }
  const results = checkRecord(SelfplayResults, raw, displayPath(path), "stage-input");
  requireProfileDesign(displayPath(path), results.config, profile);
  return results;
}

/** The command that writes a profile's stage-4 files. */
const selfplayFix = (profile: Profile) => `run deno task selfplay --profile ${profile.name}`;

/**
 * Loads a profile's stage-4 results and checks them against what they were derived from: both files of the profile's
 * design, every planned game there, `selfplay.json` made from the games now in `games.jsonl`, the games played from the
 * current MBI table's positions. Otherwise names the command that fixes it.
 */
export async function loadSelfplay(profile: Profile): Promise<SelfplayResults> {
  const dir = selfplayDir(profile);
  const path = displayPath(join(dir, "selfplay.json"));
  const gamesPath = displayPath(join(dir, "games.jsonl"));
  const fix = selfplayFix(profile);
  const wrong = (message: string) => new MbiError("stage-input", message);
  const r = await readSelfplayResults(profile);
  if (!r) throw wrong(`no self-play results at ${path}: ${fix}`);
  const games = await readGames(join(dir, "games.jsonl"));
  if (!games) throw wrong(`no games beside ${path}: ${fix}`);
  requireProfileDesign(gamesPath, games.header.config, profile);
  const planned = games.header.config.positions.length * games.header.config.games;
  if (games.records.length !== planned || r.n_games !== planned) {
    throw wrong(`${gamesPath} has ${games.records.length} of ${planned} games: ${fix} to finish`);
  }
  if (gamesHash(games.records) !== r.games_sha256) {
    throw wrong(`${path} was not made from the games now in games.jsonl: ${fix} to rewrite it`);
  }
  const { table } = await loadCurrentTable(profile);
  if (games.header.input.rows_sha256 !== mbiRowsHash(table)) {
    throw wrong(`the games were played from an older MBI table: ${fix} (it keeps or replays them as needed)`);
  }
  return r;
}

/**
 * Outcome of replaying a recorded game: the recorded game and the game played again, whether moves, result and
 * termination are identical, the index of the first differing ply (or -1), and with `fromSeed` whether the opening set
 * built again equals the recorded one.
 */
export type Replay = Awaited<ReturnType<typeof replayGame>>;

/**
 * Replays game `game` of SP `sp` from the games file's configuration: its line from the recorded opening set, or
 * (`fromSeed`) from the set built again from scratch with the seed and budgets alone.
 */
export async function replayGame(
  outDir: string,
  sp: number,
  game: number,
  engine?: ResolvedEngine,
  opts: { fromSeed?: boolean } = {},
) {
  const gamesFile = join(outDir, "games.jsonl");
  const content = await readGames(gamesFile);
  if (!content) throw new MbiError("stage-input", `no games in ${displayPath(outDir)}: run deno task selfplay`);
  const recorded = content.records.find((g) => g.sp === sp && g.game === game);
  if (!recorded) {
    const sps = [...new Set(content.records.map((g) => g.sp))];
    const shown = sps.slice(0, 8).join(", ") + (sps.length > 8 ? ", …" : "");
    const message = `no game ${game} of SP ${sp} recorded (SPs: ${shown}; games 1..${content.header.config.games})`;
    throw new MbiError("stage-input", message);
  }
  const resolved = engine ?? resolveEngine(content.header.engine.id.replace(/^path:/, ""));
  const config = content.header.config;
  const pos = content.header.selection.find((s) => s.sp === sp)!;
  const sets = await readOpenings(openingsPath(gamesFile));
  const recordedSet = sets?.records.find((s) => s.sp === sp);
  const engines = await Promise.all([0, 1].map(() => launchEngine(resolved, config.options)));
  try {
    let set = recordedSet;
    let openingSetIdentical: boolean | null = null;
    if (opts.fromSeed || !set) {
      const built = await buildOpeningSet(engines[0], pos, config);
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

/** Formats a White-POV score as `+0.35` or `+M3`/`-M2`. */
function scoreText(m: MoveInfo): string {
  if (!m.score) return "?";
  if ("mate" in m.score) return `${m.score.mate > 0 ? "+" : "-"}M${Math.abs(m.score.mate)}`;
  const p = m.score.cp / 100;
  return `${p >= 0 ? "+" : ""}${p.toFixed(2)}`;
}

/** Context of a PGN: the Event header, the engine's name for White and Black, the start FEN, the node budget per move, and the date the games were played (the games file's creation) as YYYY.MM.DD. */
export interface PgnContext {
  event: string;
  player: string;
  fen: string;
  nodesPerMove: number;
  date: string;
}

/** A PGN date (YYYY.MM.DD) from an ISO 8601 time, `????.??.??` when unknown. */
export function pgnDate(iso: string | undefined): string {
  return iso && /^\d{4}-\d\d-\d\d/.test(iso) ? iso.slice(0, 10).replace(/-/g, ".") : "????.??.??";
}

/** Renders one game as PGN text. */
export function gamePgn(g: GameRecord, ctx: PgnContext): string {
  const game = defaultGame<PgnNodeData>(() =>
    new Map([
      ["Event", ctx.event],
      ["Site", "?"],
      ["Date", ctx.date],
      ["Round", String(g.game)],
      ["White", ctx.player],
      ["Black", ctx.player],
      ["Result", g.result],
      ["Variant", "Chess960"],
      ["SetUp", "1"],
      ["FEN", ctx.fen],
      ["SP", String(g.sp)],
      ["Seed", g.seed],
      ["NodesPerMove", String(ctx.nodesPerMove)],
      ["Termination", g.termination],
      ["Opening", `line ${g.opening.index + 1} of the position's opening set (${g.opening.plies} plies)`],
      ["PlyCount", String(g.plies)],
    ])
  );
  let node = game.moves;
  for (const m of g.info) {
    const comment = `${scoreText(m)}/${m.depth ?? "?"}` + (m.opening ? " opening line" : "");
    const child = new ChildNode<PgnNodeData>({ san: m.san, comments: [comment] });
    node.children.push(child);
    node = child;
  }
  return makePgn(game);
}
