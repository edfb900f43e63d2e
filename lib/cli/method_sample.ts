/**
 * `deno task method-sample`: the method's budget on a self-play design's positions beside the index they were drawn
 * from: the correlations for both, the published distribution facts, and every rung's distance from the method.
 *
 * @module
 */

import { methodSamplePath, runMethodSample } from "../report/mod.ts";
import { displayPath } from "../store/mod.ts";
import { verdictsText } from "../method/mod.ts";
import { fixedNonZero, iv } from "../core/mod.ts";
import { correlationLine } from "./stats.ts";
import { command, runCommand, userPath, valueOf } from "./command.ts";
import { PROFILE, resultsProfile } from "./options.ts";

/** The declaration of `deno task method-sample`. */
export const COMMAND = command({
  name: "method-sample",
  description: "the method's budget on a self-play design's positions beside the index they were drawn from",
  details: [
    "writes sample.json beside the sample's evals.jsonl (sample~<self-play tags>.json when sample.json holds another design's figures)",
  ],
  options: {
    profile: { ...PROFILE, help: "the self-play design (a results key with its self-play tags)" },
    sample: valueOf("FILE", "the sample's evals.jsonl at the method's budget", userPath, {
      defaultText: "results/full/sample<positions>/evals.jsonl",
    }),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const profile = resultsProfile({ profile: values.profile });
  const samplePath = values.sample ?? methodSamplePath(profile);
  const { summary: s, path } = await runMethodSample({ profile, samplePath });
  console.log(`${s.about}`);
  for (const v of s.validation) {
    console.log(`values at ${v.budget} (${v.values_from}):`);
    for (const c of [v.eval_vs_score, v.mbi_vs_score, v.mbi_vs_imbalance]) console.log("  " + correlationLine(c));
    console.log(`  verdict: ${verdictsText(v).validation}; the index's claim: ${verdictsText(v).claim}`);
    console.log(`  ${v.published_check.sentence}`);
  }
  const m = s.facts[0].on_sample, pub = s.published_facts;
  console.log(
    `sample at ${s.sample.budget}: median ${m.median.estimate} [${m.median.ci95.join(", ")}], ` +
      `range ${m.min}..${m.max}, ` +
      `${m.below_zero.count} of ${m.n} below 0 (published over 960: median ${pub.median}, range ${pub.min}..${pub.max}, ` +
      `${pub.negatives} below 0)`,
  );
  for (const d of s.distance_to_method) {
    const edges = `${fixedNonZero(d.spearman_edges.rho, 3)} ${iv(d.spearman_edges.ci95)}`;
    const rhoCi = d.eval_vs_score.ci95.map((x) => fixedNonZero(x, 3)).join(", ");
    const rho = `${fixedNonZero(d.eval_vs_score.rho, 3)} [${rhoCi}]`;
    console.log(
      `${d.dataset}: Spearman of edges with the sample's budget ${edges}, median |Δcp| ${d.median_abs_delta_cp}; ` +
        `rho(eval, score) ${rho}`,
    );
  }
  console.error(`wrote ${displayPath(path)}`);
});
