/**
 * Choosing the self-play positions from the MBI table, deterministically from
 * the seed: sort all positions by edge (ties by SP), split them into P strata
 * of (nearly) equal size, and draw one position per stratum with a generator
 * seeded by `deriveSeed(seed, 0x5e1ec7)`. The correlation is so measured over
 * the whole range of the index.
 *
 * @module
 */

import { deriveSeed, rngFromSeed } from "./seed.ts";
import { MbiError } from "../core/mod.ts";

/** Seed path element for the position draw (distinct from any SP or game index). */
export const SELECTION_STREAM = 0x5e1ec7;

/** What the draw needs of an MBI table row. */
export interface IndexedPosition {
  /** Start position number. */
  sp: number;
  /** Back rank. */
  setup: string;
  /** Start FEN. */
  fen: string;
  /** Engine value (cp, White). */
  eval_cp: number;
  /** |eval_cp|. */
  edge_cp: number;
  /** The index. */
  mbi: number;
}

/** A chosen position with its stratum. */
export interface SelectedPosition extends IndexedPosition {
  /** Stratum number (0 = smallest edges). */
  stratum: number;
  /** Edge range of the stratum [min, max]. */
  stratum_edge_cp: [number, number];
}

/** Draws `count` positions, one per edge stratum. */
export function selectPositions(
  rows: readonly IndexedPosition[],
  count: number,
  seed: number,
): SelectedPosition[] {
  if (!Number.isInteger(count) || count < 1 || count > rows.length) {
    throw new MbiError(
      "bad-argument",
      `cannot choose ${count} positions from ${rows.length} (allowed: 1..${rows.length})`,
    );
  }
  const sorted = [...rows].sort((a, b) => a.edge_cp - b.edge_cp || a.sp - b.sp);
  const rng = rngFromSeed(deriveSeed(seed, SELECTION_STREAM));
  const out: SelectedPosition[] = [];
  for (let s = 0; s < count; s++) {
    const from = Math.floor((s * sorted.length) / count);
    const to = Math.floor(((s + 1) * sorted.length) / count); // exclusive
    const r = sorted[from + rng.int(0, to - from - 1)];
    out.push({
      sp: r.sp,
      setup: r.setup,
      fen: r.fen,
      eval_cp: r.eval_cp,
      edge_cp: r.edge_cp,
      mbi: r.mbi,
      stratum: s,
      stratum_edge_cp: [sorted[from].edge_cp, sorted[to - 1].edge_cp],
    });
  }
  return out;
}
