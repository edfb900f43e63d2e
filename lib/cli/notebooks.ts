/**
 * `deno task notebooks [--profile P] [01 02 …]`: executes the stage notebooks
 * headless with the Deno kernel; executed notebooks and HTML renders go to
 * `results/<profile>/notebooks/`.
 *
 * @module
 */

import { runStageNotebooks } from "../notebook/notebooks.ts";
import { parseCli, runCli } from "./common.ts";
import { getProfile } from "../store/results_key.ts";

if (import.meta.main) {
  await runCli(async () => {
    const { values, positionals } = parseCli({ profile: { type: "string" } });
    const runs = await runStageNotebooks(
      getProfile(values.profile),
      positionals,
    );
    return runs.every((r) => r.ok) ? 0 : 1;
  });
}
