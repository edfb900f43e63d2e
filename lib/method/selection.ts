/**
 * Choosing the self-play positions from the MBI table, deterministically from the seed: sort all positions by edge
 * (ties by SP), split them into P strata of (nearly) equal size, and draw one position per stratum with a generator
 * seeded by `deriveSeed(seed, 0x5e1ec7)`. The correlation is so measured over the whole range of the index.
 *
 * @module
 */

import { deriveSeed, rngFromSeed } from "./seed.ts";
import { MbiError } from "../core/mod.ts";

/** Seed path element for the position draw (distinct from any SP or game index). */
export const SELECTION_STREAM = 0x5e1ec7;

/** What the draw needs of an MBI table row. */
export interface IndexedPosition {
  sp: number;
  setup: string;
  fen: string;
  eval_cp: number;
  edge_cp: number;
  mbi: number;
}

/** A chosen position with its stratum (0 = smallest edges) and the stratum's edge range [min, max]. */
export interface SelectedPosition extends IndexedPosition {
  stratum: number;
  stratum_edge_cp: [number, number];
}

/** Draws `count` positions, one per edge stratum. */
export function selectPositions(rows: readonly IndexedPosition[], count: number, seed: number): SelectedPosition[] {
  const n = rows.length;
  if (!Number.isInteger(count) || count < 1 || count > n) {
    throw new MbiError("bad-argument", `cannot choose ${count} positions from ${n} (allowed: 1..${n})`);
  }
  const sorted = [...rows].sort((a, b) => a.edge_cp - b.edge_cp || a.sp - b.sp);
  const rng = rngFromSeed(deriveSeed(seed, SELECTION_STREAM));
  const out: SelectedPosition[] = [];
  for (let s = 0; s < count; s++) {
    const from = Math.floor((s * sorted.length) / count);
    const to = Math.floor(((s + 1) * sorted.length) / count); // exclusive
    const { sp, setup, fen, eval_cp, edge_cp, mbi } = sorted[from + rng.int(0, to - from - 1)];
    const range: [number, number] = [sorted[from].edge_cp, sorted[to - 1].edge_cp];
    out.push({ sp, setup, fen, eval_cp, edge_cp, mbi, stratum: s, stratum_edge_cp: range });
  }
  return out;
}
