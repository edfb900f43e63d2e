/**
 * `deno task notebooks`: executes the stage notebooks headless with the Deno kernel. Without `--force` nothing runs
 * when neither the cells nor the result files the notebooks read changed since the last complete render.
 *
 * @module
 */

import { runStageNotebooks } from "../notebook/mod.ts";
import { getProfile } from "../store/mod.ts";
import { command, flag, runCommand } from "./command.ts";
import { PROFILE } from "./options.ts";

/** The declaration of `deno task notebooks`. */
export const COMMAND = command({
  name: "notebooks",
  description: "executes the stage notebooks headless and renders them to HTML",
  details: [
    "executed notebooks and renders go to results/<profile>/notebooks/ (notebooks~<tags>/ for a self-play design)",
  ],
  positionals: {
    value: "NOTEBOOK",
    help: "only these notebooks, by number (01 02 ...; default: all; a self-play design's key: its own, 04 05)",
    many: true,
  },
  options: {
    profile: PROFILE,
    force: flag("run even when neither the cells nor the result files they read changed since the last render"),
  },
});

await runCommand(import.meta, COMMAND, async ({ values, positionals }) => {
  const runs = await runStageNotebooks(getProfile(values.profile), positionals, console.error, values.force);
  return runs.every((r) => r.ok) ? 0 : 1;
});
