/**
 * Profiles: the one definition of every budget, used by all stages, CLIs and notebooks. How a profile with
 * overridden budgets is named (and where its results go) is the store's results key (`lib/store/results_key.ts`).
 *
 * @module
 */

import { CLASSICAL_SP, POSITION_COUNT } from "./chess960.ts";
import { MbiError } from "../core/mod.ts";

/** The method's base seed (self-play and bootstrap). */
export const METHOD_SEED = 20260825;

/**
 * Budgets of the self-play validation (stage 4): positions (stratified over the index), games each, nodes per move;
 * the first `openingPlies` plies of a game drawn among near-best moves (docs/METHOD.md decision 3): those within
 * `windowCp` centipawns of the best in a search `multipv` wide.
 */
export interface SelfplayBudget {
  positions: number;
  games: number;
  nodesPerMove: number;
  openingPlies: number;
  multipv: number;
  windowCp: number;
}

/** A complete set of budgets: stage 1's SPs (ascending) and nodes per position, stage 4's, stage 5's resamples. */
export interface Profile {
  /** The profile's full name: its results key (e.g. `quick~eval2000000@sf18-wasm`); see lib/store/results_key.ts. */
  name: string;
  description: string;
  positions: number[];
  evalNodes: number;
  /** Depth budget per position in stage 1, for engines that honour only depth limits (else null). */
  evalDepth: number | null;
  selfplay: SelfplayBudget;
  resamples: number;
  seed: number;
  /**
   * Engine of the profile's results: null for the MBI reference engine (Stockfish 17.1, WASM or native: they
   * search identically), else a registry id; its results live in `results/<profile>@<id>/`.
   */
  engine: string | null;
}

const ALL = Array.from({ length: POSITION_COUNT }, (_, i) => i);

/** The CI profile's dozen positions: the corners of the numbering, the classical setup, and a spread. */
export const CI_POSITIONS = [0, 1, 100, 212, 333, 404, 517, CLASSICAL_SP, 600, 777, 888, 959];

const DEFAULT_OPENING = { openingPlies: 4, multipv: 5, windowCp: 30 };

/** The built-in profiles. */
export const PROFILES: Record<string, Profile> = {
  full: {
    name: "full",
    description: "the method: 960 × 400M nodes; 60 positions × 50 games at 300k nodes/move; 10,000 resamples",
    positions: ALL,
    evalNodes: 400_000_000,
    evalDepth: null,
    selfplay: { positions: 60, games: 50, nodesPerMove: 300_000, ...DEFAULT_OPENING },
    resamples: 10_000,
    seed: METHOD_SEED,
    engine: null,
  },
  quick: {
    name: "quick",
    description: "the default main job: the whole pipeline at small budgets on 2 cores",
    positions: ALL,
    evalNodes: 125_000,
    evalDepth: null,
    selfplay: { positions: 24, games: 8, nodesPerMove: 4_000, ...DEFAULT_OPENING },
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
    selfplay: { positions: 6, games: 4, nodesPerMove: 1_000, ...DEFAULT_OPENING },
    resamples: 1_000,
    seed: METHOD_SEED,
    engine: null,
  },
};

/** Budget overrides from the command line: stage 1 (nodes, or depth for engines without `go nodes`), 4 and 5. */
export interface ProfileOverrides {
  evalNodes?: number;
  evalDepth?: number;
  /** Stage 4 games per position. */
  games?: number;
  nodesPerMove?: number;
  selfplayPositions?: number;
  resamples?: number;
}

/** A built-in profile by name (own properties only, so `constructor` is not a profile). */
export function builtinProfile(name: string): Profile {
  if (!Object.hasOwn(PROFILES, name)) {
    throw new MbiError("profile", `unknown profile "${name}" (allowed: ${Object.keys(PROFILES).join(", ")})`);
  }
  return structuredClone(PROFILES[name]);
}

/** True when a self-play design has the method's own size and budget per move (its positions × games at its nodes per move). */
export function isMethodSelfplay(s: Pick<SelfplayBudget, "positions" | "games" | "nodesPerMove">): boolean {
  const m = PROFILES.full.selfplay;
  return s.positions === m.positions && s.games === m.games && s.nodesPerMove === m.nodesPerMove;
}
