/**
 * The self-play designs of a dataset other than its profile's own (e.g. 60
 * positions × 50 games at 30,000 nodes per move on the 8M index) that stage 5
 * has summarised: each with the published figure checked against it, and the
 * method's budget on its positions (`results/full/sample<P>/evals.jsonl`) —
 * the figures of its `sample.json` when there is one, else how far it has got
 * and the values it has.
 *
 * @module
 */

import { basename, join, relative, sep } from "node:path";
import { pathExists } from "../core/mod.ts";
import { formatLimit } from "../engine/mod.ts";
import { bestmoveOffPv, type Profile, selfplayBudgetsText } from "../method/mod.ts";
import { profileDir, publishedPaths, recordedPath, selfplayDir, summaryPath } from "../store/mod.ts";
import { readVerifyRecord, type Summary, type VerifyRecord, verifyRecordPath } from "../analysis/mod.ts";
import { selfplayBudget, type SelfplayResults } from "../selfplay/mod.ts";
import {
  checkAgainstPublished,
  checkPrediction,
  type DesignResults,
  designResults,
  type MethodSample,
  methodSamplePath,
  type MethodSampleState,
  methodSampleSummaryPath,
  openingNotes,
  type PredictionCheck,
  predictionPath,
  type PublishedCheck,
  readPrediction,
  sampleRunCommand,
} from "../report/mod.ts";

/** One position's value in the method's-budget sample. */
export interface SampleValue {
  /** Start position. */
  sp: number;
  /** Centipawns from White's view (null for a mate score). */
  eval_cp: number | null;
  /** Depth of the last completed iteration. */
  depth: number;
}

/** The method's budget on a design's positions, as far as it has got. */
export interface SiteSample {
  /** The sample's `evals.jsonl` (display path). */
  file: string;
  /** Its budget per position, in words. */
  limit: string;
  /** Its engine, fingerprint and build (SHA-256 of the engine's files). */
  engine: { uci_name: string; fingerprint: number | null; sha256: string };
  /** Positions evaluated so far. */
  evaluated: number;
  /** Positions planned (the design's). */
  of: number;
  /** The values so far, by SP. */
  values: SampleValue[];
  /** Its records whose engine `bestmove` is not the PV's first move (see `bestmoveOffPv`), by SP. */
  bestmove_off_pv: number[];
  /** `sample.json` (display path) and its figures, when it has been computed. */
  summary: { file: string; figures: MethodSample } | null;
  /** The command that completes the sample or computes `sample.json`, while either is missing. */
  next: string | null;
  /** The recorded `verify-reproduce` checks of its positions (empty when none). */
  verified: VerifyRecord["checks"];
}

/** A summarised self-play design of the dataset. */
export interface SiteDesign {
  /** The design's results key (`quick~eval8000000~pos60~games50~move30000`). */
  profile: string;
  /** Its self-play folder, relative to the profile folder. */
  selfplayFolder: string;
  /** Its summary file's name. */
  summaryFile: string;
  /** Stage 4's results per position. */
  selfplay: SelfplayResults;
  /** Stage 5's summary of its games. */
  summary: Summary;
  /** The published rho(eval, score) against this design's interval and reliability. */
  published: PublishedCheck;
  /** The method's budget on its positions, when a sample of them exists. */
  sample: SiteSample | null;
  /** The prediction made before its first game, with the result beside it once there is one (null: none made). */
  prediction: PredictionCheck | null;
  /** What a position's view says of its opening set, where there is something to say, by SP. */
  opening_notes: Record<number, string>;
  /** Links from the dataset's page (relative to its site folder): the games, their views, the summary, the notebooks, the sample. */
  links: {
    games: string;
    pgn: string;
    selfplay: string;
    summary: string;
    notebooks: { name: string; href: string }[];
    /** The sample at the method's budget (`evals.jsonl`), when it exists. */
    sample: string | null;
    /** Its figures (`sample.json`), when computed. */
    sampleFigures: string | null;
    /** Its recorded recomputations (`verify-reproduce.json`), when any. */
    sampleVerified: string | null;
  };
}

/**
 * The summarised self-play designs of a profile's folder (its own aside), as
 * the page shows them: from `designs` when the caller has read them (see
 * designResults), else read and checked here.
 */
export async function siteDesigns(
  profile: Profile,
  designs?: readonly DesignResults[],
): Promise<SiteDesign[]> {
  const out: SiteDesign[] = [];
  for (const { design, selfplay, summary, sample } of designs ?? await designResults(profile)) {
    out.push({
      profile: design.name,
      selfplayFolder: relative(profileDir(design), selfplayDir(design)),
      summaryFile: basename(summaryPath(design)),
      selfplay,
      summary,
      published: checkAgainstPublished(summary.eval_vs_score, summary.reliability),
      sample: sample ? await siteSample(design, sample) : null,
      prediction: await designPrediction(design, sample),
      opening_notes: await openingNotes(design, selfplay),
      links: designLinks(profile, design),
    });
  }
  return out;
}

/** A design's prediction (from `prediction.json` in its self-play folder) beside the figure it predicted, once computed. */
async function designPrediction(
  design: Profile,
  sample: MethodSampleState | undefined,
): Promise<PredictionCheck | null> {
  const p = await readPrediction(predictionPath(design));
  if (!p) return null;
  const paired = sample?.figures?.validation.find((v) => v.values_from === p.from.values);
  return checkPrediction(p, paired?.eval_vs_score.rho ?? null);
}

/** A design's self-play budget beside the method's: `60 × 50 games at 30,000 nodes/move (the method: 60 × 50 at 300,000)`. */
export function designBudgets(d: SiteDesign): string {
  return selfplayBudgetsText(selfplayBudget(d.selfplay));
}

/** The design's files as links from the dataset's page (notebooks: their HTML renders, when rendered). */
function designLinks(profile: Profile, design: Profile): SiteDesign["links"] {
  const site = publishedPaths(profile).site;
  const href = (path: string) => relative(site, path).split(sep).join("/");
  const sp = selfplayDir(design);
  const nbDir = publishedPaths(design).notebooks;
  let names: string[] = [];
  try {
    names = [...Deno.readDirSync(nbDir)].filter((e) => e.isFile && e.name.endsWith(".html")).map((e) => e.name).sort();
  } catch {
    // not rendered
  }
  const sample = methodSamplePath(design);
  return {
    games: href(join(sp, "games.jsonl")),
    pgn: href(join(sp, "games.pgn")),
    selfplay: href(join(sp, "selfplay.json")),
    summary: href(summaryPath(design)),
    notebooks: names.map((name) => ({ name, href: href(join(nbDir, name)) })),
    sample: pathExists(sample) ? href(sample) : null,
    sampleFigures: pathExists(methodSampleSummaryPath(sample, design))
      ? href(methodSampleSummaryPath(sample, design))
      : null,
    sampleVerified: pathExists(verifyRecordPath(sample)) ? href(verifyRecordPath(sample)) : null,
  };
}

/** The design's sample at the method's budget, as far as it has got. */
async function siteSample(design: Profile, state: MethodSampleState): Promise<SiteSample> {
  const sps = state.dataset.header.positions;
  const { path, dataset: d, figures } = state;
  const fix = d.missing.length
    ? sampleRunCommand(path, sps, d.header.engine.id)
    : figures
    ? null
    : `deno task method-sample --profile ${design.name}`;
  return {
    file: recordedPath(path),
    limit: formatLimit(d.header.config.limit),
    engine: {
      uci_name: d.header.engine.uci_name,
      fingerprint: d.header.config.engine_fingerprint,
      sha256: d.header.engine.sha256,
    },
    evaluated: d.records.length,
    of: d.header.positions.length,
    values: d.records.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp, depth: r.depth })),
    bestmove_off_pv: bestmoveOffPv(d.records).map((r) => r.sp),
    summary: figures ? { file: recordedPath(methodSampleSummaryPath(path, design)), figures } : null,
    next: fix,
    verified: (await readVerifyRecord(path))?.checks ?? [],
  };
}
