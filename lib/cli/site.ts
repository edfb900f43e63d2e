/**
 * `deno task site [--profile P]`: the dataset card and the static site of a
 * profile from its result files (nothing is recomputed).
 *
 * @module
 */

import { buildSite } from "../site/site.ts";
import { getProfile } from "../store/results_key.ts";
import { parseCli, runCli } from "./common.ts";

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({ profile: { type: "string" } });
    await buildSite(getProfile(values.profile), console.error);
  });
}
