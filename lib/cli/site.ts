/**
 * `deno task site`: the dataset card and the static site of a profile from its result files (nothing is recomputed).
 *
 * @module
 */

import { buildSite } from "../site/mod.ts";
import { getProfile } from "../store/mod.ts";
import { command, runCommand } from "./command.ts";
import { PROFILE } from "./options.ts";

/** The declaration of `deno task site`. */
export const COMMAND = command({
  name: "site",
  description: "the dataset card (DATASET.md) and the static site of a profile, from its result files",
  options: { profile: PROFILE },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  await buildSite(getProfile(values.profile), console.error);
});
