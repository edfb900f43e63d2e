/**
 * `deno task pipeline [--profile P] [--workers W] [--engine ID|PATH] [--no-notebooks]`:
 * stages 1–5 (resuming what is done) and the rendered notebooks.
 *
 * @module
 */

import { profileAndEngine } from "../engines.ts";
import { runPipeline } from "../pipeline.ts";
import { formatDuration } from "../progress.ts";
import { parseCli, positiveInt, runCli } from "./common.ts";

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      profile: { type: "string" },
      workers: { type: "string" },
      engine: { type: "string" },
      "no-notebooks": { type: "boolean" },
    });
    const { profile, engine } = profileAndEngine(values.profile, {}, values.engine);
    const workers = positiveInt("workers", values.workers) ??
      navigator.hardwareConcurrency;
    console.error(
      `pipeline: profile ${profile.name} (${profile.description}); ${engine.entry.id}; ${workers} workers`,
    );
    const t0 = performance.now();
    const times = await runPipeline({
      profile,
      engine,
      workers,
      notebooks: !values["no-notebooks"],
    });
    console.error(
      `pipeline done in ${formatDuration((performance.now() - t0) / 1000)} (${
        Object.entries(times).map(([k, v]) => `${k} ${formatDuration(v)}`).join(
          ", ",
        )
      }); results in results/${profile.name}/`,
    );
  });
}
