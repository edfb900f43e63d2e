/**
 * `deno task outcome-study`: does the order predict games? (aggregate figures only, in results/outcomes/study.json).
 *
 * @module
 */

import { displayPath } from "../store/mod.ts";
import { studyLines, studyPath, writeStudy } from "../report/mod.ts";
import { command, runCommand } from "./command.ts";

/** The declaration of `deno task outcome-study`. */
export const COMMAND = command({
  name: "outcome-study",
  description:
    "every dataset against every outcome table: rho with intervals, paired budget differences, agreement of the games, the published 0.76 (study.json)",
  details: [
    "a private table must have been built here (deno task outcomes --table FILE --private): its per-position values are read, only aggregates written",
  ],
  options: {},
});

await runCommand(import.meta, COMMAND, async () => {
  const s = await writeStudy();
  for (const l of studyLines(s)) console.log(l);
  console.log(`written: ${displayPath(studyPath())}`);
});
