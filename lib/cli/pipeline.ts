/**
 * `deno task pipeline [--profile P] [--workers W] [--engine ID|PATH] [--no-notebooks] [--no-site]
 * [--openings position|moves]`:
 * stages 1–5 (resuming what is done), the rendered notebooks, and the dataset
 * card and static site.
 *
 * @module
 */

import { runPipeline } from "../analysis/mod.ts";
import { requireRendered, runStageNotebooks } from "../notebook/mod.ts";
import { formatDuration, profileAndEngine } from "../runs/mod.ts";
import { command, flag, runCommand } from "./command.ts";
import { ENGINE, OPENINGS, PROFILE, WORKERS } from "./options.ts";
import type { OpeningDistinct } from "../selfplay/mod.ts";
import { displayPath, profileDir } from "../store/mod.ts";
import { buildSite } from "../site/mod.ts";

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

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const { profile, engine } = profileAndEngine(values.profile, {}, values.engine);
    const workers = values.workers;
    const selfplay = engine.entry.limit === "nodes";
    console.error(
      `pipeline: profile ${profile.name} (${profile.description}); engine ${engine.entry.id}; ${workers} workers`,
    );
    if (!selfplay) {
      console.error(
        `engine ${engine.entry.id} honours only depth limits: stages 1-3 only (self-play is defined by nodes per move)`,
      );
    }
    const t0 = performance.now();
    const times = await runPipeline({
      profile,
      engine,
      workers,
      selfplay,
      openings: values.openings as OpeningDistinct | undefined,
      after: [
        ...(values["no-notebooks"] ? [] : [{
          name: "notebooks",
          run: async (log: (line: string) => void) => {
            requireRendered(await runStageNotebooks(profile, [], log));
          },
        }]),
        ...(values["no-site"] ? [] : [{
          name: "site",
          run: async (log: (line: string) => void) => void await buildSite(profile, log),
        }]),
      ],
    });
    console.error(
      `pipeline done in ${formatDuration((performance.now() - t0) / 1000)} (${
        Object.entries(times).map(([k, v]) => `${k} ${formatDuration(v)}`).join(
          ", ",
        )
      }); results in ${displayPath(profileDir(profile))}/`,
    );
  });
}
