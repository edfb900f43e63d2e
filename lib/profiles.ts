/**
 * Profiles: the one definition of every budget, used by all stages, CLIs and
 * notebooks. Overriding a budget yields a profile named after the real
 * parameters, so its results never land in another profile's folder.
 *
 * @module
 */

import { CLASSICAL_SP, POSITION_COUNT } from "./chess960.ts";
import { repoPath } from "./paths.ts";

/** The method's base seed (self-play and bootstrap). */
export const METHOD_SEED = 20260825;

/** Budgets of the self-play validation (stage 4). */
export interface SelfplayBudget {
  /** Number of positions played (stratified over the index). */
  positions: number;
  /** Games per position. */
  games: number;
  /** Node budget per move. */
  nodesPerMove: number;
  /** Plies at the start of a game chosen among near-best moves (METHOD.md decision 3). */
  openingPlies: number;
  /** MultiPV width searched for those plies. */
  multipv: number;
  /** Window in centipawns from the best move within which an opening move may be drawn. */
  windowCp: number;
}

/** A complete set of budgets. */
export interface Profile {
  /** Folder name under `results/`. */
  name: string;
  /** One line on what the profile is for. */
  description: string;
  /** SP numbers evaluated in stage 1 (ascending). */
  positions: number[];
  /** Node budget per position in stage 1. */
  evalNodes: number;
  /** Depth budget per position in stage 1, for engines that honour only depth limits (else null). */
  evalDepth: number | null;
  /** Stage 4 budgets. */
  selfplay: SelfplayBudget;
  /** Bootstrap resamples in stage 5. */
  resamples: number;
  /** Base seed for self-play and bootstrap. */
  seed: number;
  /**
   * Engine of the profile's results: null for the MBI reference engine
   * (Stockfish 17.1, WASM or native: they search identically), else a
   * registry id; its results live in `results/<profile>@<id>/`.
   */
  engine: string | null;
}

const ALL = Array.from({ length: POSITION_COUNT }, (_, i) => i);

/** The CI profile's dozen positions: the corners of the numbering, the classical setup, and a spread. */
export const CI_POSITIONS = [
  0,
  1,
  100,
  212,
  333,
  404,
  517,
  CLASSICAL_SP,
  600,
  777,
  888,
  959,
];

const DEFAULT_OPENING = { openingPlies: 4, multipv: 5, windowCp: 30 };

/** The built-in profiles. */
export const PROFILES: Record<string, Profile> = {
  full: {
    name: "full",
    description: "the method: 960 x 400M nodes; 60 positions x 50 games at 300k nodes/move; 10,000 resamples",
    positions: ALL,
    evalNodes: 400_000_000,
    evalDepth: null,
    selfplay: {
      positions: 60,
      games: 50,
      nodesPerMove: 300_000,
      ...DEFAULT_OPENING,
    },
    resamples: 10_000,
    seed: METHOD_SEED,
    engine: null,
  },
  quick: {
    name: "quick",
    description: "the default main job: the whole pipeline in about 15 minutes on 2 cores with the WASM engine",
    positions: ALL,
    evalNodes: 125_000,
    evalDepth: null,
    selfplay: {
      positions: 24,
      games: 8,
      nodesPerMove: 4_000,
      ...DEFAULT_OPENING,
    },
    resamples: 10_000,
    seed: METHOD_SEED,
    engine: null,
  },
  ci: {
    name: "ci",
    description: "tests: a dozen positions at small budgets",
    positions: CI_POSITIONS,
    evalNodes: 20_000,
    evalDepth: null,
    selfplay: {
      positions: 6,
      games: 4,
      nodesPerMove: 1_000,
      ...DEFAULT_OPENING,
    },
    resamples: 1_000,
    seed: METHOD_SEED,
    engine: null,
  },
};

/** Raised for an unknown profile name. */
export class ProfileError extends Error {
  /** Creates the error with a one-line message. */
  constructor(message: string) {
    super(message);
    this.name = "ProfileError";
  }
}

/** Budget overrides from the command line. */
export interface ProfileOverrides {
  /** Stage 1 node budget. */
  evalNodes?: number;
  /** Stage 1 depth budget (engines without `go nodes`). */
  evalDepth?: number;
  /** Stage 4 games per position. */
  games?: number;
  /** Stage 4 node budget per move. */
  nodesPerMove?: number;
  /** Stage 4 number of positions. */
  selfplayPositions?: number;
  /** Stage 5 resamples. */
  resamples?: number;
}

/** The profile name used when none is given: `$MBI_PROFILE`, else `quick`. */
export function defaultProfileName(): string {
  return Deno.env.get("MBI_PROFILE") || "quick";
}

/**
 * Returns profile `name` with `overrides` applied. A budget that differs from
 * the profile's gives a new name built from the real parameters, e.g.
 * `quick~eval2000000`, so its results go to their own folder.
 */
export function getProfile(
  name = defaultProfileName(),
  overrides: ProfileOverrides = {},
  engine?: string | null,
): Profile {
  if (name.includes("@")) {
    // "quick@sf18-wasm": the results of another engine, side by side with the reference's.
    const [rest, tag] = name.split("@");
    if (engine && engine !== tag) {
      throw new ProfileError(`profile "${name}" belongs to engine ${tag}, not ${engine}`);
    }
    return getProfile(rest, overrides, tag);
  }
  if (name.includes("~")) {
    // A name built from real parameters (e.g. "quick~eval2000000") carries its overrides.
    const [baseName, ...tags] = name.split("~");
    const keys: Record<string, keyof ProfileOverrides> = {
      eval: "evalNodes",
      depth: "evalDepth",
      pos: "selfplayPositions",
      games: "games",
      move: "nodesPerMove",
      boot: "resamples",
    };
    const fromName: ProfileOverrides = {};
    for (const tag of tags) {
      const m = /^([a-z]+)(\d+)$/.exec(tag);
      if (!m || !keys[m[1]]) {
        throw new ProfileError(
          `unknown profile "${name}": "${tag}" is not a budget tag (eval, pos, games, move or boot + a number)`,
        );
      }
      fromName[keys[m[1]]] = Number(m[2]);
    }
    const given = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
    return getProfile(baseName, { ...fromName, ...given }, engine);
  }
  const base = PROFILES[name];
  if (!base) {
    throw new ProfileError(
      `unknown profile "${name}" (allowed: ${Object.keys(PROFILES).join(", ")})`,
    );
  }
  const p: Profile = structuredClone(base);
  const tags: string[] = [];
  if (
    overrides.evalNodes !== undefined && overrides.evalNodes !== p.evalNodes
  ) {
    p.evalNodes = overrides.evalNodes;
    tags.push(`eval${overrides.evalNodes}`);
  }
  if (overrides.evalDepth !== undefined && overrides.evalDepth !== p.evalDepth) {
    p.evalDepth = overrides.evalDepth;
    tags.push(`depth${overrides.evalDepth}`);
  }
  if (
    overrides.selfplayPositions !== undefined &&
    overrides.selfplayPositions !== p.selfplay.positions
  ) {
    p.selfplay.positions = overrides.selfplayPositions;
    tags.push(`pos${overrides.selfplayPositions}`);
  }
  if (overrides.games !== undefined && overrides.games !== p.selfplay.games) {
    p.selfplay.games = overrides.games;
    tags.push(`games${overrides.games}`);
  }
  if (
    overrides.nodesPerMove !== undefined &&
    overrides.nodesPerMove !== p.selfplay.nodesPerMove
  ) {
    p.selfplay.nodesPerMove = overrides.nodesPerMove;
    tags.push(`move${overrides.nodesPerMove}`);
  }
  if (
    overrides.resamples !== undefined && overrides.resamples !== p.resamples
  ) {
    p.resamples = overrides.resamples;
    tags.push(`boot${overrides.resamples}`);
  }
  if (tags.length) p.name = `${name}~${tags.join("~")}`;
  if (engine) {
    if (!/^[\w.-]+$/.test(engine)) throw new ProfileError(`engine tag "${engine}": only letters, digits, . _ -`);
    p.engine = engine;
    p.name = `${p.name}@${engine}`;
  }
  return p;
}

/** The profile's base name (`quick` for `quick~eval2000000@sf18-wasm`). */
export function baseProfileName(profile: Profile): string {
  return profile.name.split(/[~@]/)[0];
}

/** Absolute path of a profile's results folder (`results/<profile name>`). */
export function profileDir(profile: Profile): string {
  return repoPath("results", profile.name);
}
