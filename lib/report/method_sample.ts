/**
 * The method's budget on a sample: stage 1 at 400,000,000 nodes for the positions a self-play design drew (one per edge
 * stratum of an index), set beside the index it was drawn from and every rung of the ladder (`sample.json`). The sample
 * is a dataset of its own: never an index over 960 positions and never mixed with another budget; its MBI is ranked
 * within the sample, and says so.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import {
  baseProfileName,
  codeVersion,
  datasetFolder,
  displayPath,
  type EvalDataset,
  evalFilePath,
  inputFiles,
  profileDir,
  readEvalDataset,
  readJsonIfExists,
  recordedPath,
  resultsRoot,
  selfplayDir,
  staleInputs,
  writeJsonUnlessSame,
} from "../store/mod.ts";
import {
  bootstrapSpearman,
  deriveMbi,
  evalBudgetText,
  type Profile,
  PROFILES,
  quantileSorted,
  sampleFacts,
  scoreReliability,
} from "../method/mod.ts";
import { loadSelfplay } from "../selfplay/mod.ts";
import {
  analyse,
  comparePair,
  EVAL_SCORE_STREAM,
  ladderDatasets,
  METHOD_DISTRIBUTION,
  type Pair,
  powerReport,
  REQUIRED_POWER,
  summarise,
} from "../analysis/mod.ts";
import { checkAgainstPublished } from "./published_check.ts";
import type { DatasetFacts, MethodSample, RungDistance } from "./method_sample_record.ts";
import { MbiError } from "../core/mod.ts";

/** Schema version of `sample.json`. */
export const METHOD_SAMPLE_SCHEMA = 1;

/** Bootstrap sub-streams of the sample's figures (apart from stage 5's 1–4 and the comparisons' 61–62). */
const FACT_STREAM = 80;

/** Where the method's budget on a design's sample of P positions lives: `results/full/sample<P>/evals.jsonl`. */
export function methodSamplePath(profile: Profile, root = resultsRoot()): string {
  return evalFilePath(join(root, "full", `sample${profile.selfplay.positions}`));
}

const nodesOf = (d: EvalDataset) => "nodes" in d.header.config.limit ? d.header.config.limit.nodes : 0;

function valuesOn(d: EvalDataset, sps: readonly number[]): number[] {
  const bySp = new Map(d.records.map((r) => [r.sp, r.eval_cp]));
  return sps.map((sp) => {
    const v = bySp.get(sp);
    if (v === undefined || v === null) {
      throw new MbiError("dataset", `${displayPath(d.path)} has no value for SP ${sp}`);
    }
    return v;
  });
}

/** Start positions in ascending order, comma-separated: the `--sp` list, and the key two sets of positions are compared by. */
function spList(positions: readonly number[]): string {
  return [...positions].sort((a, b) => a - b).join(",");
}

/**
 * The command that evaluates a design's sample, or resumes it with the engine its file was started with (another build
 * of the same fingerprint would be accepted, and the WASM one is several times slower).
 */
export function sampleRunCommand(path: string, positions: readonly number[], engine?: string): string {
  const engineFlag = engine ? ` --engine ${engine}` : "";
  return `deno task eval-all --profile full${engineFlag} --sp ${spList(positions)} --out ${displayPath(path)}`;
}

/** Reads the sample, checked: complete, in centipawns, the self-play's positions, the index's engine fingerprint. */
async function loadSample(path: string, positions: readonly number[], fingerprint: number | null) {
  const d = await readEvalDataset(path);
  const fix = `run ${sampleRunCommand(path, positions, d?.header.engine.id)}`;
  const file = displayPath(path);
  if (!d) throw new MbiError("stage-input", `no sample at ${file}: ${fix}`);
  if (spList(d.header.positions) !== spList(positions)) {
    const why = `holds other positions than the self-play's ${positions.length}; it is not this design's sample`;
    throw new MbiError("stage-input", `${file} ${why}`);
  }
  if (d.missing.length) {
    const has = `has ${d.records.length} of ${d.header.positions.length} positions`;
    throw new MbiError("stage-input", `${file} ${has}: ${fix} to finish`);
  }
  const mate = d.records.find((r) => r.eval_cp === null);
  if (mate) throw new MbiError("stage-input", `${file}: SP ${mate.sp} has no centipawn value (a mate score)`);
  const other = d.header.config.engine_fingerprint;
  if (other !== fingerprint) {
    const why = `was computed by an engine of fingerprint ${other}, the index by ${fingerprint}: not comparable`;
    throw new MbiError("engine-fingerprint", `${file} ${why}`);
  }
  return d;
}

/** Options of {@link computeMethodSample}. */
export interface MethodSampleOptions {
  /** The self-play design (a profile with self-play tags, e.g. `quick~eval8000000~pos60~games50~move30000`). */
  profile: Profile;
  /** The sample's evaluation file (default {@link methodSamplePath}). */
  samplePath?: string;
}

/** Computes `sample.json` from the self-play results, the index, the sample and the ladder. */
export async function computeMethodSample(opts: MethodSampleOptions): Promise<MethodSample> {
  const { profile } = opts;
  const results = await loadSelfplay(profile);
  const sps = results.positions.map((p) => p.sp);
  const samplePath = opts.samplePath ?? methodSamplePath(profile);
  const indexPath = evalFilePath(profileDir(profile));
  const index = await readEvalDataset(indexPath);
  if (!index) throw new MbiError("stage-input", `no stage-1 dataset at ${displayPath(indexPath)}`);
  const sample = await loadSample(samplePath, sps, index.header.config.engine_fingerprint);
  const { resamples, seed } = profile;
  const rel = scoreReliability(results.positions);
  const power = powerReport(rel, results.n_positions, results.config.games);
  const underpowered = power.this_design.power < REQUIRED_POWER;
  const sampleLimit = sample.header.config.limit;
  const sampleBudget = evalBudgetText(sampleLimit);
  const indexBudget = evalBudgetText(index.header.config.limit);

  const sampleValues = valuesOn(sample, sps);
  const sampleRanked = deriveMbi(sps.map((sp, i) => ({ sp, eval_cp: sampleValues[i] })));
  const sampleMbi = new Map(sampleRanked.map((m) => [m.sp, m.mbi]));
  // the three stage-5 correlations of one set of values with the games' scores, beside the published figure
  const validation = (values_from: string, budget: string, mbi_ranked: string, pairs: Pair[]) => {
    const a = analyse(pairs, resamples, seed, underpowered);
    const { eval_vs_score, mbi_vs_score, mbi_vs_imbalance, verdict } = a;
    const published_check = checkAgainstPublished(eval_vs_score, rel);
    return { values_from, budget, mbi_ranked, eval_vs_score, mbi_vs_score, mbi_vs_imbalance, verdict, published_check };
  };
  const validations = [
    validation(
      datasetFolder(index),
      indexBudget,
      `MBI of the index (ranked over its ${index.records.length} positions)`,
      results.positions.map((p) => ({ sp: p.sp, eval_cp: p.eval_cp, mbi: p.mbi, score: p.score })),
    ),
    validation(
      displayPath(samplePath),
      sampleBudget,
      `MBI ranked within the ${sps.length} sampled positions (the sample has no other positions)`,
      results.positions.map((p, i) => ({
        sp: p.sp,
        eval_cp: sampleValues[i],
        mbi: sampleMbi.get(p.sp)!,
        score: p.score,
      })),
    ),
  ];

  const { complete: rungs } = await ladderDatasets(baseProfileName(profile));
  const facts: DatasetFacts[] = [{
    dataset: "sample",
    budget: sampleBudget,
    nodes: nodesOf(sample),
    on_sample: sampleFacts(sampleValues, { resamples, seed, stream: FACT_STREAM }),
    all_positions: null,
  }];
  const distance: RungDistance[] = [];
  const scores = results.positions.map((p) => p.score);
  rungs.forEach((r, k) => {
    const v = valuesOn(r, sps);
    const all = r.records.map((x) => x.eval_cp!);
    const { count: n, median, quartiles, min, max } = summarise(all);
    facts.push({
      dataset: datasetFolder(r),
      budget: evalBudgetText(r.header.config.limit),
      nodes: nodesOf(r),
      on_sample: sampleFacts(v, { resamples, seed, stream: FACT_STREAM + 3 * (k + 1) }),
      all_positions: { n, median, quartiles, min, max, below_zero: all.filter((x) => x < 0).length },
    });
    // The agreement of two datasets on their common positions is the engine comparison's (one computation).
    const pair = comparePair(r, sample, { resamples, kendallResamples: 1_000, seed })!;
    const delta = v.map((x, i) => x - sampleValues[i]);
    // stage 5's own sub-stream: every rung resampled with the same positions (paired), the index's reproducing stage 5
    const tracks = bootstrapSpearman(v, scores, { resamples, seed, stream: EVAL_SCORE_STREAM });
    const abs = delta.map(Math.abs).sort((a, b) => a - b);
    distance.push({
      dataset: datasetFolder(r),
      nodes: nodesOf(r),
      spearman_edges: { rho: pair.spearman.rho, ci95: pair.spearman.ci95, resamples: pair.spearman.resamples },
      spearman_eval: pair.spearman_eval,
      median_abs_delta_cp: quantileSorted(abs, 0.5),
      max_abs_delta_cp: abs[abs.length - 1],
      mean_delta_cp: delta.reduce((a, b) => a + b, 0) / delta.length,
      eval_vs_score: { rho: tracks.estimate, ci95: tracks.percentile, resamples },
    });
  });

  const selection = results.positions.map((p) => ({ sp: p.sp, stratum: p.stratum, edge_cp: p.edge_cp }));
  const { games, nodes_per_move } = results.config;
  const spDir = selfplayDir(profile);
  const method = PROFILES.full.evalNodes;
  const atMethod = "nodes" in sampleLimit && sampleLimit.nodes === method
    ? "at the method's budget"
    : `at ${sampleBudget}, not the method's ${evalBudgetText({ nodes: method })}`;
  return {
    kind: "mbi-method-sample",
    schema: METHOD_SAMPLE_SCHEMA,
    about: `Stage 1 at ${sampleBudget} for the ${sps.length} positions of the self-play design ${profile.name}, ` +
      `drawn one per edge stratum of ${datasetFolder(index)} (${indexBudget}): a sample ${atMethod}, ` +
      `not an index over ${PROFILES.full.positions.length} positions`,
    sample: {
      path: recordedPath(samplePath),
      budget: sampleBudget,
      limit: sampleLimit,
      engine: sample.header.engine.uci_name,
      fingerprint: sample.header.config.engine_fingerprint,
      positions: sps,
    },
    selfplay: {
      profile: profile.name,
      positions: results.n_positions,
      games,
      nodes_per_move,
      n_games: results.n_games,
    },
    drawn_from: { dataset: datasetFolder(index), budget: indexBudget, strata: selection },
    reliability: rel,
    power,
    validation: validations,
    published_facts: METHOD_DISTRIBUTION,
    facts,
    distance_to_method: distance,
    resamples,
    seed,
    inputs: await inputFiles(
      [samplePath, indexPath, join(spDir, "games.jsonl"), join(spDir, "selfplay.json"), ...rungs.map((r) => r.path)],
    ),
    code: await codeVersion(),
  };
}

/**
 * The figures file of a design's sample beside the sample's evaluation file: `sample.json` — unless that file holds
 * another design's figures (two designs on the same positions share one sample, e.g. 60 × 50 games at 30,000 and at
 * 300,000 nodes per move), then `sample<the design's self-play tags>.json`, e.g.
 * `sample~pos60~games50~move300000.json`. One design's figures are never read or written as another's.
 */
export function methodSampleSummaryPath(samplePath: string, design: Profile): string {
  const own = join(dirname(samplePath), "sample.json");
  let held: unknown;
  try {
    held = (JSON.parse(Deno.readTextFileSync(own)) as { selfplay?: { profile?: unknown } })?.selfplay?.profile;
  } catch {
    return own; // none yet (or unreadable: its reader names it)
  }
  if (held === undefined || held === design.name) return own;
  return join(dirname(samplePath), `sample${basename(selfplayDir(design)).slice("selfplay".length)}.json`);
}

/** Reads the `sample.json` beside a sample's file (undefined when none); a stale one is a `stage-input` MbiError. */
export async function readMethodSample(samplePath: string, profile: Profile): Promise<MethodSample | undefined> {
  const path = methodSampleSummaryPath(samplePath, profile);
  const summary = await readJsonIfExists<MethodSample>(path);
  if (!summary) return undefined;
  const rerun = `run deno task method-sample --profile ${profile.name}`;
  if (summary.kind !== "mbi-method-sample" || summary.schema !== METHOD_SAMPLE_SCHEMA) {
    const not = `is not a sample.json of schema ${METHOD_SAMPLE_SCHEMA}`;
    throw new MbiError("stage-input", `${displayPath(path)} ${not}: ${rerun}`);
  }
  const stale = await staleInputs(summary.inputs);
  if (stale) throw new MbiError("stage-input", `${displayPath(path)} ${stale}: ${rerun}`);
  return summary;
}

/** A design's method-budget sample as far as it has got (see methodSampleState). */
export interface MethodSampleState {
  /** Its `evals.jsonl`. */
  path: string;
  /** The evaluations so far (a prefix while the run goes on). */
  dataset: EvalDataset;
  /** `sample.json`'s figures, once the sample is complete and they are computed. */
  figures: MethodSample | undefined;
}

/**
 * The method's-budget sample of a design as far as it has got: its file (a prefix while the run goes on) and, once
 * complete, its `sample.json` when computed; undefined when no position has been started. Throws a `stage-input`
 * MbiError when the file holds other positions than the design's, or `sample.json` does not follow from its inputs.
 */
export async function methodSampleState(
  design: Profile,
  positions: readonly number[],
): Promise<MethodSampleState | undefined> {
  const path = methodSamplePath(design);
  const dataset = await readEvalDataset(path);
  if (!dataset) return undefined;
  if (spList(dataset.header.positions) !== spList(positions)) {
    const why = `holds other positions than the ${positions.length} of the design ${design.name}`;
    throw new MbiError("stage-input", `${displayPath(path)} ${why}`);
  }
  const figures = dataset.missing.length ? undefined : await readMethodSample(path, design);
  return { path, dataset, figures };
}

/** Computes and writes `sample.json` (only when its content changes); returns it and its path. */
export async function runMethodSample(opts: MethodSampleOptions): Promise<{ summary: MethodSample; path: string }> {
  const summary = await computeMethodSample(opts);
  const path = methodSampleSummaryPath(opts.samplePath ?? methodSamplePath(opts.profile), opts.profile);
  return { summary: await writeJsonUnlessSame(path, summary, ["code"]), path };
}
