/**
 * The self-play designs of a dataset other than its profile's own that stage 5 has summarised, each with the published
 * figure checked against it and the method's budget on its positions (`results/full/sample<P>/`) as far as it got.
 *
 * @module
 */

import { basename, join, relative } from "node:path";
import { dirEntries, hrefFrom } from "./data_files.ts";
import { pathExists } from "../core/mod.ts";
import { formatLimit } from "../engine/mod.ts";
import { bestmoveOffPv, type Profile, selfplayBudgetsText } from "../method/mod.ts";
import { profileDir, publishedPaths, recordedPath, selfplayDir, summaryPath } from "../store/mod.ts";
import { readVerifyRecord, verifyRecordPath } from "../analysis/mod.ts";
import { selfplayBudget } from "../selfplay/mod.ts";
import {
  checkAgainstPublished,
  checkPrediction,
  type DesignResults,
  designResults,
  methodSamplePath,
  type MethodSampleState,
  methodSampleSummaryPath,
  openingNotes,
  type PredictionCheck,
  predictionPath,
  readPrediction,
  sampleRunCommand,
} from "../report/mod.ts";

/** The method's budget on a design's positions, as far as it has got (see siteSample). */
export type SiteSample = Awaited<ReturnType<typeof siteSample>>;

/** A summarised self-play design of the dataset, as the page shows it (see siteDesign). */
export type SiteDesign = Awaited<ReturnType<typeof siteDesign>>;

/** The summarised self-play designs of a profile's folder (its own aside) as the page shows them (`designs`: read already). */
export async function siteDesigns(profile: Profile, designs?: readonly DesignResults[]): Promise<SiteDesign[]> {
  return await Promise.all((designs ?? await designResults(profile)).map((x) => siteDesign(profile, x)));
}

async function siteDesign(profile: Profile, { design, selfplay, summary, sample }: DesignResults) {
  return {
    /** The design's results key (`quick~eval8000000~pos60~games50~move30000`). */
    profile: design.name,
    /** Its self-play folder, relative to the profile folder. */
    selfplayFolder: relative(profileDir(design), selfplayDir(design)),
    summaryFile: basename(summaryPath(design)),
    selfplay,
    summary,
    /** The published rho(eval, score) against this design's interval and reliability. */
    published: checkAgainstPublished(summary.eval_vs_score, summary.reliability),
    /** The method's budget on its positions, when a sample of them exists. */
    sample: sample ? await siteSample(design, sample) : null,
    /** The prediction made before its first game, with the result beside it once there is one (null: none made). */
    prediction: await designPrediction(design, sample),
    /** What a position's view says of its opening set, where there is something to say, by SP. */
    opening_notes: await openingNotes(design, selfplay),
    /** Links from the dataset's page (relative to its site folder); the sample's files null while missing. */
    links: designLinks(profile, design),
  };
}

/** A design's prediction (from `prediction.json` in its self-play folder) beside the figure it predicted, once computed. */
async function designPrediction(design: Profile, sample?: MethodSampleState): Promise<PredictionCheck | null> {
  const p = await readPrediction(predictionPath(design));
  if (!p) return null;
  const paired = sample?.figures?.validation.find((v) => v.values_from === p.from.values);
  return checkPrediction(p, paired?.eval_vs_score.rho ?? null);
}

/** A design's self-play budget beside the method's: `60 × 50 games at 30,000 nodes/move (the method: 60 × 50 at 300,000)`. */
export const designBudgets = (d: SiteDesign): string => selfplayBudgetsText(selfplayBudget(d.selfplay));

/** The design's files as links from the dataset's page (notebooks: their HTML renders, when rendered). */
function designLinks(profile: Profile, design: Profile) {
  const href = (path: string) => hrefFrom(publishedPaths(profile).site, path);
  const sp = selfplayDir(design);
  const nbDir = publishedPaths(design).notebooks;
  const names = dirEntries(nbDir).filter((e) => e.isFile && e.name.endsWith(".html")).map((e) => e.name);
  const sample = methodSamplePath(design);
  const ifExists = (path: string) => pathExists(path) ? href(path) : null;
  return {
    games: href(join(sp, "games.jsonl")),
    pgn: href(join(sp, "games.pgn")),
    selfplay: href(join(sp, "selfplay.json")),
    summary: href(summaryPath(design)),
    notebooks: names.map((name) => ({ name, href: href(join(nbDir, name)) })),
    sample: ifExists(sample),
    sampleFigures: ifExists(methodSampleSummaryPath(sample, design)),
    sampleVerified: ifExists(verifyRecordPath(sample)),
  };
}

/** The design's sample at the method's budget, as far as it has got. */
async function siteSample(design: Profile, state: MethodSampleState) {
  const { path, dataset: d, figures } = state;
  const next = d.missing.length
    ? sampleRunCommand(path, d.header.positions, d.header.engine.id)
    : figures
    ? null
    : `deno task method-sample --profile ${design.name}`;
  return {
    /** The sample's `evals.jsonl` (display path) and its budget per position in words. */
    file: recordedPath(path),
    limit: formatLimit(d.header.config.limit),
    /** Its engine, fingerprint and build (SHA-256 of the engine's files). */
    engine: {
      uci_name: d.header.engine.uci_name,
      fingerprint: d.header.config.engine_fingerprint,
      sha256: d.header.engine.sha256,
    },
    /** Positions evaluated so far, of the design's. */
    evaluated: d.records.length,
    of: d.header.positions.length,
    /** The values so far (eval_cp null for a mate score). */
    values: d.records.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp, depth: r.depth })),
    /** The SPs of its records whose engine `bestmove` is not the PV's first move (see `bestmoveOffPv`). */
    bestmove_off_pv: bestmoveOffPv(d.records).map((r) => r.sp),
    /** `sample.json` (display path) and its figures, when it has been computed. */
    summary: figures ? { file: recordedPath(methodSampleSummaryPath(path, design)), figures } : null,
    /** The command that completes the sample or computes `sample.json`, while either is missing. */
    next,
    /** The recorded `verify-reproduce` checks of its positions (empty when none). */
    verified: (await readVerifyRecord(path))?.checks ?? [],
  };
}
