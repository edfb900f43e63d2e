/**
 * `deno task compare-engines`: rank agreement between every pair of complete stage-1 datasets under results/ (engines
 * and budgets).
 *
 * @module
 */

import { compareAll } from "../analysis/mod.ts";
import { displayPath, RESULTS_ENV, resultsRoot } from "../store/mod.ts";
import { datasetLabel } from "../method/mod.ts";
import { formatLimit } from "../engine/mod.ts";
import { fixedNonZero, iv, MbiError, repoPath } from "../core/mod.ts";
import { command, runCommand } from "./command.ts";
import { RESAMPLES } from "./options.ts";

/** The declaration of `deno task compare-engines`. */
export const COMMAND = command({
  name: "compare-engines",
  description: "rank agreement of every pair of complete stage-1 datasets (writes results/engine_comparison.json)",
  options: { resamples: { ...RESAMPLES, defaultText: "10000 (for Kendall's tau: 1000)" } },
});

const ci = (c: readonly [number, number]) => iv(c);

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const r = await compareAll({ resamples: values.resamples });
  const root = displayPath(resultsRoot());
  const datasets = r.datasets.map((d) => `${d.folder} (${datasetLabel(d.engine, formatLimit(d.limit))})`).join("; ");
  console.log(`datasets under ${root}: ${datasets || "none complete"}`);
  if (r.pairs.length === 0) {
    const repo = displayPath(repoPath("results"));
    const published = resultsRoot() === repoPath("results")
      ? ""
      : `; the repository's published datasets are in ${repo} (unset ${RESULTS_ENV} to compare them)`;
    throw new MbiError(
      "stage-input",
      `nothing to compare: ${r.datasets.length} complete dataset(s) under ${root}, and a comparison needs two over ` +
        `at least 3 common positions (deno task eval-all --profile P --engine E makes one)${published}`,
    );
  }
  for (const p of r.pairs) {
    console.log(
      `${p.a} vs ${p.b} (${p.common} positions): Spearman ${fixedNonZero(p.spearman.rho, 3)} ${ci(p.spearman.ci95)}, ` +
        `Kendall tau-b ${fixedNonZero(p.kendall.tau, 3)} ${ci(p.kendall.ci95)}, ` +
        `MBI moves > 10: ${(100 * p.mbi_shift.share_over_10).toFixed(1)}%`,
    );
  }
  console.log(`wrote ${r.path}`);
});
