/**
 * Stage 2: the distribution of the stage-1 values — summary statistics, the negative values, ties (they decide
 * ranks), depth reached, the rank agreement with other budgets of the same engine — in `distribution.json`, and
 * the plots in `plots/*.svg`.
 *
 * @module
 */

import { join } from "node:path";
import { mean, sampleStandardDeviation } from "simple-statistics";
import {
  datasetFolder,
  type EvalDataset,
  evalFolderName,
  profileDir,
  recordedPath,
  siblingDatasets,
  writeTextIfChanged,
} from "../store/mod.ts";
import { MINUS, sha256File, signed } from "../core/mod.ts";
import {
  averageRanks,
  deriveMbi,
  type MbiShift,
  mbiShift,
  pearson,
  type Profile,
  quantileSorted,
  spearman,
} from "../method/mod.ts";
import { captionLine, clipOutliers, figure, Plot, type RenderedPlot, THEME, writeSvg } from "../plot/mod.ts";
import { loadEvaluations } from "../evaluation/mod.ts";

/** Schema version of `distribution.json`. */
export const DISTRIBUTION_SCHEMA = 1;

/** The method's published distribution (400,000,000 nodes per position). */
export const METHOD_DISTRIBUTION = {
  budget: "400,000,000 nodes",
  count: 960,
  min: -7,
  max: 83,
  median: 26.0,
  negatives: 4,
  negatives_range: "-2..-7",
};

/**
 * The method's positions below 0 as readers see them, `4 (−2..−7 cp)`: the stored range (ASCII in the result files
 * that carry these facts) printed with the minus sign.
 */
export function publishedNegativesText(m: Pick<typeof METHOD_DISTRIBUTION, "negatives" | "negatives_range">): string {
  return `${m.negatives} (${m.negatives_range.replaceAll("-", MINUS)} cp)`;
}

/** Summary statistics of a set of values (`sd` the sample standard deviation; quartiles of type 7). */
export interface ValueSummary {
  count: number;
  min: number;
  max: number;
  median: number;
  mean: number;
  sd: number;
  quartiles: [number, number];
}

/** Summarises values. */
export function summarise(values: readonly number[]): ValueSummary {
  const s = [...values].sort((a, b) => a - b);
  return {
    count: s.length,
    min: s[0],
    max: s[s.length - 1],
    median: quantileSorted(s, 0.5),
    mean: mean(s),
    sd: s.length > 1 ? sampleStandardDeviation(s) : 0,
    quartiles: [quantileSorted(s, 0.25), quantileSorted(s, 0.75)],
  };
}

/** A group of positions sharing one value (cp): how many, and their SPs. */
export type TieGroup = { eval_cp: number; count: number; sps: number[] };

/** Groups equal values, largest groups first. */
export function tieGroups(rows: readonly { sp: number; eval_cp: number }[]): TieGroup[] {
  const m = new Map<number, number[]>();
  for (const r of rows) m.set(r.eval_cp, [...(m.get(r.eval_cp) ?? []), r.sp]);
  return [...m].map(([eval_cp, sps]) => ({ eval_cp, count: sps.length, sps }))
    .sort((a, b) => b.count - a.count || a.eval_cp - b.eval_cp);
}

/** Rank agreement between two datasets of one engine at different budgets, on the positions in both. */
export interface RankAgreement {
  /** The other dataset and its search limit. */
  other: string;
  other_limit: unknown;
  common: number;
  /** Spearman's rho of the values. */
  spearman_eval: number;
  /** Pearson's r of the values in cp (how stable the values themselves are, against the ranks). */
  pearson_eval: number;
  /** Spearman's rho of the edges (= of the MBI ranks). */
  spearman_edge: number;
  /** How far positions move in edge rank: median, 90th percentile, max of |rank difference| (type-7 quantiles). */
  rank_shift: { median: number; p90: number; max: number };
  /** How far the MBI moves between the budgets (median, p90, max |ΔMBI|, share moving by more than 10 points). */
  mbi_shift: MbiShift;
}

/** Compares two datasets on their common positions. */
export function rankAgreement(a: EvalDataset, b: EvalDataset): RankAgreement | undefined {
  const bBySp = new Map(b.records.map((r) => [r.sp, r]));
  const common = a.records.filter((r) => r.eval_cp !== null && bBySp.get(r.sp)?.eval_cp != null);
  if (common.length < 3) return undefined;
  const ea = common.map((r) => r.eval_cp!);
  const eb = common.map((r) => bBySp.get(r.sp)!.eval_cp!);
  const ra = averageRanks(ea.map(Math.abs));
  const rb = averageRanks(eb.map(Math.abs));
  const shifts = ra.map((r, i) => Math.abs(r - rb[i])).sort((x, y) => x - y);
  const n = common.length;
  const index = (e: number[]) => deriveMbi(common.map((r, i) => ({ sp: r.sp, eval_cp: e[i] })));
  return {
    other: datasetFolder(b),
    other_limit: b.header.config.limit,
    common: n,
    spearman_eval: spearman(ea, eb),
    pearson_eval: pearson(ea, eb),
    spearman_edge: spearman(ea.map(Math.abs), eb.map(Math.abs)),
    rank_shift: { median: quantileSorted(shifts, 0.5), p90: quantileSorted(shifts, 0.9), max: shifts[n - 1] },
    mbi_shift: mbiShift(index(ea), index(eb)),
  };
}

/** `distribution.json`: the input dataset with its hash, the summaries of eval_cp and depth, and the method's. */
export interface DistributionSummary {
  kind: "mbi-distribution";
  schema: number;
  profile: string;
  input: { path: string; sha256: string; limit: unknown; engine: string };
  eval: ValueSummary;
  negatives: { count: number; values: { sp: number; eval_cp: number }[] };
  non_negative: number;
  ties: { distinct_values: number; largest: TieGroup[] };
  depth: ValueSummary;
  rank_agreement: RankAgreement[];
  method: typeof METHOD_DISTRIBUTION;
}

/** Computes the distribution summary and the plots of a profile. */
export async function computeDistribution(profile: Profile) {
  const d = await loadEvaluations(profile);
  const rows = d.records.filter((r) => r.eval_cp !== null)
    .map((r) => ({ sp: r.sp, setup: r.setup, eval_cp: r.eval_cp!, depth: r.depth }));
  const values = rows.map((r) => r.eval_cp);
  const ties = tieGroups(rows);
  const negatives = rows.filter((r) => r.eval_cp < 0);
  const others = await siblingDatasets(d);
  const summary: DistributionSummary = {
    kind: "mbi-distribution",
    schema: DISTRIBUTION_SCHEMA,
    profile: evalFolderName(profile), // the dataset's key: a self-play design's tags are not the dataset's
    input: {
      path: recordedPath(d.path),
      sha256: await sha256File(d.path),
      limit: d.header.config.limit,
      engine: d.header.engine.uci_name,
    },
    eval: summarise(values),
    negatives: { count: negatives.length, values: negatives.map(({ sp, eval_cp }) => ({ sp, eval_cp })) },
    non_negative: rows.filter((r) => r.eval_cp >= 0).length,
    ties: { distinct_values: ties.length, largest: ties.slice(0, 10) },
    depth: summarise(rows.map((r) => r.depth)),
    rank_agreement: others.flatMap((o) => rankAgreement(d, o) ?? []),
    method: METHOD_DISTRIBUTION,
  };
  const line = captionLine(
    { profile: evalFolderName(profile), engine: d.header.engine.uci_name, evalLimit: d.header.config.limit },
    rows.length,
  );
  const clip = clipOutliers(rows, (r) => r.eval_cp, {
    label: (r) => `SP ${r.sp} (${signed(r.eval_cp)} cp)`,
    unit: "cp",
    include: [0],
  });
  const x = { label: "eval (cp, White's view) →", domain: clip.domain, nice: true };
  const sizes = [...new Set(ties.map((t) => t.count))].sort((a, b) => a - b)
    .map((size) => ({ size, values: ties.filter((t) => t.count === size).length }));
  const plots: Record<string, RenderedPlot> = {
    histogram: figure({
      title: `Engine value of the ${rows.length} start positions`,
      caption: [line, "Bins of 2 cp; red line: 0 (no edge).", clip.note],
      x,
      y: { label: "↑ positions", grid: true },
      marks: [
        Plot.rectY(clip.shown, {
          ...Plot.binX({ y: "count" }, { x: "eval_cp", interval: 2 }),
          fill: THEME.colors.main,
        }),
        Plot.ruleY([0]),
        Plot.ruleX([0], { stroke: THEME.colors.negative }),
      ],
    }),
    strip: figure({
      title: "Every position as a dot",
      caption: [line, "Dots stacked where values coincide; red: below zero.", clip.note],
      height: Math.min(400, Math.max(160, Math.round(0.31 * rows.length))), // room for every dot to stack
      x,
      marks: [
        Plot.dotX(
          clip.shown,
          Plot.dodgeY("middle", {
            x: "eval_cp",
            r: 1.5,
            fill: (r: { eval_cp: number }) => (r.eval_cp < 0 ? THEME.colors.negative : THEME.colors.main),
            title: (r: { sp: number; setup: string; eval_cp: number }) => `SP ${r.sp} ${r.setup}: ${r.eval_cp}`,
          }),
        ),
        Plot.ruleX([0], { stroke: THEME.colors.negative }),
      ],
    }),
    depth: figure({
      title: "Value against the depth reached",
      caption: [line, "Boxes: quartiles per depth; dots: positions.", clip.note],
      x: { label: "depth of the last completed iteration →" },
      y: { label: "↑ eval (cp)", grid: true, domain: clip.domain, nice: true },
      marks: [
        Plot.dot(clip.shown, { x: "depth", y: "eval_cp", r: 1.5, fill: THEME.colors.main, fillOpacity: 0.4 }),
        Plot.boxY(clip.shown, { x: "depth", y: "eval_cp", fill: "none", stroke: "#333" }),
      ],
    }),
    ties: figure({
      title: `Ties: ${ties.length} distinct values among ${rows.length} positions`,
      caption: [
        line,
        "How many values are shared by 1, 2, 3 … positions; tied positions share one mean rank and one MBI.",
      ],
      x: { label: "positions sharing one value →", type: "band" },
      y: { label: "↑ values", grid: true },
      marks: [Plot.barY(sizes, { x: "size", y: "values", fill: THEME.colors.main }), Plot.ruleY([0])],
    }),
  };
  return { summary, plots, dataset: d };
}

/**
 * Runs stage 2: writes distribution.json and plots/*.svg (unchanged files are not rewritten); `written` names the
 * files it wrote.
 */
export async function runDistribution(profile: Profile) {
  const r = await computeDistribution(profile);
  const dir = profileDir(profile);
  const written: string[] = [];
  const json = join(dir, "distribution.json");
  if (await writeTextIfChanged(json, JSON.stringify(r.summary, null, 1) + "\n")) written.push(json);
  for (const [name, p] of Object.entries(r.plots)) {
    const svg = join(dir, "plots", `eval_${name}.svg`);
    if (await writeSvg(svg, p.svg)) written.push(svg);
  }
  return { ...r, written };
}
