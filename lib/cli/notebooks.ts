/**
 * `deno task notebooks [--profile P] [--force] [01 02 …]`: executes the stage
 * notebooks headless with the Deno kernel; executed notebooks and HTML renders
 * go to `results/<profile>/notebooks/`. Without `--force` nothing runs when
 * neither the cells nor the result files the notebooks read changed since the
 * last complete render.
 *
 * @module
 */

import { runStageNotebooks } from "../notebook/notebooks.ts";
import { type CliSpec, parseCli, runCli } from "./common.ts";
import { getProfile } from "../store/results_key.ts";

const USAGE: CliSpec = {
  usage:
    "deno task notebooks [--profile P] [--force] [01 02 ...]\n  executes the stage notebooks headless and renders HTML",
  positionals: "any",
};

if (import.meta.main) {
  await runCli(async () => {
    const { values, positionals } = parseCli({ profile: { type: "string" }, force: { type: "boolean" } }, USAGE);
    const runs = await runStageNotebooks(getProfile(values.profile), positionals, console.error, values.force);
    return runs.every((r) => r.ok) ? 0 : 1;
  });
}
