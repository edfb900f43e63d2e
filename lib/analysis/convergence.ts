/**
 * Convergence across the budget ladder: the complete stage-1 datasets of the reference engine (one fingerprint and
 * options) for one base profile at several node budgets (`quick`, `quick~eval500000`, …), compared rung with rung —
 * Spearman's rho of the edges, how far the index moves (`mbiShift`), and the coverage of each rung's per-position
 * MBI intervals by the next rung's MBI (`intervalCoverage`). What the ladder implies for the method's 400,000,000
 * nodes is a projection with its assumptions stated and checked where the data allow; never a measured figure.
 *
 * @module
 */

import {
  configDifference,
  datasetFolder,
  type EvalDataset,
  parseKey,
  progressText,
  scanDatasets,
  type ShownProgress,
  shownProgress,
} from "../store/mod.ts";
import {
  builtinProfile,
  deriveMbi,
  fingerprintValue,
  intervalCoverage,
  lastIterationValues,
  mbiIntervals,
  type MbiShift,
  mbiShift,
  PROFILES,
  spearman,
} from "../method/mod.ts";
import { formatLimit } from "../engine/mod.ts";
import { fixedNonZero, int, pct } from "../core/mod.ts";

/** One rung of the ladder: a complete dataset (result folder) at one node budget per position, over n positions. */
export interface Rung {
  folder: string;
  nodes: number;
  n: number;
  /** Engine build that ran it (same fingerprint on every rung), and its UCI name. */
  engine_id: string;
  engine: string;
}

/** A rung still being computed (left out of every figure until complete): positions done of planned. */
export type PartialRung = { folder: string; nodes: number } & ShownProgress;

/** Two rungs compared (a the smaller budget) on n positions. */
export interface RungPair {
  a: string;
  b: string;
  nodes_a: number;
  nodes_b: number;
  n: number;
  /** Spearman's rho of the edges |eval| (= of the MBI ranks). */
  spearman_edges: number;
  /** How far the MBI moves between the two budgets. */
  mbi_shift: MbiShift;
  /** How often b's MBI lies inside a's per-position interval (null when a's dataset has no iteration history). */
  coverage: { n: number; inside: number; share: number; mean_width: number } | null;
  /** Per position: rank of the edge and MBI in both (for rank-versus-rank plots). */
  points: { sp: number; rank_a: number; rank_b: number; mbi_a: number; mbi_b: number }[];
}

/**
 * What the ladder implies for the method's budget, under a stated model:
 * every rung's edges rank the positions like one common limiting ranking plus
 * noise of its own, independent between rungs (classical measurement error),
 * so rho(i, j) = r_i · r_j, where r_i is rung i's agreement with the limit.
 */
export interface Projection {
  /** The model, in words. */
  assumptions: string;
  /** Estimated agreement of each rung with the limiting ranking (r_i; from every triad of rungs, averaged). */
  agreement_with_limit: { folder: string; nodes: number; r: number }[];
  /** Checks of the model on these data (passed null: not tested, e.g. no test of fit with 3 rungs). */
  checks: { text: string; passed: boolean | null }[];
  /** True when no check failed. */
  consistent: boolean;
  /** The range of Spearman between the top rung and a dataset at the method's budget: [r_top², r_top] (assuming that dataset is at least as close to the limit). */
  top_vs_method: [number, number];
  method_nodes: number;
}

/**
 * The ladder of one base profile (e.g. `quick`): the lowest rung's engine name and the fingerprint the rungs share,
 * the complete rungs (smallest budget first), those still being computed, and every pair of complete rungs.
 */
export interface Convergence {
  base: string;
  engine: string;
  fingerprint: number | null;
  rungs: Rung[];
  partial: PartialRung[];
  pairs: RungPair[];
  /** The projection to the method's budget (null with fewer than 3 rungs). */
  projection: Projection | null;
}

interface Indexed {
  rung: Rung;
  mbi: { sp: number; mbi: number; edge_cp: number; rank: number }[];
  intervals: { sp: number; mbi_lo: number; mbi_hi: number }[] | null;
}

function index(d: EvalDataset): Indexed {
  const limit = d.header.config.limit;
  const values = deriveMbi(d.records.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp })));
  const bySp = new Map(d.records.map((r) => [r.sp, r]));
  const history = values.map((v) => lastIterationValues(bySp.get(v.sp)!.raw ?? [], limit));
  const withHistory = history.every((h) => h.length > 0);
  const iv = withHistory ? mbiIntervals(history, values.map((v) => v.edge_cp)) : null;
  const { id: engine_id, uci_name: engine } = d.header.engine;
  const nodes = "nodes" in limit ? limit.nodes : NaN;
  return {
    rung: { folder: datasetFolder(d), nodes, n: d.records.length, engine_id, engine },
    mbi: values,
    intervals: iv ? values.map((v, i) => ({ sp: v.sp, mbi_lo: iv[i][0], mbi_hi: iv[i][1] })) : null,
  };
}

/** Compares two indexed rungs (a the smaller budget). */
function comparePair(a: Indexed, b: Indexed): RungPair {
  const bRow = new Map(b.mbi.map((r) => [r.sp, r]));
  const common = a.mbi.filter((r) => bRow.has(r.sp));
  return {
    a: a.rung.folder,
    b: b.rung.folder,
    nodes_a: a.rung.nodes,
    nodes_b: b.rung.nodes,
    n: common.length,
    spearman_edges: spearman(common.map((r) => r.edge_cp), common.map((r) => bRow.get(r.sp)!.edge_cp)),
    mbi_shift: mbiShift(a.mbi, b.mbi),
    coverage: a.intervals ? intervalCoverage(a.intervals, b.mbi) : null,
    points: common.map((r) => {
      const o = bRow.get(r.sp)!;
      return { sp: r.sp, rank_a: r.rank, rank_b: o.rank, mbi_a: r.mbi, mbi_b: o.mbi };
    }),
  };
}

const METHOD_NODES = PROFILES.full.evalNodes;

/** Every choice of `k` of `xs`, in their order (as nested loops give them). */
function choose<T>(xs: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return xs.flatMap((x, i) => choose(xs.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
}

/** The ladder's model in words, without its formula. */
const LADDER_MODEL =
  "each budget ranks the edges like one common limiting ranking plus noise of its own, independent between budgets";

/** How far the model's equal products of correlations may differ before it is said not to fit. */
const TETRAD_TOLERANCE = 0.05;

/**
 * Projects the top rung's rank agreement with the method's budget (see {@link Projection}). With k ≥ 3 rungs each
 * r_i² is the mean over the triads (i, j, l) of rho_ij · rho_il / rho_jl; the model is checked on the data: every
 * r_i ≤ 1, r rising with the budget (tolerance 0.02), and with k ≥ 4 rungs (more correlations than r's) Spearman's
 * tetrad differences rho_ij·rho_lm − rho_il·rho_jm within 0.05 of 0. Null with fewer than 3 rungs.
 */
export function projectAgreement(rungs: readonly Rung[], pairs: readonly RungPair[]): Projection | null {
  if (rungs.length < 3) return null;
  const rho = (x: Rung, y: Rung) =>
    pairs.find((p) => (p.a === x.folder && p.b === y.folder) || (p.a === y.folder && p.b === x.folder))
      ?.spearman_edges ?? NaN;
  const r2 = rungs.map((ri) => {
    const xs = choose(rungs.filter((x) => x !== ri), 2).flatMap(([rj, rl]) => {
      const v = rho(ri, rj) * rho(ri, rl) / rho(rj, rl);
      return Number.isFinite(v) && rho(rj, rl) > 0 ? [v] : [];
    });
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
  });
  const r = r2.map((v) => Math.sqrt(Math.max(0, v)));
  const f = (x: number) => fixedNonZero(x, 2);
  // rungs in readers' words: their budgets, not their folders
  const budgets = (xs: readonly Rung[]) => `${xs.map((x) => int(x.nodes)).join(", ")} nodes`;
  const checks: { text: string; passed: boolean | null }[] = [];
  const over = rungs.filter((_, i) => !(r2[i] <= 1));
  checks.push({
    text: over.length
      ? `r² above 1 (or undefined) for ${budgets(over)}: the correlations do not fit the model`
      : "every r² ≤ 1",
    passed: over.length === 0,
  });
  const falls = rungs.slice(1).flatMap((x, i) =>
    r[i + 1] < r[i] - 0.02
      ? [`${formatLimit({ nodes: rungs[i].nodes })} ${f(r[i])} → ${budgets([x])} ${f(r[i + 1])}`]
      : []
  );
  checks.push({
    text: falls.length
      ? `r falls as the budget grows (${falls.join("; ")}): a larger budget should not agree less with the limit`
      : `r rises with the budget (${r.map(f).join(" → ")})`,
    passed: falls.length === 0,
  });
  if (rungs.length >= 4) {
    // Spearman's tetrad differences: zero for every four rungs when one common ranking explains the correlations
    let worst = 0, where = "";
    for (const [x, y, z, w] of choose(rungs, 4)) {
      const t = [
        rho(x, y) * rho(z, w) - rho(x, z) * rho(y, w),
        rho(x, y) * rho(z, w) - rho(x, w) * rho(y, z),
        rho(x, z) * rho(y, w) - rho(x, w) * rho(y, z),
      ];
      for (const v of t) {
        if (Math.abs(v) > worst) [worst, where] = [Math.abs(v), budgets([x, y, z, w])];
      }
    }
    checks.push({
      text: `for every four budgets, products of their correlations that the model makes equal differ by up to ${
        f(worst)
      } (${where}), ${worst <= TETRAD_TOLERANCE ? "within" : "more than"} the ${TETRAD_TOLERANCE} allowed`,
      passed: worst <= TETRAD_TOLERANCE,
    });
  } else {
    checks.push({ text: "with 3 budgets the model fits any correlations exactly: no test of fit", passed: null });
  }
  const top = r[r.length - 1];
  return {
    assumptions: `${LADDER_MODEL}, so rho(i, j) = r_i · r_j (r_i: rung i's agreement with the limit); ` +
      "a dataset at the method's budget is at least as close to the limit as the top rung",
    agreement_with_limit: rungs.map((x, i) => ({ folder: x.folder, nodes: x.nodes, r: r[i] })),
    checks,
    consistent: checks.every((c) => c.passed !== false),
    top_vs_method: [top * top, top],
    method_nodes: METHOD_NODES,
  };
}

/**
 * The complete datasets on the ladder of a base profile (`quick`, `ci`, …), by budget: the reference engine's whose
 * folder is the base profile with only a node budget changed, over its positions, with the lowest rung's
 * fingerprint and options; and the partial ones apart.
 */
export async function ladderDatasets(base: string): Promise<{ complete: EvalDataset[]; partial: EvalDataset[] }> {
  const profile = builtinProfile(base);
  const scan = await scanDatasets({ includeCi: base === "ci" });
  const positions = profile.positions.join(",");
  const onLadder = (d: EvalDataset) => {
    const key = parseKey(datasetFolder(d));
    return key.profile === base && key.engine === null && key.overrides.evalDepth === undefined &&
      "nodes" in d.header.config.limit && d.header.positions.join(",") === positions;
  };
  const byNodes = (d: EvalDataset) => ("nodes" in d.header.config.limit ? d.header.config.limit.nodes : 0);
  const complete = scan.complete.filter(onLadder).sort((a, b) => byNodes(a) - byNodes(b));
  const first = complete[0];
  const same = complete.filter((d) =>
    !first || configDifference({ ...d.header.config, limit: first.header.config.limit }, first.header.config) === ""
  );
  return { complete: same, partial: scan.partial.filter(onLadder) };
}

/** One point of the ladder's figures: a rung's agreement with the top rung or with the next, or with the limit. */
export interface LadderPoint {
  nodes: number;
  what: "with the top rung" | "with the next rung" | "r: with the limit (model)";
  rho: number;
  /** Median |ΔMBI| and the share (in %) of positions moving by more than 10 points (absent for the model's r). */
  dmbi?: number;
  over10?: number;
}

/**
 * The ladder as the series its figures draw (notebook 02): each rung below the top against the top rung and against
 * the next rung; and the model's r of each rung with the limiting ranking, only where the model's checks passed.
 */
export function ladderSeries(c: Convergence): { series: LadderPoint[]; limit: LadderPoint[] } {
  const top = c.rungs[c.rungs.length - 1];
  const pairOf = (a: string, b: string) => c.pairs.find((p) => p.a === a && p.b === b)!;
  const point = (nodes: number, what: LadderPoint["what"], p: ReturnType<typeof pairOf>): LadderPoint => ({
    nodes,
    what,
    rho: p.spearman_edges,
    dmbi: p.mbi_shift.median,
    over10: 100 * p.mbi_shift.share_over_10,
  });
  const series = c.rungs.slice(0, -1).flatMap((r, i) => [
    point(r.nodes, "with the top rung", pairOf(r.folder, top.folder)),
    point(r.nodes, "with the next rung", pairOf(r.folder, c.rungs[i + 1].folder)),
  ]);
  const limit = c.projection?.consistent
    ? c.projection.agreement_with_limit.map((x) => ({
      nodes: x.nodes,
      what: "r: with the limit (model)" as const,
      rho: x.r,
    }))
    : [];
  return { series, limit };
}

/** The ladder of a base profile (see {@link ladderDatasets}): its rungs, every pair compared, and the projection. */
export async function ladderConvergence(base: string): Promise<Convergence> {
  const { complete: same, partial } = await ladderDatasets(base);
  const first = same[0];
  const indexed = same.map(index);
  const pairs: RungPair[] = [];
  for (let i = 0; i < indexed.length; i++) {
    for (let j = i + 1; j < indexed.length; j++) pairs.push(comparePair(indexed[i], indexed[j]));
  }
  const rungs = indexed.map((x) => x.rung);
  return {
    base,
    engine: first?.header.engine.uci_name ?? "none",
    fingerprint: first?.header.config.engine_fingerprint ?? null,
    rungs,
    partial: await Promise.all(partial.map(async (d) => ({
      folder: datasetFolder(d),
      nodes: "nodes" in d.header.config.limit ? d.header.config.limit.nodes : 0,
      ...await shownProgress(d),
    }))),
    pairs,
    projection: projectAgreement(rungs, pairs),
  };
}

/** The pair of two rungs (either order), if both are on the ladder. */
export const rungPair = (c: Convergence, x: string, y: string): RungPair | undefined =>
  c.pairs.find((p) => (p.a === x && p.b === y) || (p.a === y && p.b === x));

/** The ladder's findings in words, each sentence carrying its numbers (for the notebook and the card). */
export function convergenceSentences(c: Convergence): string[] {
  if (c.rungs.length < 2) {
    const datasets = `${c.rungs.length} complete dataset${c.rungs.length === 1 ? "" : "s"}`;
    return [`Only ${datasets} of ${c.engine} for the ${c.base} profile: no ladder to compare yet.`];
  }
  const out: string[] = [];
  const f = (x: number, d = 2) => fixedNonZero(x, d);
  const steps = c.rungs.slice(1).map((b, i) => rungPair(c, c.rungs[i].folder, b.folder)!);
  out.push(
    `Consecutive budgets (${c.rungs.map((r) => formatLimit({ nodes: r.nodes })).join(" → ")}) agree at Spearman ${
      steps.map((p) => f(p.spearman_edges)).join(" → ")
    } (edges). From one budget to the next, ${
      steps.map((p) => pct(p.mbi_shift.share_over_10)).join(" → ")
    } of positions move by more than 10 MBI points.`,
  );
  const cov = steps.filter((p) => p.coverage);
  if (cov.length) {
    const held = cov.map((p) => `${pct(p.coverage!.share)} (${int(p.nodes_a)} → ${formatLimit({ nodes: p.nodes_b })})`);
    out.push(
      `The per-position MBI settling ranges hold the next budget's MBI for ${held.join(", ")}. ` +
        "Read them as how far a position still moved while its search settled, not as a confidence interval.",
    );
  }
  const p = c.projection;
  const top = c.rungs[c.rungs.length - 1];
  const topLimit = formatLimit({ nodes: top.nodes });
  if (p) {
    const method = formatLimit({ nodes: p.method_nodes });
    // one short sentence per assumption and per check, the check's outcome first
    const checks = p.checks.map((x) =>
      `${x.passed === null ? "Not tested" : x.passed ? "Passed" : "Failed"}: ${x.text}.`
    );
    const failed = p.checks.filter((x) => x.passed === false).length;
    // the assumptions' clauses are joined by "; "
    const [model, ...more] = p.assumptions.split("; ").map((x) => `${x[0].toUpperCase()}${x.slice(1)}.`);
    out.push(
      p.consistent
        ? [
          `The model (an assumption): ${model}`,
          ...more,
          ...checks,
          `Under it, the ${topLimit} dataset agrees with the limiting ranking at r ≈ ${f(p.top_vs_method[1])}.`,
          `A dataset at the method's ${method} would rank the edges like it at Spearman ${f(p.top_vs_method[0])}..${
            f(p.top_vs_method[1])
          }.`,
          `The data reach only ${topLimit}; the range beyond is the model's, not a measurement.`,
        ].join(" ")
        // the verdict first: a model that does not fit is told by what it fails, its formula left out
        : [
          `These budgets give no projection to the method's ${method}: a simple model of the ladder fails ${failed} of ` +
          `its ${p.checks.length} checks on them.`,
          `The model: ${LADDER_MODEL}.`,
          ...checks,
          `What they do show is that the last step, ${
            c.rungs.slice(-2).map((r) => int(r.nodes)).join(" → ")
          } nodes, still moved ${pct(steps[steps.length - 1].mbi_shift.share_over_10)} of positions by more than ` +
          "10 MBI points.",
        ].join(" "),
    );
  } else {
    out.push(
      "Two budgets are too few to separate each one's noise from the common ranking: no projection to the method's 400,000,000 nodes.",
    );
  }
  if (c.partial.length) {
    out.push(
      `Still being computed, and left out: ${
        c.partial.map((r) => `${c.engine} at ${formatLimit({ nodes: r.nodes })}, ${progressText(r)}`)
          .join("; ")
      }.`,
    );
  }
  return out;
}

/**
 * The ladder's engine for captions in readers' words, with its fingerprint: `Stockfish 17.1 (fingerprint 2,030,154)`,
 * and where the rungs ran on several builds, that they search alike (which build ran which rung is in each rung's
 * files).
 */
export function ladderEngineText(c: Convergence): string {
  const fp = `fingerprint ${fingerprintValue(c.fingerprint)}`;
  const builds = [...new Set(c.rungs.map((r) => r.engine_id))];
  const names = [...new Set(c.rungs.map((r) => r.engine))];
  if (builds.length <= 1) return `${names[0] ?? c.engine} (${fp})`;
  // the words the builds' names share (e.g. "Stockfish 17.1" of "Stockfish 17.1 WASM" and "Stockfish 17.1")
  const words = names.map((n) => n.split(" "));
  let k = 0;
  while (k < words[0].length && words.every((x) => x[k] === words[0][k])) k++;
  const family = k > 0 ? words[0].slice(0, k).join(" ") : names.join(" / ");
  return `${family} (${fp}; its ${builds.length} builds here search alike)`;
}
