/**
 * Stage 4 runner. First the opening set of every chosen position is built
 * (openings.ts; `openings.jsonl`, one record per position), then W game slots
 * (two engine processes each, one per colour) play G games of each position
 * into a resumable, append-only `games.jsonl`, game g taking its own line of
 * the set. A game whose engine crashed, hung or played an illegal move is
 * recorded in `errors.jsonl`, the engines are restarted and the game is
 * replayed; it is never scored from a failed try. One writer per games file
 * (a lock); a games file whose positions no longer follow from the MBI table
 * is moved aside, named, and the games are played again.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { type ResolvedEngine } from "../../engine/registry.ts";
import { engineIdentity } from "../../engine/identity.ts";
import { JsonlAppender } from "../../store/jsonl.ts";
import {
  type GameRecord,
  type OpeningSet,
  plannedGames,
  readGames,
  readOpenings,
  SELFPLAY_SCHEMA,
  type SelfplayConfig,
  selfplayConfigDifference,
  type SelfplayHeader,
} from "./records.ts";
import { mbiRowsHash, type MbiTable } from "../../store/mbi_table.ts";
import type { Profile } from "../../method/profiles.ts";
import { type Progress, ProgressTracker } from "../progress.ts";
import { codeVersion, displayPath } from "../../store/provenance.ts";
import { deriveSeed } from "../../method/seed.ts";
import { EngineExitedError, EngineTimeoutError, type UciEngine } from "../../engine/uci.ts";
import { launchEngine } from "../../engine/launch.ts";
import { DEFAULT_ADJUDICATION } from "../../method/adjudication.ts";
import { GameError, type GameSpec, playGame } from "./game.ts";
import { assignLines, buildOpeningSet } from "./openings.ts";
import { type SelectedPosition, selectPositions } from "../../method/selection.ts";
import { type Shard, shardOf } from "../../store/shards.ts";
import { MbiError } from "../../core/errors.ts";
import { acquireLock } from "../../store/lock.ts";
import { writeFileAtomic } from "../../store/atomic.ts";
import { runPool } from "../worker_pool.ts";
import { IllegalMoveError } from "../../method/rules.ts";

/** Options of {@link runSelfplay}. */
export interface SelfplayOptions {
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
}

/** What a run did. */
export interface SelfplaySummary {
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

/** How positions, opening lines and seeds are derived, written into every games file. */
export const SELFPLAY_METHOD =
  "positions: sorted by edge_cp (ties by SP), split into P equal strata, one drawn per stratum with xoroshiro128+ seeded by deriveSeed(seed, 0x5e1ec7); " +
  "opening set of a position: breadth-first lines from the start, each searched with ucinewgame, MultiPV M and the games' node budget and extended by every move within W cp of that search's best move; " +
  "a level with more lines than games keeps G of them drawn with xoroshiro128+ from deriveSeed(seed, sp, 0x09e75e7); lines are at least K plies deep, deeper (up to the maximum) until there are at least G; " +
  "game g (1-based) of SP s has seed deriveSeed(seed, s, g) = splitmix64(splitmix64(splitmix64(seed) ^ s) ^ g) and draws its line with that seed among the lines not taken by games 1..g-1; " +
  "the line's moves are played, then each engine plays its bestmove (MultiPV 1)";

/** The positions to play: explicit SPs (must be in the table) or the stratified draw. */
export function planPositions(
  table: MbiTable,
  count: number,
  seed: number,
  explicit?: number[],
): SelectedPosition[] {
  if (!explicit) return selectPositions(table.rows, Math.min(count, table.rows.length), seed);
  return explicit.map((sp) => {
    const row = table.rows.find((r) => r.sp === sp);
    if (!row) {
      throw new MbiError(
        "bad-argument",
        `SP ${sp} is not in the MBI table of profile ${table.profile} (${table.rows.length} positions)`,
      );
    }
    return { ...row, stratum: -1, stratum_edge_cp: [row.edge_cp, row.edge_cp] as [number, number] };
  });
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

/** Builds the spec of game `game` (1-based) of a position from its opening set. */
export function gameSpec(
  config: SelfplayConfig,
  position: { sp: number; fen: string },
  game: number,
  set: OpeningSet,
): GameSpec {
  const seedOf = (g: number) => deriveSeed(config.seed, position.sp, g);
  const index = assignLines(set, config.games, seedOf)[game - 1];
  return {
    sp: position.sp,
    fen: position.fen,
    game,
    seed: seedOf(game),
    nodesPerMove: config.nodes_per_move,
    opening: { index, line: set.lines[index] },
    adjudication: config.adjudication,
  };
}

/** The games file of a folder: `games.jsonl`, or `shards/games.shard-i-of-n.jsonl`. */
export function gamesPath(outDir: string, shard?: Shard | null): string {
  return shard
    ? join(outDir, "shards", `games.shard-${shard.index}-of-${shard.count}.jsonl`)
    : join(outDir, "games.jsonl");
}

/** The opening-sets file beside a games file. */
export function openingsPath(games: string): string {
  return join(dirname(games), basename(games).replace(/^games/, "openings"));
}

/**
 * Moves a games file (with its opening sets and error log) that no longer
 * follows from the MBI table or the configuration into `stale-<time>/`; says
 * so. Nothing is deleted.
 */
async function moveAside(path: string, why: string, log: (line: string) => void): Promise<void> {
  const dir = join(dirname(path), `stale-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  await Deno.mkdir(dir, { recursive: true });
  for (const f of [path, openingsPath(path), join(dirname(path), "errors.jsonl")]) {
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
  const intact = new TextDecoder().decode((await Deno.readFile(path)).subarray(0, content.intactBytes));
  await writeFileAtomic(path, intact.split("\n").filter((l, i) => l !== "" && !drop.has(i + 1)).join("\n") + "\n");
  log(`repaired ${displayPath(path)}: removed ${drop.size} repeated game(s) identical to the first`);
  return true;
}

/** Runs or resumes stage 4 (or one shard of it). */
export async function runSelfplay(opts: SelfplayOptions): Promise<SelfplaySummary> {
  const t0 = performance.now();
  const { profile, engine } = opts;
  const log = opts.log ?? console.error;
  const sp = profile.selfplay;
  const selection = planPositions(opts.table, sp.positions, profile.seed, opts.positions);
  const options = engine.entry.options;
  const path = gamesPath(opts.outDir, opts.shard);
  await Deno.mkdir(dirname(path), { recursive: true });
  const lock = await acquireLock(path, log);
  const slots: GameSlot[] = [];
  try {
    const probe = await launchEngine(engine, options);
    let identity, optionsSet;
    try {
      identity = await engineIdentity(engine, probe);
      optionsSet = Object.fromEntries([...probe.optionsSet].filter(([k]) => k !== "MultiPV"));
    } finally {
      await probe.quit();
    }
    const config: SelfplayConfig = {
      engine_fingerprint: identity.fingerprint,
      options: optionsSet,
      nodes_per_move: sp.nodesPerMove,
      games: sp.games,
      seed: profile.seed,
      opening: { plies: sp.openingPlies, multipv: sp.multipv, windowCp: sp.windowCp, maxPlies: 3 * sp.openingPlies },
      adjudication: DEFAULT_ADJUDICATION,
      positions: selection.map((s) => s.sp),
    };
    const input = {
      path: displayPath(opts.tableFile.path),
      sha256: opts.tableFile.sha256,
      rows_sha256: mbiRowsHash(opts.table),
    };
    let existing = await readGames(path);
    if (existing) {
      const diff = selfplayConfigDifference(existing.header.config, config);
      if (diff) {
        await moveAside(path, `${displayPath(path)} holds games of another configuration or table (${diff})`, log);
        existing = undefined;
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
    const done = new Set((existing?.records ?? []).map((g) => `${g.sp}:${g.game}`));
    const all = shardOf(plannedGames(config), opts.shard);
    const tasks = all.filter((k) => !done.has(k)).map((k) => {
      const [spText, gameText] = k.split(":");
      return { pos: selection.find((p) => p.sp === Number(spText))!, game: Number(gameText) };
    });
    const planned = all.length;

    // Opening sets of the positions this run needs (resumable, like the games).
    const setsPath = openingsPath(path);
    const setsFile = await readOpenings(setsPath);
    if (setsFile && selfplayConfigDifference(setsFile.header.config, config)) {
      throw new MbiError(
        "selfplay-config",
        `${displayPath(setsPath)} holds opening sets of another configuration; not appending`,
      );
    }
    const sets = new Map((setsFile?.records ?? []).map((s) => [s.sp, s]));
    const needed = [...new Set(tasks.map((t) => t.pos.sp))].filter((s) => !sets.has(s));
    let builtSearches = 0;
    const count = Math.max(1, Math.min(opts.workers, Math.max(tasks.length, needed.length)));
    if (needed.length) {
      const setsOut = await JsonlAppender.resume(setsPath, setsFile, () =>
        Promise.resolve({
          kind: "mbi-opening-sets" as const,
          schema: SELFPLAY_SCHEMA,
          profile: profile.name,
          config,
          shard: opts.shard ?? null,
          created: new Date().toISOString(),
        }));
      const builders = await Promise.all(
        Array.from({ length: Math.min(count, needed.length) }, () => launchEngine(engine, options)),
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
          builtSearches += set.searches;
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
    }

    const appender = await JsonlAppender.resume(path, existing, async (): Promise<SelfplayHeader> => ({
      kind: "mbi-selfplay-games",
      schema: SELFPLAY_SCHEMA,
      profile: profile.name,
      config,
      engine: identity,
      selection,
      method: SELFPLAY_METHOD,
      input,
      shard: opts.shard ?? null,
      created: new Date().toISOString(),
      code: await codeVersion(),
    }));
    const errorsPath = join(dirname(path), "errors.jsonl");
    while (slots.length < Math.min(count, Math.max(1, tasks.length))) slots.push(new GameSlot(engine, options));
    if (tasks.length) await Promise.all(slots.map((s) => s.start()));
    const tracker = new ProgressTracker("selfplay", planned, planned - tasks.length);
    opts.onProgress?.(tracker.snapshot());
    let errors = 0;
    let searchMs = 0;
    const slotStart = performance.now();
    let failure: unknown;
    try {
      await runPool("games", tasks, slots, async (slot, { pos, game }) => {
        const spec = gameSpec(config, pos, game, sets.get(pos.sp)!);
        for (let attempt = 1;; attempt++) {
          try {
            const [white, black] = await slot.start();
            const record = await playGame(white, black, spec);
            await appender.append(record);
            searchMs += record.search_ms;
            tracker.add();
            opts.onProgress?.(tracker.snapshot());
            return;
          } catch (e) {
            if (
              !(e instanceof GameError || e instanceof EngineExitedError || e instanceof EngineTimeoutError ||
                e instanceof IllegalMoveError)
            ) throw e;
            errors++;
            await Deno.writeTextFile(
              errorsPath,
              JSON.stringify({ sp: pos.sp, game, attempt, error: e.message, at: new Date().toISOString() }) + "\n",
              { append: true },
            );
            log(`SP ${pos.sp} game ${game}, try ${attempt}: ${e.message}; restarting both engines`);
            slot.kill(); // restart both engines, then replay the game from its seed
            if (attempt >= 2) throw e;
          }
        }
      });
    } catch (e) {
      failure = e;
    }
    const slotMs = (performance.now() - slotStart) * slots.length;
    await appender.close();
    if (failure !== undefined) throw failure;
    return {
      path,
      planned,
      played: tasks.length,
      resumed: planned - tasks.length,
      errors,
      wallS: (performance.now() - t0) / 1000,
      searchShare: slotMs > 0 && tasks.length ? searchMs / slotMs : 0,
      openings: { built: needed.length, searches: builtSearches },
    };
  } finally {
    await Promise.all(slots.map((s) => s.close()));
    await lock.release();
  }
}

export {
  mergeOpenings,
  type OpeningsHeader,
  plannedGames,
  readGames,
  readOpenings,
  SELFPLAY_MERGE,
  SELFPLAY_SCHEMA,
  type SelfplayConfig,
  selfplayConfigDifference,
  type SelfplayHeader,
} from "./records.ts";
