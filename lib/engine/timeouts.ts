/**
 * The time limits of the UCI client: how long the handshake, `isready` and a
 * search may take, from the search limit and the engine's measured speed.
 *
 * @module
 */

import type { SearchLimit } from "./limit.ts";

/**
 * Time limits of the client, in milliseconds. A node-limited search may take
 * `searchFactor` times its expected time at `nodesPerSecond` (the engine's
 * measured speed, when known), never less than `searchFloorMs` nor more than
 * `searchCapMs`; a depth-limited search has `depthSearchMs`.
 */
export interface EngineTimeouts {
  /** From start to `uciok` (the WASM build needs ~1.6 s; a first run also downloads it). */
  handshakeMs: number;
  /** From `isready` to `readyok`. */
  readyMs: number;
  /** Expected search speed (nodes per second); the default assumes a slow engine. */
  nodesPerSecond: number;
  /** How many times the expected search time a search may take. */
  searchFactor: number;
  /** Shortest search timeout. */
  searchFloorMs: number;
  /** Longest search timeout. */
  searchCapMs: number;
  /** Timeout of a depth-limited search (its length cannot be predicted). */
  depthSearchMs: number;
  /** A wait longer than this (and than twice a search's expected time) is reported, then every minute (default 10 s). */
  noticeMs?: number;
}

/** Default time limits, for an engine whose speed has not been measured (assumed 50,000 nodes/s). */
export const DEFAULT_TIMEOUTS: EngineTimeouts = {
  handshakeMs: 120_000,
  readyMs: 60_000,
  nodesPerSecond: 50_000,
  searchFactor: 10,
  searchFloorMs: 30_000,
  searchCapMs: 2 * 3600_000,
  depthSearchMs: 600_000,
};

/** The timeout of one search under `timeouts` (see {@link EngineTimeouts}). */
export function searchTimeoutMs(limit: SearchLimit, timeouts: EngineTimeouts): number {
  if (!("nodes" in limit)) return timeouts.depthSearchMs;
  const expected = (limit.nodes / timeouts.nodesPerSecond) * 1000;
  return Math.round(Math.min(timeouts.searchCapMs, Math.max(timeouts.searchFloorMs, timeouts.searchFactor * expected)));
}

/** Timeouts for an engine measured at `nodesPerSecond` (e.g. by the bench fingerprint). */
export function timeoutsForSpeed(nodesPerSecond: number | undefined): EngineTimeouts {
  return nodesPerSecond && nodesPerSecond > 0 ? { ...DEFAULT_TIMEOUTS, nodesPerSecond } : DEFAULT_TIMEOUTS;
}

/** How long a wait may last before it is reported, by default (see {@link EngineTimeouts.noticeMs}). */
export const WAIT_NOTICE_MS = 10_000;
