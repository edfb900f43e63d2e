/**
 * Stage 4's run: W game slots (two engine processes each, one per colour) play G games of each chosen position into the
 * resumable, append-only `games.jsonl` by the shared resumable-run mechanism (lock, engine probe, configuration check,
 * resume, pool, manifest `games.manifest.json`); first the opening sets the games need are built (`openings.jsonl`). A
 * game whose engine crashed, hung or played an illegal move is recorded in `errors.jsonl`, the engines are restarted
 * and the game is replayed; it is never scored from a failed try. A games file whose configuration or positions no
 * longer follow is moved aside, named, and played again.
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
  dropRepeats,
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
import { buildOpeningSet } from "./openings.ts";
import { GameError, gamesPath, gameSpec, openingsPath, planPositions, playGame, SELFPLAY_METHOD } from "./plan.ts";
import {
  continuedConfig,
  type GameRecord,
  type OpeningDistinct,
  type OpeningSet,
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

/**
 * Options of {@link playGames}: the profile's budgets, the engine (both colours), game slots in parallel, the stage-3
 * table and its file's path and SHA-256 (for provenance), explicit SPs instead of the stratified draw, the output
 * folder, progress (per opening set, then per game), and messages (default stderr).
 */
export interface PlayGamesOptions {
  profile: Profile;
  engine: ResolvedEngine;
  workers: number;
  table: MbiTable;
  tableFile: { path: string; sha256: string };
  positions?: number[];
  outDir: string;
  onProgress?: (p: Progress) => void;
  /** Play only this shard of the games (into `shards/games.shard-i-of-n.jsonl`). */
  shard?: Shard;
  log?: (line: string) => void;
  /** What makes opening lines differ (default: by position, or a games file's own rule when resuming it). */
  openings?: OpeningDistinct;
}

/**
 * What a run did (`errors`: failed tries, recorded in errors.jsonl and replayed; `searchShare`: the share of the game
 * slots' time inside engine searches; `openings`: the sets built in this run and the searches they took).
 */
export interface PlayGamesSummary {
  path: string;
  planned: number;
  played: number;
  resumed: number;
  errors: number;
  wallS: number;
  searchShare: number;
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

/** Moves a games file (with its opening sets and error log) that no longer follows into `stale-<time>/`, and says so. */
async function moveAside(path: string, why: string, log: (line: string) => void): Promise<void> {
  const dir = join(dirname(path), `stale-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  await makeFolder(dir);
  for (const f of [path, openingsPath(path), join(dirname(path), "errors.jsonl"), manifestPath(path)]) {
    await Deno.rename(f, join(dir, basename(f))).catch(() => {});
  }
  log(`${why}: moved the old games to ${displayPath(dir)}/ and playing them all again`);
}

/** Repairs a games file holding a game twice whose copies agree in result and moves ({@link dropRepeats}). */
async function repairRepeatedGames(path: string, log: (line: string) => void): Promise<boolean> {
  const same = (a: GameRecord, b: GameRecord) => a.result === b.result && a.moves.join(" ") === b.moves.join(" ");
  const removed = await dropRepeats(path, await readGames(path), (g) => `${g.sp}:${g.game}`, same, (g, lines) => {
    const two = `two different games ${g.game} of SP ${g.sp} (${lines})`;
    const message = `${displayPath(path)} holds ${two}; not repairing it: keep the right line by hand`;
    return new MbiError("selfplay-config", message);
  });
  if (removed) log(`repaired ${displayPath(path)}: removed ${removed} repeated game(s) identical to the first`);
  return removed > 0;
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
  let openings = { built: 0, searches: 0 };
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
      openings = await openingSets(want, tasks, sets, { ...opts, path, selection, log });
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
          const at = new Date().toISOString();
          await appendJsonLine(errorsPath, { sp: pos.sp, game, attempt, error: e.message, at });
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
    openings,
  };
}

/** One game to play: the position and the game's index (1-based). */
type GameTask = { pos: SelectedPosition; game: number };

/**
 * The games file checked against the configuration: one of another configuration is moved aside (fresh), one whose
 * table changed but not its positions gets its header brought up to date, games stored twice are repaired.
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
      const stay = `the ${existing.records.length} games stay; header updated`;
      log(`the MBI table changed but not the positions it gives self-play: ${stay}`);
      existing = await readGames(path);
    }
  }
  if (existing && await repairRepeatedGames(path, log)) existing = await readGames(path);
  return { existing, fresh };
}

/** Fills `sets` from the opening-sets file, and builds (resumably, like the games) those the tasks need that it lacks. */
async function openingSets(
  config: SelfplayConfig,
  tasks: readonly GameTask[],
  sets: Map<number, OpeningSet>,
  opts: PlayGamesOptions & { path: string; selection: SelectedPosition[]; log: (line: string) => void },
): Promise<{ built: number; searches: number }> {
  const { engine, selection, log } = opts;
  const options = engine.entry.options;
  const setsPath = openingsPath(opts.path);
  const setsFile = await readOpenings(setsPath);
  if (setsFile && selfplayConfigDifference(setsFile.header.config, config)) {
    const message = `${displayPath(setsPath)} holds opening sets of another configuration; not appending`;
    throw new MbiError("selfplay-config", message);
  }
  for (const s of setsFile?.records ?? []) sets.set(s.sp, s);
  const needed = [...new Set(tasks.map((t) => t.pos.sp))].filter((s) => !sets.has(s));
  let searches = 0;
  if (needed.length === 0) return { built: 0, searches };
  const setsOut = await JsonlAppender.resume(setsPath, setsFile, () =>
    Promise.resolve({
      kind: "mbi-opening-sets" as const,
      schema: SELFPLAY_SCHEMA,
      profile: opts.profile.name,
      config,
      shard: opts.shard ?? null,
      created: new Date().toISOString(),
    }));
  const count = Math.max(1, Math.min(opts.workers, needed.length));
  const builders = await Promise.all(Array.from({ length: count }, () => launchEngine(engine, options)));
  const tracker = new ProgressTracker("opening sets", needed.length, 0);
  opts.onProgress?.(tracker.snapshot());
  try {
    await runPool("opening sets", needed, builders, async (e, s) => {
      const pos = selection.find((p) => p.sp === s)!;
      const set = await buildOpeningSet(e, pos, config);
      await setsOut.append(set);
      sets.set(s, set);
      searches += set.searches;
      const lines = `${set.lines.length} distinct near-best lines up to ${set.plies} plies`;
      if (set.shortfall) log(`SP ${s}: only ${lines} for ${config.games} games`);
      tracker.add();
      opts.onProgress?.(tracker.snapshot());
    });
  } finally {
    await setsOut.close();
    await Promise.all(builders.map((b) => b.quit()));
  }
  return { built: needed.length, searches };
}
