/**
 * `deno task method-sample [--profile P] [--sample FILE]`: the method's budget
 * on a self-play design's positions beside the index they were drawn from —
 * the three correlations for both, the published distribution facts estimated
 * from the sample, and every rung's distance from the method's budget.
 * Writes `sample.json` beside the sample's `evals.jsonl`.
 *
 * @module
 */

import { methodSamplePath, runMethodSample } from "../stages/method_sample.ts";
import { displayPath } from "../store/provenance.ts";
import { correlationLine } from "./stats.ts";
import { type CliSpec, parseCli, runCli, userPath } from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";

const USAGE: CliSpec = {
  usage:
    "deno task method-sample [--profile P] [--sample FILE]\n  the method's budget on the self-play positions of profile P (default sample: results/full/sample<positions>/evals.jsonl)",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({ profile: { type: "string" }, sample: { type: "string" } }, USAGE);
    const { profile } = profileAndEngine(values.profile, {}, undefined, { requireBinary: false });
    const samplePath = values.sample === undefined ? methodSamplePath(profile) : userPath(values.sample);
    const { summary: s, path } = await runMethodSample({ profile, samplePath });
    console.log(`${s.about}`);
    for (const v of s.validation) {
      console.log(`values at ${v.budget} (${v.values_from}):`);
      for (const c of [v.eval_vs_score, v.mbi_vs_score, v.mbi_vs_imbalance]) console.log("  " + correlationLine(c));
      console.log(`  verdict: ${v.verdict.validation}; the index's claim: ${v.verdict.claim}`);
      console.log(`  ${v.published_check.sentence}`);
    }
    const m = s.facts[0].on_sample;
    console.log(
      `sample at ${s.sample.budget}: median ${m.median.estimate} [${
        m.median.ci95.join(", ")
      }], range ${m.min}..${m.max}, ` +
        `${m.below_zero.count} of ${m.n} below 0 (published over 960: median ${s.published_facts.median}, range ${s.published_facts.min}..${s.published_facts.max}, ${s.published_facts.negatives} below 0)`,
    );
    for (const d of s.distance_to_method) {
      console.log(
        `${d.dataset}: Spearman of edges with the sample's budget ${d.spearman_edges.rho.toFixed(3)} [${
          d.spearman_edges.ci95.map((x) => x.toFixed(3)).join(", ")
        }], median |Δcp| ${d.median_abs_delta_cp}`,
      );
    }
    console.error(`wrote ${displayPath(path)}`);
  });
}
