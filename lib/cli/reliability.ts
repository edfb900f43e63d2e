/**
 * `deno task reliability`: the reliability suite in one command — the probes of `reliability_test.ts` and the tests of
 * the guarantees the README names. Every file of it is also run by `deno task test`.
 *
 * @module
 */

import { repoPath } from "../core/mod.ts";
import { command, runCommand } from "./command.ts";

/** The suite's test files, from the repository root: the probes first, then the guarantees' tests. */
export const RELIABILITY_TESTS = [
  "lib/cli/reliability_test.ts",
  "lib/core/temp_files_test.ts",
  "lib/store/write_guard_test.ts",
  "lib/store/eval_dataset_test.ts",
  "lib/store/jsonl_test.ts",
  "lib/engine/info_test.ts",
  "lib/store/lock_test.ts",
  "lib/runs/concurrency_test.ts",
  "lib/cli/derived_test.ts",
  "lib/evaluation/eval_all_test.ts",
  "lib/selfplay/selfplay_test.ts",
  "lib/engine/uci_test.ts",
  "lib/core/errors_test.ts",
] as const;

/** The declaration of `deno task reliability`. */
export const COMMAND = command({
  name: "reliability",
  description:
    "the reliability suite in one command: symlink, design, undefined-correlation, full-disk, engine-output and SP probes, and the tests of the README's guarantees",
  details: [`runs deno test on ${RELIABILITY_TESTS.length} files (all of them part of deno task test too)`],
  options: {},
});

await runCommand(import.meta, COMMAND, async () => {
  const args = ["test", "-A", ...RELIABILITY_TESTS];
  return (await new Deno.Command(Deno.execPath(), { args, cwd: repoPath(), stdin: "null" }).spawn().status).code;
});
