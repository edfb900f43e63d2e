/**
 * `deno task pipeline`: stages 1–5 (resuming what is done), the rendered notebooks, and the dataset card and static
 * site.
 *
 * @module
 */

import { runPipeline } from "../analysis/mod.ts";
import { requireRendered, runStageNotebooks } from "../notebook/mod.ts";
import { formatDuration, profileAndEngine } from "../runs/mod.ts";
import type { OpeningDistinct } from "../selfplay/mod.ts";
import { displayPath, profileDir } from "../store/mod.ts";
import { buildSite } from "../site/mod.ts";
import { command, flag, runCommand } from "./command.ts";
import { ENGINE, OPENINGS, PROFILE, WORKERS } from "./options.ts";

/** The declaration of `deno task pipeline`. */
export const COMMAND = command({
  name: "pipeline",
  description: "stages 1-5 (resuming what is done), then the notebooks, then the dataset card and site",
  options: {
    profile: PROFILE,
    workers: WORKERS,
    engine: ENGINE,
    "no-notebooks": flag("skip the notebooks"),
    "no-site": flag("skip the dataset card and site"),
    openings: OPENINGS,
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { profile, engine } = profileAndEngine(values.profile, {}, values.engine);
  const workers = values.workers;
  const selfplay = engine.entry.limit === "nodes";
  const id = engine.entry.id;
  console.error(`pipeline: profile ${profile.name} (${profile.description}); engine ${id}; ${workers} workers`);
  if (!selfplay) {
    console.error(`engine ${id} honours only depth limits: stages 1-3 only (self-play is defined by nodes per move)`);
  }
  const notebooks = async (log: (line: string) => void) => requireRendered(await runStageNotebooks(profile, [], log));
  const site = async (log: (line: string) => void) => void await buildSite(profile, log);
  const t0 = performance.now();
  const times = await runPipeline({
    profile,
    engine,
    workers,
    selfplay,
    openings: values.openings as OpeningDistinct | undefined,
    after: [
      ...(values["no-notebooks"] ? [] : [{ name: "notebooks", run: notebooks }]),
      ...(values["no-site"] ? [] : [{ name: "site", run: site }]),
    ],
  });
  const each = Object.entries(times).map(([k, v]) => `${k} ${formatDuration(v)}`).join(", ");
  console.error(
    `pipeline done in ${formatDuration((performance.now() - t0) / 1000)} (${each}); ` +
      `results in ${displayPath(profileDir(profile))}/`,
  );
});
