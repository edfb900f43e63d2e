/**
 * `deno task site [--profile P]`: the dataset card and the static site of a
 * profile from its result files (nothing is recomputed).
 *
 * @module
 */

import { buildSite } from "../site/site.ts";
import { getProfile } from "../store/results_key.ts";
import { type CliSpec, parseCli, runCli } from "./common.ts";

const USAGE: CliSpec = {
  usage:
    "deno task site [--profile P]\n  the dataset card (DATASET.md) and the static site of a profile, from its result files",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({ profile: { type: "string" } }, USAGE);
    await buildSite(getProfile(values.profile), console.error);
  });
}
