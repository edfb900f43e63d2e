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

/**
 * The statements with each said once: a statement whose headline and text repeat an earlier one's (two self-play
 * designs on the same positions say the same of the method's budget) joins it, its sources added to the first's.
 */
export function saidOnce(statements: readonly Limitation[]): Limitation[] {
  const out: Limitation[] = [];
  for (const l of statements) {
    const first = out.find((o) => o.headline === l.headline && o.text === l.text);
    if (first) first.sources = [...new Set([...first.sources, ...l.sources])];
    else out.push({ ...l, sources: [...l.sources] });
  }
  return out;
}
