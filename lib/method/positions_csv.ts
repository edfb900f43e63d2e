/**
 * The 960 start positions as a CSV file (`data/positions960.csv`): sp, setup, fen.
 *
 * @module
 */

import { allStartPositions } from "./chess960.ts";

/** Path of the committed positions file, relative to the repository root. */
export const POSITIONS_CSV_PATH = "data/positions960.csv";

/** Renders all 960 start positions as CSV text with header `sp,setup,fen`. */
export function positionsCsv(): string {
  const rows = allStartPositions().map((p) => `${p.sp},${p.setup},${p.fen}`);
  return ["sp,setup,fen", ...rows].join("\n") + "\n";
}
