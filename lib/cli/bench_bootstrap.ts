/**
 * `deno task bench-bootstrap`: the time of bootstrap resamples of Spearman's rho over tied data (figures for notes; no
 * assertions).
 *
 * @module
 */

import { median } from "simple-statistics";
import { bootstrapSpearman, rngFromSeed } from "../method/mod.ts";
import { int } from "../core/mod.ts";
import { command, runCommand } from "./command.ts";
import { RESAMPLES } from "./options.ts";

/** The declaration of `deno task bench-bootstrap`. */
export const COMMAND = command({
  name: "bench-bootstrap",
  description: "time of B bootstrap resamples of Spearman's rho over 60 and over 960 pairs (figures, no assertions)",
  options: { resamples: { ...RESAMPLES, default: 10_000, defaultText: undefined } },
});

await runCommand(import.meta, COMMAND, ({ values }) => {
  const B = values.resamples;
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
    const runs = `median ${median(times).toFixed(0)} ms of 3 runs (${times.map((t) => t.toFixed(0)).join(", ")} ms)`;
    console.log(`${int(B)} resamples over ${n} pairs (tied data): ${runs}`);
  }
});
