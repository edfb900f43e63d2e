/**
 * `deno task compare-engines`: rank agreement between every pair of complete
 * stage-1 datasets under results/ (engines and budgets); writes
 * results/engine_comparison.json.
 *
 * @module
 */

import { compareAll } from "../stages/comparison.ts";
import { type CliSpec, parseCli, positiveInt, runCli } from "./common.ts";

const USAGE: CliSpec = {
  usage: "deno task compare-engines [--resamples B]\n  rank agreement of every pair of complete datasets",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({ resamples: { type: "string" } }, USAGE);
    const r = await compareAll({ resamples: positiveInt("resamples", values.resamples) });
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
