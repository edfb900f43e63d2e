/**
 * `deno task pipeline [--profile P] [--workers W] [--engine ID|PATH] [--no-notebooks] [--no-site]`:
 * stages 1–5 (resuming what is done), the rendered notebooks, and the dataset
 * card and static site.
 *
 * @module
 */

import { runPipeline } from "../stages/pipeline.ts";
import { requireRendered, runStageNotebooks } from "../notebook/notebooks.ts";
import { formatDuration } from "../stages/progress.ts";
import { type CliSpec, parseCli, runCli, workersOption } from "./common.ts";
import { displayPath } from "../store/provenance.ts";
import { profileDir } from "../store/results_key.ts";
import { profileAndEngine } from "../stages/run_config.ts";
import { buildSite } from "../site/site.ts";

const USAGE: CliSpec = {
  usage:
    "deno task pipeline [--profile P] [--workers W] [--engine ID|PATH] [--no-notebooks] [--no-site]\n  stages 1-5, then the notebooks, then the dataset card and site",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      profile: { type: "string" },
      workers: { type: "string" },
      engine: { type: "string" },
      "no-notebooks": { type: "boolean" },
      "no-site": { type: "boolean" },
    }, USAGE);
    const { profile, engine } = profileAndEngine(values.profile, {}, values.engine);
    const workers = workersOption(values.workers);
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
