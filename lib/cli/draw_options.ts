/**
 * The options `draw` and `book` share, declared once: the balance condition
 * and the exclusions, read into the library's terms.
 *
 * @module
 */

import { type Condition, parseExclusions } from "../method/mod.ts";
import { spOfSetup } from "../analysis/mod.ts";
import { text, whole } from "./command.ts";
import { PROFILE } from "./options.ts";
import { UsageError } from "./common.ts";

/** The MBI a draw or book keeps at least when no condition is given (about the most balanced tenth). */
export const DEFAULT_MIN_MBI = 90;

/** The options of the condition, the exclusions and the index. */
export const SELECTION_OPTIONS = {
  profile: { ...PROFILE, defaultText: "the best index here (the largest complete budget of the reference engine)" },
  "min-mbi": whole("N", "keep positions with an MBI of at least N (0..100)", {
    min: 0,
    defaultText: `${DEFAULT_MIN_MBI} when --max-edge is not given`,
  }),
  "max-edge": whole("CP", "keep positions whose edge |eval| is at most CP centipawns", { min: 0 }),
  exclude: text(
    "SP,...",
    "leave out these positions: SP numbers or back ranks, comma-separated (e.g. 518,534,RNBQKBNR)",
  ),
} as const;

/** The condition and the excluded SPs from the parsed options; a bad value is a usage error naming it. */
export function selection(
  values: { "min-mbi"?: number; "max-edge"?: number; exclude?: string },
): { condition: Condition; exclude: number[] } {
  const minMbi = values["min-mbi"], maxEdge = values["max-edge"];
  if (minMbi !== undefined && minMbi > 100) throw new UsageError(`--min-mbi ${minMbi}: the MBI runs 0..100`);
  const condition: Condition = minMbi === undefined && maxEdge === undefined
    ? { minMbi: DEFAULT_MIN_MBI }
    : { ...(minMbi !== undefined ? { minMbi } : {}), ...(maxEdge !== undefined ? { maxEdge } : {}) };
  const { sps, bad } = parseExclusions(values.exclude ?? "", spOfSetup);
  if (bad !== null) {
    throw new UsageError(
      `--exclude: "${bad.slice(0, 40)}" is neither an SP number (0..959) nor a back rank (8 letters of K, Q, R, B, N)`,
    );
  }
  return { condition, exclude: sps };
}
