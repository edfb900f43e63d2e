/**
 * `deno task gen-positions`: (re)writes `data/positions960.csv`.
 *
 * @module
 */

import { POSITIONS_CSV_PATH, positionsCsv } from "../method/positions_csv.ts";
import { repoPath } from "../core/paths.ts";
import { writeFileAtomic } from "../store/atomic.ts";

if (import.meta.main) {
  const path = repoPath(POSITIONS_CSV_PATH);
  await writeFileAtomic(path, positionsCsv());
  console.log(`wrote ${path} (960 positions)`);
}
