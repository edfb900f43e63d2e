/**
 * The 960 start positions as a CSV file (`data/positions960.csv`): sp, setup, fen.
 *
 * @module
 */

import { allStartPositions } from "./chess960.ts";
import { toCsv } from "../core/mod.ts";

/** Path of the committed positions file, relative to the repository root. */
export const POSITIONS_CSV_PATH = "data/positions960.csv";

/** Renders all 960 start positions as CSV text with header `sp,setup,fen`. */
export function positionsCsv(): string {
  return toCsv(allStartPositions(), ["sp", "setup", "fen"]);
}
