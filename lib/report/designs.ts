/**
 * The self-play designs of a dataset other than its profile's own (e.g. 60
 * positions × 50 games at 30,000 nodes per move on the 8M index), read once
 * and checked: the stage-4 results and stage-5 summary of each, and the
 * method's budget on its positions as far as it has got. The limitations and
 * the site both take what this returns, so a build reads each design once.
 *
 * @module
 */

import { isMethodSelfplay, type Profile } from "../method/mod.ts";
import { summarisedDesigns } from "../store/mod.ts";
import { currentStatistics, type Summary } from "../analysis/mod.ts";
import { type SelfplayResults } from "../selfplay/mod.ts";
import { type MethodSampleState, methodSampleState } from "./method_sample.ts";

/** One summarised self-play design of a dataset, with what was computed from it. */
export interface DesignResults {
  /** The design's profile (its results key names the design). */
  design: Profile;
  /** Stage 4's results per position. */
  selfplay: SelfplayResults;
  /** Stage 5's summary of its games. */
  summary: Summary;
  /** The method's budget on its positions, undefined while none has been started. */
  sample: MethodSampleState | undefined;
}

/**
 * The summarised self-play designs of a profile's folder (its own aside), the
 * one at the method's own size and budget per move first (the check a reader
 * came for), the others in the order of their folders; each checked to
 * follow from its inputs; throws a `stage-input` MbiError naming the stale
 * file and the command that fixes it.
 */
export async function designResults(profile: Profile): Promise<DesignResults[]> {
  const out: DesignResults[] = [];
  for (const design of summarisedDesigns(profile)) {
    const { selfplay, summary } = await currentStatistics(design);
    // a summarised design has both: a summary without its games is refused by currentStatistics
    if (!selfplay || !summary) continue;
    out.push({
      design,
      selfplay,
      summary,
      sample: await methodSampleState(design, selfplay.positions.map((p) => p.sp)),
    });
  }
  // a stable sort: the method's design leads, the others keep their order
  return out.sort((a, b) => Number(isMethodSelfplay(b.design.selfplay)) - Number(isMethodSelfplay(a.design.selfplay)));
}
