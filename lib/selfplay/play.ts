/**
 * Stage 4's run: W game slots (two engine processes each, one per colour)
 * play G games of each chosen position into the resumable, append-only
 * `games.jsonl` by the shared resumable-run mechanism (lock, engine probe,
 * configuration check, resume, pool, manifest `games.manifest.json`); first
 * the opening sets the games need are built (`openings.jsonl`). A game whose
 * engine crashed, hung or played an illegal move is recorded in
 * `errors.jsonl`, the engines are restarted and the game is replayed; it is
 * never scored from a failed try. A games file whose configuration or
 * positions no longer follow is moved aside, named, and played again.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import {
  EngineExitedError,
  EngineTimeoutError,
  launchEngine,
  type ResolvedEngine,
  type UciEngine,
} from "../engine/mod.ts";
import {
  appendJsonLine,
  codeVersion,
  displayPath,
  JsonlAppender,
  type JsonlContent,
  makeFolder,
  mbiRowsHash,
  type MbiTable,
  recordedPath,
  type Shard,
  shardOf,
  writeFileAtomic,
} from "../store/mod.ts";
import { DEFAULT_ADJUDICATION, IllegalMoveError, type Profile, type SelectedPosition } from "../method/mod.ts";
import { manifestPath, type Progress, ProgressTracker, resumableRun, runPool } from "../runs/mod.ts";
import { GameError, type GameRecord, playGame } from "./game.ts";
import { buildOpeningSet, type OpeningSet } from "./openings.ts";
import { gamesPath, gameSpec, openingsPath, planPositions, SELFPLAY_METHOD } from "./plan.ts";
import {
  continuedConfig,
  type OpeningDistinct,
  plannedGames,
  profileDesign,
  readGames,
  readOpenings,
  SELFPLAY_SCHEMA,
  type SelfplayConfig,
  selfplayConfigDifference,
  type SelfplayHeader,
} from "./records.ts";
import { MbiError } from "../core/mod.ts";

/** Options of {@link playGames}. */
export interface PlayGamesOptions {
  /** Budgets (games, nodes per move, positions, seed). */
  profile: Profile;
  /** The engine (both colours). */
  engine: ResolvedEngine;
  /** Game slots in parallel. */
  workers: number;
  /** The stage-3 table and its file (for provenance). */
  table: MbiTable;
  /** Path and SHA-256 of the table file. */
  tableFile: { path: string; sha256: string };
  /** Explicit SPs instead of the stratified draw. */
  positions?: number[];
  /** Output folder (default `results/<profile>/selfplay`). */
  outDir: string;
  /** Progress callback (per opening set, then per game). */
  onProgress?: (p: Progress) => void;
  /** Play only this shard of the games (into `shards/games.shard-i-of-n.jsonl`). */
  shard?: Shard;
  /** Messages (stale files moved aside, lock takeovers); default stderr. */
  log?: (line: string) => void;
  /** What makes opening lines differ (default: by position, or a games file's own rule when resuming it). */
  openings?: OpeningDistinct;
}

/** What a run did. */
export interface PlayGamesSummary {
  /** The games file. */
  path: string;
  /** Games planned. */
  planned: number;
  /** Games played now. */
  played: number;
  /** Games already there. */
  resumed: number;
  /** Failed tries (recorded in errors.jsonl, then replayed). */
  errors: number;
  /** Wall time in seconds. */
  wallS: number;
  /** Share of the game slots' time spent inside engine searches. */
  searchShare: number;
  /** Opening sets built in this run, and the searches they took. */
  openings: { built: number; searches: number };
}

/** Two engines (white, black) with the method's options. */
class GameSlot {
  engines: UciEngine[] = [];
  constructor(readonly engine: ResolvedEngine, readonly options: Record<string, string | number | boolean>) {}
  async start(): Promise<UciEngine[]> {
    if (this.engines.length === 2 && this.engines.every((e) => !e.exited)) return this.engines;
    this.kill();
    this.engines = await Promise.all([0, 1].map(() => launchEngine(this.engine, this.options)));
    return this.engines;
  }
  kill(): void {
    for (const e of this.engines) e.kill();
    this.engines = [];
  }
  async close(): Promise<void> {
    await Promise.all(this.engines.map((e) => e.quit()));
    this.engines = [];
  }
}

/**
 * Moves a games file (with its opening sets and error log) that no longer
 * follows from the MBI table or the configuration into `stale-<time>/`; says
 * so. Nothing is deleted.
 */
async function moveAside(path: string, why: string, log: (line: string) => void): Promise<void> {
  const dir = join(dirname(path), `stale-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  await makeFolder(dir);
  for (const f of [path, openingsPath(path), join(dirname(path), "errors.jsonl"), manifestPath(path)]) {
    await Deno.rename(f, join(dir, basename(f))).catch(() => {});
  }
  log(`${why}: moved the old games to ${displayPath(dir)}/ and playing them all again`);
}

/**
 * Repairs a games file that holds a game twice (two runs at once, before
 * complete locks): when every repeated game equals the first of its key
 * (position, game, result, moves), the file is rewritten atomically with the
 * first of each; when one differs nothing is written and the error names both
 * lines. True when the file was rewritten.
 */
export async function repairRepeatedGames(path: string, log: (line: string) => void): Promise<boolean> {
  const content = await readGames(path);
  if (!content) return false;
  const first = new Map<string, { line: number; game: GameRecord }>();
  const drop = new Set<number>();
  const same = (a: GameRecord, b: GameRecord) => a.result === b.result && a.moves.join(" ") === b.moves.join(" ");
  content.records.forEach((g, i) => {
    const key = `${g.sp}:${g.game}`;
    const seen = first.get(key);
    if (!seen) return void first.set(key, { line: i + 2, game: g });
    if (!same(seen.game, g)) {
      throw new MbiError(
        "selfplay-config",
        `${displayPath(path)} holds two different games ${g.game} of SP ${g.sp} (lines ${seen.line} and ${
          i + 2
        }); not repairing it: keep the right line by hand`,
      );
    }
    drop.add(i + 2);
  });
  if (drop.size === 0) return false;
  const intact = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    (await Deno.readFile(path)).subarray(0, content.intactBytes),
  );
  await writeFileAtomic(path, intact.split("\n").filter((l, i) => l !== "" && !drop.has(i + 1)).join("\n") + "\n");
  log(`repaired ${displayPath(path)}: removed ${drop.size} repeated game(s) identical to the first`);
  return true;
}

/** Runs or resumes stage 4 (or one shard of it). */
export async function playGames(opts: PlayGamesOptions): Promise<PlayGamesSummary> {
  const t0 = performance.now();
  const { profile, engine } = opts;
  const log = opts.log ?? console.error;
  const sp = profile.selfplay;
  const selection = planPositions(opts.table, sp.positions, profile.seed, opts.positions);
  const options = engine.entry.options;
  const path = gamesPath(opts.outDir, opts.shard);
  let errors = 0;
  let searchMs = 0;
  let builtSearches = 0;
  let built = 0;
  let config: SelfplayConfig | undefined;
  const sets = new Map<number, OpeningSet>();
  const errorsPath = join(dirname(path), "errors.jsonl");
  const outcome = await resumableRun<SelfplayHeader, GameRecord, GameTask, GameSlot>({
    pool: "games",
    label: "selfplay",
    profile: profile.name,
    path,
    manifest: {
      kind: "mbi-selfplay-manifest",
      schema: SELFPLAY_SCHEMA,
      of: "a self-play games file",
      todoKey: "to_play",
      doneKey: "played",
    },
    companions: [openingsPath(path), errorsPath],
    engine,
    options,
    workers: opts.workers,
    log,
    onProgress: opts.onProgress,
    plan: async ({ identity, options: set }) => {
      const planned: SelfplayConfig = {
        engine_fingerprint: identity.fingerprint,
        options: Object.fromEntries(Object.entries(set).filter(([k]) => k !== "MultiPV")),
        ...profileDesign(profile),
        adjudication: DEFAULT_ADJUDICATION,
        positions: selection.map((s) => s.sp),
      };
      const want = continuedConfig((await readGames(path))?.header.config, planned, opts.openings);
      config = want;
      const input = {
        path: recordedPath(opts.tableFile.path),
        sha256: opts.tableFile.sha256,
        rows_sha256: mbiRowsHash(opts.table),
      };
      const { existing, fresh } = await checkedGames(path, want, input, selection, log);
      const done = new Set((existing?.records ?? []).map((g) => `${g.sp}:${g.game}`));
      const all = shardOf(plannedGames(want), opts.shard);
      const tasks = all.filter((k) => !done.has(k)).map((k): GameTask => {
        const [spText, gameText] = k.split(":");
        return { pos: selection.find((p) => p.sp === Number(spText))!, game: Number(gameText) };
      });
      const openings = await openingSets(want, tasks, { ...opts, path, selection, log });
      for (const [s, set] of openings.sets) sets.set(s, set);
      built = openings.built;
      builtSearches = openings.searches;
      return {
        existing,
        fresh,
        tasks,
        planned: all.length,
        config: want,
        header: async (): Promise<SelfplayHeader> => ({
          kind: "mbi-selfplay-games",
          schema: SELFPLAY_SCHEMA,
          profile: profile.name,
          config: want,
          engine: identity,
          selection,
          method: SELFPLAY_METHOD,
          input,
          shard: opts.shard ?? null,
          created: new Date().toISOString(),
          code: await codeVersion(),
        }),
      };
    },
    worker: () => new GameSlot(engine, options),
    run: async (slot, { pos, game }, append) => {
      const spec = gameSpec(config!, pos, game, sets.get(pos.sp)!);
      for (let attempt = 1;; attempt++) {
        try {
          const [white, black] = await slot.start();
          const record = await playGame(white, black, spec);
          await append(record);
          searchMs += record.search_ms;
          // The nodes asked for: `go nodes N` for every move not taken from the opening set (the engine
          // reports no total per game; it stops within a few hundred nodes of N).
          return record.info.filter((m) => !m.opening).length * config!.nodes_per_move;
        } catch (e) {
          if (
            !(e instanceof GameError || e instanceof EngineExitedError || e instanceof EngineTimeoutError ||
              e instanceof IllegalMoveError)
          ) throw e;
          errors++;
          await appendJsonLine(errorsPath, {
            sp: pos.sp,
            game,
            attempt,
            error: e.message,
            at: new Date().toISOString(),
          });
          log(`SP ${pos.sp} game ${game}, try ${attempt}: ${e.message}; restarting both engines`);
          slot.kill(); // restart both engines, then replay the game from its seed
          if (attempt >= 2) throw e;
        }
      }
    },
  });
  const slotMs = outcome.poolMs * outcome.workers.length;
  return {
    path,
    planned: outcome.planned,
    played: outcome.done,
    resumed: outcome.resumed,
    errors,
    wallS: (performance.now() - t0) / 1000,
    searchShare: slotMs > 0 && outcome.done ? searchMs / slotMs : 0,
    openings: { built, searches: builtSearches },
  };
}

/** One game to play: the position and the game's index (1-based). */
interface GameTask {
  pos: SelectedPosition;
  game: number;
}

/**
 * The games file checked against the configuration: one of another
 * configuration is moved aside (fresh), one whose table changed but not its
 * positions gets its header brought up to date, games stored twice are repaired.
 */
async function checkedGames(
  path: string,
  config: SelfplayConfig,
  input: SelfplayHeader["input"],
  selection: SelectedPosition[],
  log: (line: string) => void,
): Promise<{ existing: JsonlContent<SelfplayHeader, GameRecord> | undefined; fresh: boolean }> {
  let existing = await readGames(path);
  let fresh = false;
  if (existing) {
    const diff = selfplayConfigDifference(existing.header.config, config);
    if (diff) {
      await moveAside(path, `${displayPath(path)} holds games of another configuration or table (${diff})`, log);
      existing = undefined;
      fresh = true;
    } else if (existing.header.input?.rows_sha256 !== input.rows_sha256) {
      // The table changed but not the positions drawn from it: the games (which depend only on the
      // positions, seeds and budgets) stay valid; the header is brought up to date.
      const text = await Deno.readTextFile(path);
      const rest = text.slice(text.indexOf("\n") + 1, existing.intactBytes);
      await writeFileAtomic(path, JSON.stringify({ ...existing.header, input, selection }) + "\n" + rest);
      log(
        `the MBI table changed but not the positions it gives self-play: the ${existing.records.length} games stay; header updated`,
      );
      existing = await readGames(path);
    }
  }
  if (existing && await repairRepeatedGames(path, log)) existing = await readGames(path);
  return { existing, fresh };
}

/** Builds (resumably, like the games) the opening sets of the positions the tasks need that the file lacks. */
async function openingSets(
  config: SelfplayConfig,
  tasks: readonly GameTask[],
  opts: PlayGamesOptions & { path: string; selection: SelectedPosition[]; log: (line: string) => void },
): Promise<{ sets: Map<number, OpeningSet>; built: number; searches: number }> {
  const { engine, selection, log } = opts;
  const options = engine.entry.options;
  const setsPath = openingsPath(opts.path);
  const setsFile = await readOpenings(setsPath);
  if (setsFile && selfplayConfigDifference(setsFile.header.config, config)) {
    throw new MbiError(
      "selfplay-config",
      `${displayPath(setsPath)} holds opening sets of another configuration; not appending`,
    );
  }
  const sets = new Map((setsFile?.records ?? []).map((s) => [s.sp, s]));
  const needed = [...new Set(tasks.map((t) => t.pos.sp))].filter((s) => !sets.has(s));
  let searches = 0;
  if (needed.length === 0) return { sets, built: 0, searches };
  const setsOut = await JsonlAppender.resume(setsPath, setsFile, () =>
    Promise.resolve({
      kind: "mbi-opening-sets" as const,
      schema: SELFPLAY_SCHEMA,
      profile: opts.profile.name,
      config,
      shard: opts.shard ?? null,
      created: new Date().toISOString(),
    }));
  const builders = await Promise.all(
    Array.from({ length: Math.max(1, Math.min(opts.workers, needed.length)) }, () => launchEngine(engine, options)),
  );
  const tracker = new ProgressTracker("opening sets", needed.length, 0);
  opts.onProgress?.(tracker.snapshot());
  try {
    await runPool("opening sets", needed, builders, async (e, s) => {
      const pos = selection.find((p) => p.sp === s)!;
      const set = await buildOpeningSet(e, pos, {
        games: config.games,
        nodesPerMove: config.nodes_per_move,
        rules: config.opening,
        seed: config.seed,
      });
      await setsOut.append(set);
      sets.set(s, set);
      searches += set.searches;
      if (set.shortfall) {
        log(
          `SP ${s}: only ${set.lines.length} distinct near-best lines up to ${set.plies} plies for ${config.games} games`,
        );
      }
      tracker.add();
      opts.onProgress?.(tracker.snapshot());
    });
  } finally {
    await setsOut.close();
    await Promise.all(builders.map((b) => b.quit()));
  }
  return { sets, built: needed.length, searches };
}
