/**
 * The whole method for one profile: stages 1–5, each resuming what is done, then the caller's later steps (the CLI
 * renders the notebooks and the site: layers above this one).
 *
 * @module
 */

import { type ResolvedEngine } from "../engine/mod.ts";
import { type Profile, rhoInterval, verdictsText } from "../method/mod.ts";
import { formatDuration, terminalProgress } from "../runs/mod.ts";
import { runEvaluation } from "../evaluation/mod.ts";
import { runDistribution } from "./distribution.ts";
import { deriveIndex } from "./mbi_index.ts";
import { type OpeningDistinct, runSelfplay } from "../selfplay/mod.ts";
import { runStatistics } from "./statistics.ts";

/** Options of {@link runPipeline}: the profile, its engine and worker processes (game slots), and the choices below. */
export interface PipelineOptions {
  profile: Profile;
  engine: ResolvedEngine;
  workers: number;
  /** Run stages 4 and 5 (self-play and statistics); false for engines that honour only depth limits. */
  selfplay?: boolean;
  /** What makes self-play's opening lines differ (default: by position, or a games file's own rule). */
  openings?: OpeningDistinct;
  /** Steps after stage 5 (e.g. rendering the notebooks), run in order. */
  after?: { name: string; run: (log: (line: string) => void) => Promise<void> }[];
  /** Log lines (default: stderr). */
  log?: (line: string) => void;
}

/** Runs stages 1–5 and the later steps; returns the wall time per step in seconds. */
export async function runPipeline(opts: PipelineOptions): Promise<Record<string, number>> {
  const log = opts.log ?? console.error;
  const { profile, engine, workers } = opts;
  const times: Record<string, number> = {};
  const step = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
    log(`== ${name}`);
    const t0 = performance.now();
    const r = await f();
    times[name] = (performance.now() - t0) / 1000;
    log(`   ${name}: ${formatDuration(times[name])}`);
    return r;
  };
  const s1 = await step(
    "stage 1 evaluation",
    () => runEvaluation({ profile, engine, workers, onProgress: terminalProgress() }),
  );
  log(`   ${s1.evaluated} evaluated, ${s1.resumed} already done -> ${s1.path}`);
  const s2 = await step("stage 2 distribution", () => runDistribution(profile));
  const e = s2.summary.eval;
  log(`   median ${e.median} cp, range ${e.min}..${e.max}, ${s2.summary.negatives.count} below 0`);
  const s3 = await step("stage 3 MBI", () => deriveIndex(profile));
  log(`   ${s3.table.rows.length} positions indexed${s3.written ? "" : " (unchanged)"}`);
  if (opts.selfplay !== false) {
    const s4 = await step(
      "stage 4 self-play",
      () => runSelfplay({ profile, engine, workers, onProgress: terminalProgress(), openings: opts.openings }),
    );
    log(`   ${s4.played} games played, ${s4.resumed} already done -> ${s4.path}`);
    const s5 = await step("stage 5 correlations", () => runStatistics(profile));
    const c = s5.summary.eval_vs_score, verdicts = verdictsText(s5.summary);
    log(`   rho(eval, score) ${rhoInterval(c, c.ci95_percentile)}: ${verdicts.validation}; claim ${verdicts.claim}`);
  }
  for (const s of opts.after ?? []) await step(s.name, () => s.run(log));
  return times;
}
