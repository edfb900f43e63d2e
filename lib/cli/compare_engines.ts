/**
 * `deno task compare-engines`: rank agreement between every pair of complete
 * stage-1 datasets under results/ (engines and budgets); writes
 * results/engine_comparison.json.
 *
 * @module
 */

import { compareAll } from "../analysis/mod.ts";
import { command, runCommand } from "./command.ts";
import { RESAMPLES } from "./options.ts";

/** The declaration of `deno task compare-engines`. */
export const COMMAND = command({
  name: "compare-engines",
  description: "rank agreement of every pair of complete stage-1 datasets (writes results/engine_comparison.json)",
  options: { resamples: { ...RESAMPLES, defaultText: "10000 (for Kendall's tau: 1000)" } },
});

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const r = await compareAll({ resamples: values.resamples });
    console.log(
      `datasets: ${r.datasets.map((d) => `${d.folder} (${d.engine}, ${JSON.stringify(d.limit)})`).join("; ")}`,
    );
    for (const p of r.pairs) {
      console.log(
        `${p.a} vs ${p.b} (${p.common} positions): Spearman ${p.spearman.rho.toFixed(3)} [${
          p.spearman.ci95.map((v) => v.toFixed(3)).join(", ")
        }], ` +
          `Kendall tau-b ${p.kendall.tau.toFixed(3)} [${
            p.kendall.ci95.map((v) => v.toFixed(3)).join(", ")
          }], MBI moves > 10: ${(100 * p.mbi_shift.share_over_10).toFixed(1)}%`,
      );
    }
    console.log(`wrote ${r.path}`);
  });
}
