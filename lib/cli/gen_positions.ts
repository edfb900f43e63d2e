/**
 * `deno task gen-positions`: writes `data/positions960.csv` again.
 *
 * @module
 */

import { POSITIONS_CSV_PATH, positionsCsv } from "../method/mod.ts";
import { repoPath } from "../core/mod.ts";
import { writeFileAtomic } from "../store/mod.ts";
import { command, runCommand } from "./command.ts";

/** The declaration of `deno task gen-positions`. */
export const COMMAND = command({
  name: "gen-positions",
  description: `writes ${POSITIONS_CSV_PATH} again: SP, back rank and FEN of the 960 start positions`,
  options: {},
});

await runCommand(import.meta, COMMAND, async () => {
  const path = repoPath(POSITIONS_CSV_PATH);
  await writeFileAtomic(path, positionsCsv());
  console.log(`wrote ${path} (960 positions)`);
});
