/**
 * `deno task derive-mbi [--profile P] [--evals FILE] [--out DIR]`: derives the
 * MBI table from a profile's stage-1 dataset and writes again every file
 * derived from that dataset (the table and its views, `evals.csv`,
 * `distribution.json` and its plots, the site when there is one); or the
 * table of any JSONL/CSV file with `sp` and `eval_cp` (e.g. another engine's
 * dataset).
 *
 * @module
 */

import { dirname } from "node:path";
import { buildMbiTable, displayPath, mbiPaths, readPositionValues, writeMbiTable } from "../store/mod.ts";
import { deriveAll } from "./derive_all.ts";
import { command, runCommand, valueOf } from "./command.ts";
import { ENGINE, OUT_DIR, PROFILE, resultsProfile } from "./options.ts";
import { UsageError, userPath } from "./common.ts";

/** The declaration of `deno task derive-mbi`. */
export const COMMAND = command({
  name: "derive-mbi",
  description: "derives the MBI table of a stage-1 dataset (or of any JSONL/CSV with sp and eval_cp)",
  details: ["with --profile it writes again every file derived from the profile's dataset"],
  options: {
    profile: PROFILE,
    engine: ENGINE,
    evals: valueOf("FILE", "index this JSONL/CSV file with sp and eval_cp columns instead of a profile", userPath),
    out: { ...OUT_DIR, help: "with --evals: write the table into this folder", defaultText: "beside the --evals file" },
  },
});

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    if (!values.evals) {
      if (values.out) {
        throw new UsageError(
          "--out needs --evals (a profile's table goes to results/<profile>/)",
        );
      }
      const profile = resultsProfile(values);
      for (const line of await deriveAll(profile)) console.log(line);
      return;
    }
    const path = values.evals;
    const input = await readPositionValues(path);
    const table = await buildMbiTable(
      path,
      input,
      input.header?.profile ?? "custom",
    );
    const out = values.out ?? dirname(path);
    const { written } = await writeMbiTable(out, table);
    console.log(
      `${written ? "wrote" : "unchanged:"} ${
        displayPath(mbiPaths(out).json)
      }, .csv, .md (${table.rows.length} positions)`,
    );
  });
}
