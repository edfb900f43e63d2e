/**
 * One limitation as the pages and notebooks show it: the statement, its numbers and their files (computed in
 * limitations.ts and limitations_selfplay.ts).
 *
 * @module
 */

/** One limitation: a statement, the numbers it rests on and the files they came from. */
export interface Limitation {
  /** Stable id (e.g. `budget`, `rank-agreement:quick~eval500000`). */
  id: string;
  /** The statement in one short line (at most ~20 words), as a page lists it; `text` says it in full. */
  headline: string;
  /** The statement, with its numbers, for people. */
  text: string;
  /** The numbers the statement rests on. */
  figures: Record<string, number | string | boolean | null>;
  /** Result files the numbers were read or computed from (display paths). */
  sources: string[];
}
