/**
 * Stage 4 runner: W game slots (two engine processes each, one per colour)
 * play G seeded games of each chosen position into a resumable, append-only
 * `results/<profile>/selfplay/games.jsonl`. A game whose engine crashed, hung
 * or played an illegal move is recorded in `errors.jsonl`, the engines are
 * restarted and the game is replayed; it is never scored from a failed try.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { type ResolvedEngine } from "../../engine/registry.ts";
import { type EngineIdentity, engineIdentity } from "../../engine/identity.ts";
import { JsonlAppender, readJsonl } from "../../store/jsonl.ts";
import type { MbiTable } from "../../store/mbi_table.ts";
import type { Profile } from "../../method/profiles.ts";
import { type Progress, ProgressTracker } from "../progress.ts";
import { type CodeVersion, codeVersion, displayPath } from "../../store/provenance.ts";
import { deriveSeed } from "../../method/seed.ts";
import { EngineExitedError, EngineTimeoutError, type UciEngine } from "../../engine/uci.ts";
import { launchEngine } from "../../engine/launch.ts";
import { type AdjudicationRules, DEFAULT_ADJUDICATION } from "../../method/adjudication.ts";
import { GameError, type GameRecord, type GameSpec, type OpeningRules, playGame } from "./game.ts";
import { type SelectedPosition, selectPositions } from "../../method/selection.ts";
import { type MergeSpec, type Shard, shardOf } from "../../store/shards.ts";
import { MbiError, UsageError } from "../../core/errors.ts";

/** Schema version of self-play files. */
export const SELFPLAY_SCHEMA = 1;

/** What must be equal for games to belong to one run. */
export interface SelfplayConfig {
  /** Engine bench fingerprint. */
  engine_fingerprint: number | null;
  /** UCI options set on both engines (MultiPV is switched by the runner). */
  options: Record<string, string>;
  /** Node budget per move. */
  nodes_per_move: number;
  /** Games per position (game indices 1..games). */
  games: number;
  /** Base seed. */
  seed: number;
  /** Opening variation (K plies, MultiPV M, window W cp). */
  opening: OpeningRules;
  /** Adjudication rules. */
  adjudication: AdjudicationRules;
  /** The positions played, in stratum order. */
  positions: number[];
}

/** First line of `games.jsonl`. */
export interface SelfplayHeader {
  /** File kind. */
  kind: "mbi-selfplay-games";
  /** Schema version. */
  schema: number;
  /** Profile. */
  profile: string;
  /** Configuration. */
  config: SelfplayConfig;
  /** Engine identity. */
  engine: EngineIdentity;
  /** The chosen positions with eval, MBI and stratum. */
  selection: SelectedPosition[];
  /** How the positions and seeds were derived. */
  method: string;
  /** Stage-3 table the positions came from. */
  input: { path: string; sha256: string };
  /** The shard of the games this file holds, or null for all. */
  shard: Shard | null;
  /** Creation time. */
  created: string;
  /** Code version. */
  code: CodeVersion;
}

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
  /** Progress callback (per game). */
  onProgress?: (p: Progress) => void;
  /** Play only this shard of the games (into `shards/games.shard-i-of-n.jsonl`). */
  shard?: Shard;
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
}

/** How positions and seeds are derived, written into every games file. */
export const SELFPLAY_METHOD =
  "positions: sorted by edge_cp (ties by SP), split into P equal strata, one drawn per stratum with xoroshiro128+ seeded by deriveSeed(seed, 0x5e1ec7); " +
  "game g (1-based) of SP s has seed deriveSeed(seed, s, g) = splitmix64(splitmix64(splitmix64(seed) ^ s) ^ g); " +
  "for the first K plies the mover searches with MultiPV M and the move is drawn uniformly (xoroshiro128+ from the game seed) among the MultiPV moves within W cp of the best; then the engine's bestmove is played";

/** Raised for a games file of another configuration. */
export class SelfplayConfigError extends MbiError {
  /** Creates the error. */
  constructor(message: string) {
    super("selfplay-config", message);
    this.name = "SelfplayConfigError";
  }
}

/** Describes how two self-play configurations differ ("" when equal). */
export function selfplayConfigDifference(
  a: SelfplayConfig,
  b: SelfplayConfig,
): string {
  const keys = [
    ...new Set([...Object.keys(a), ...Object.keys(b)]),
  ] as (keyof SelfplayConfig)[];
  return keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => `${k} ${JSON.stringify(a[k])} vs ${JSON.stringify(b[k])}`).join(
      "; ",
    );
}

/** The positions to play: explicit SPs (must be in the table) or the stratified draw. */
export function planPositions(
  table: MbiTable,
  count: number,
  seed: number,
  explicit?: number[],
): SelectedPosition[] {
  const drawn = selectPositions(
    table.rows,
    Math.min(count, table.rows.length),
    seed,
  );
  if (!explicit) return drawn;
  return explicit.map((sp) => {
    const row = table.rows.find((r) => r.sp === sp);
    if (!row) {
      throw new UsageError(
        `SP ${sp} is not in the MBI table of profile ${table.profile} (${table.rows.length} positions)`,
      );
    }
    return {
      ...row,
      stratum: -1,
      stratum_edge_cp: [row.edge_cp, row.edge_cp] as [number, number],
    };
  });
}

/** Two engines (white, black) with the method's options. */
class GameSlot {
  engines: UciEngine[] = [];
  constructor(
    readonly engine: ResolvedEngine,
    readonly options: Record<string, string | number | boolean>,
  ) {}
  async start(): Promise<UciEngine[]> {
    if (this.engines.length === 2 && this.engines.every((e) => !e.exited)) {
      return this.engines;
    }
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

/** Reads a games file (header and records; a torn last line is reported). */
export async function readGames(path: string) {
  const content = await readJsonl<SelfplayHeader, GameRecord>(path);
  if (content && content.header?.kind !== "mbi-selfplay-games") {
    throw new SelfplayConfigError(`${path} is not a self-play games file`);
  }
  return content;
}

/** Builds the spec of game `game` (1-based) of a position. */
export function gameSpec(
  config: SelfplayConfig,
  position: { sp: number; fen: string },
  game: number,
): GameSpec {
  return {
    sp: position.sp,
    fen: position.fen,
    game,
    seed: deriveSeed(config.seed, position.sp, game),
    nodesPerMove: config.nodes_per_move,
    opening: config.opening,
    adjudication: config.adjudication,
  };
}

/** Runs or resumes stage 4. */
export async function runSelfplay(
  opts: SelfplayOptions,
): Promise<SelfplaySummary> {
  const t0 = performance.now();
  const { profile, engine } = opts;
  const sp = profile.selfplay;
  const selection = planPositions(
    opts.table,
    sp.positions,
    profile.seed,
    opts.positions,
  );
  const options = engine.entry.options;
  const slots = [new GameSlot(engine, options)];
  try {
    const [first] = await slots[0].start();
    const identity = await engineIdentity(engine, first);
    const config: SelfplayConfig = {
      engine_fingerprint: identity.fingerprint,
      options: Object.fromEntries(
        [...first.optionsSet].filter(([k]) => k !== "MultiPV"),
      ),
      nodes_per_move: sp.nodesPerMove,
      games: sp.games,
      seed: profile.seed,
      opening: {
        plies: sp.openingPlies,
        multipv: sp.multipv,
        windowCp: sp.windowCp,
      },
      adjudication: DEFAULT_ADJUDICATION,
      positions: selection.map((s) => s.sp),
    };
    const path = gamesPath(opts.outDir, opts.shard);
    const existing = await readGames(path);
    if (existing) {
      const diff = selfplayConfigDifference(existing.header.config, config);
      if (diff) {
        throw new SelfplayConfigError(
          `${path} holds games of another configuration (${diff}); not appending`,
        );
      }
    }
    const done = new Set(
      (existing?.records ?? []).map((g) => `${g.sp}:${g.game}`),
    );
    const all = shardOf(plannedGames(config), opts.shard);
    const tasks = all.filter((k) => !done.has(k)).map((k) => {
      const [spText, gameText] = k.split(":");
      return { pos: selection.find((p) => p.sp === Number(spText))!, game: Number(gameText) };
    });
    const planned = all.length;
    const appender = await JsonlAppender.resume(path, existing, async (): Promise<SelfplayHeader> => ({
      kind: "mbi-selfplay-games",
      schema: SELFPLAY_SCHEMA,
      profile: profile.name,
      config,
      engine: identity,
      selection,
      method: SELFPLAY_METHOD,
      input: {
        path: displayPath(opts.tableFile.path),
        sha256: opts.tableFile.sha256,
      },
      shard: opts.shard ?? null,
      created: new Date().toISOString(),
      code: await codeVersion(),
    }));
    const errorsPath = join(dirname(path), "errors.jsonl");
    const count = Math.max(1, Math.min(opts.workers, tasks.length));
    while (slots.length < count) slots.push(new GameSlot(engine, options));
    if (tasks.length) await Promise.all(slots.map((s) => s.start()));
    const tracker = new ProgressTracker(
      "selfplay",
      planned,
      planned - tasks.length,
    );
    opts.onProgress?.(tracker.snapshot());
    let next = 0;
    let errors = 0;
    let failure: unknown;
    let searchMs = 0;
    let slotMs = 0;
    const worker = async (slot: GameSlot) => {
      const started = performance.now();
      while (failure === undefined && next < tasks.length) {
        const { pos, game } = tasks[next++];
        const spec = gameSpec(config, pos, game);
        for (let attempt = 1;; attempt++) {
          try {
            const [white, black] = await slot.start();
            const record = await playGame(white, black, spec);
            await appender.append(record);
            searchMs += record.search_ms;
            tracker.add();
            opts.onProgress?.(tracker.snapshot());
            break;
          } catch (e) {
            if (
              !(e instanceof GameError || e instanceof EngineExitedError ||
                e instanceof EngineTimeoutError)
            ) {
              failure ??= e;
              break;
            }
            errors++;
            await Deno.writeTextFile(
              errorsPath,
              JSON.stringify({
                sp: pos.sp,
                game,
                attempt,
                error: e.message,
                at: new Date().toISOString(),
              }) + "\n",
              { append: true },
            );
            slot.kill(); // restart both engines, then replay the game from its seed
            if (attempt >= 2) {
              failure ??= e;
              break;
            }
          }
        }
      }
      slotMs += performance.now() - started;
    };
    await Promise.all(slots.map(worker));
    await appender.close();
    if (failure !== undefined) throw failure;
    return {
      path,
      planned,
      played: tasks.length,
      resumed: planned - tasks.length,
      errors,
      wallS: (performance.now() - t0) / 1000,
      searchShare: slotMs > 0 ? searchMs / slotMs : 0,
    };
  } finally {
    await Promise.all(slots.map((s) => s.close()));
  }
}

/** The games file of a folder: `games.jsonl`, or `shards/games.shard-i-of-n.jsonl`. */
export function gamesPath(outDir: string, shard?: Shard | null): string {
  return shard
    ? join(outDir, "shards", `games.shard-${shard.index}-of-${shard.count}.jsonl`)
    : join(outDir, "games.jsonl");
}

/** Keys `sp:game` of every planned game, positions in stratum order, games 1..G. */
export function plannedGames(config: SelfplayConfig): string[] {
  return config.positions.flatMap((sp) => Array.from({ length: config.games }, (_, i) => `${sp}:${i + 1}`));
}

/** How self-play shard files merge: by (SP, game), same configuration. */
export const SELFPLAY_MERGE: MergeSpec<SelfplayHeader, GameRecord> = {
  shard: (h) => h.shard,
  planned: (h) => shardOf(plannedGames(h.config), h.shard ?? undefined),
  key: (g) => `${g.sp}:${g.game}`,
  difference: (a, b) => {
    if (a?.kind !== "mbi-selfplay-games" || b?.kind !== "mbi-selfplay-games") return "not a self-play games file";
    return selfplayConfigDifference(a.config, b.config);
  },
  mergedHeader: (first, _records, sources) => ({ ...first, shard: null, merged_from: sources }) as SelfplayHeader,
  compare: (a, b) => a.sp - b.sp || a.game - b.game,
  stable: (g) => {
    const { wall_ms: _w, search_ms: _s, ...rest } = g;
    return rest;
  },
};
