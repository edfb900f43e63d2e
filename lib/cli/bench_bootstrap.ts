/**
 * `deno task bench-bootstrap`: time of 10,000 bootstrap resamples of
 * Spearman's rho over 60 and over 960 pairs (figures for notes; no assertions).
 *
 * @module
 */

import { median } from "../stages/bench_eval.ts";
import { rngFromSeed } from "../method/seed.ts";
import { bootstrapSpearman } from "../method/stats.ts";
import { type CliSpec, parseCli, positiveInt, runCli } from "./common.ts";

const USAGE: CliSpec = {
  usage:
    "deno task bench-bootstrap [--resamples B]\n  time of B bootstrap resamples of Spearman's rho over 60 and 960 pairs",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(() => {
    const { values } = parseCli({ resamples: { type: "string" } }, USAGE);
    const B = positiveInt("resamples", values.resamples) ?? 10_000;
    const rng = rngFromSeed(1n);
    for (const n of [60, 960]) {
      const x = Array.from({ length: n }, () => rng.int(-7, 83));
      const y = Array.from({ length: n }, () => rng.int(0, 20) / 20);
      const times: number[] = [];
      for (let rep = 0; rep < 3; rep++) {
        const t0 = performance.now();
        bootstrapSpearman(x, y, { resamples: B });
        times.push(performance.now() - t0);
      }
      console.log(
        `${B.toLocaleString("en-US")} resamples over ${n} pairs (tied data): median ${
          median(times).toFixed(0)
        } ms of 3 runs (${times.map((t) => t.toFixed(0)).join(", ")} ms)`,
      );
    }
    return Promise.resolve(0);
  });
}
