/**
 * Does the order predict games? Every dataset against every outcome table, in one file of aggregate figures only
 * (`results/outcomes/study.json`), with stage 5's seeded intervals (its streams, so the figures are the validation
 * files'); the method's run so far has no MBI (a rank over a part is not the index). A private table (its
 * per-position values may not be shipped) is read where it was built; the file records its SHA-256 and the command
 * that rebuilds it.
 *
 * @module
 */

import { join } from "node:path";
import {
  bootstrapSpearman,
  bootstrapSpearmanDifference,
  datasetLabel,
  deriveMbi,
  deriveSeed,
  evalBudgetText,
  METHOD_SEED,
  type OutcomeRow,
  quantileSorted,
  rngFromSeed,
  rowCounts,
  scoreReliability,
  spearman,
  whiteScore,
} from "../method/mod.ts";
import {
  codeVersion,
  datasetFolder,
  displayPath,
  getProfile,
  inputFiles,
  listOutcomeTables,
  outcomePaths,
  type OutcomeTable,
  PEER,
  PEER_FILE,
  readEvalDataset,
  readOutcomeTable,
  readPeer,
  readTextIfExists,
  recordedPath,
  resultsRoot,
  scanDatasets,
  writeJsonUnlessSame,
} from "../store/mod.ts";
import { analyse, type Correlation, EVAL_SCORE_STREAM, PUBLISHED } from "../analysis/mod.ts";
import { loadRegistry } from "../engine/mod.ts";
import { readSelfplayResults, type SelfplayResults } from "../selfplay/mod.ts";
import { DEFAULT_MIN_GAMES } from "../outcomes/mod.ts";
import { methodPartialPath, methodSnapshot } from "./method_partial.ts";
import { methodSamplePath } from "./method_sample.ts";
import { fixedNonZero, int, MbiError, parseJsonText, repoPath } from "../core/mod.ts";
import type { OutcomeStudy, Rho, StudyDataset } from "./outcome_study_view.ts";

/** Schema version of `study.json`. */
export const STUDY_SCHEMA = 1;

/** Bootstrap sub-streams of the study's own figures (the correlations use stage 5's, 1–3). */
const STEP_STREAM = 70, TABLES_STREAM = 74, DESIGN_STREAM = 76, CORRECTED_STREAM = 79;

/** The workspace's 60 × 50 designs on the best index whose scores the tables are compared with. */
const DESIGNS = ["quick~eval8000000~pos60~games50~move30000", "quick~eval8000000~pos60~games50~move300000"];

/** Where the study lives. */
export function studyPath(root = resultsRoot()): string {
  return join(root, "outcomes", "study.json");
}

interface Values {
  meta: StudyDataset;
  bySp: Map<number, number>;
  mbi: Map<number, number> | null;
  file: string;
}

/** A dataset of the study whose values are all there, with their MBI. */
function ranked(meta: StudyDataset, values: { sp: number; eval_cp: number }[], file: string): Values {
  const mbi = new Map(deriveMbi(values).map((m) => [m.sp, m.mbi]));
  return { meta, bySp: new Map(values.map((v) => [v.sp, v.eval_cp])), mbi, file };
}

/** The datasets of the study: complete reference and other-engine datasets, the peer, the method's run so far. */
async function studyDatasets(): Promise<Values[]> {
  const reference = loadRegistry().reference_fingerprint;
  const out: Values[] = [];
  for (const d of (await scanDatasets()).complete) {
    const limit = d.header.config.limit;
    const nodes = "nodes" in limit ? limit.nodes : null;
    const values = d.records.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp! }));
    const key = datasetFolder(d);
    const meta = {
      key,
      label: datasetLabel(d.header.engine.uci_name, limit),
      engine: d.header.engine.uci_name,
      budget: evalBudgetText(limit),
      nodes,
      ladder: d.header.config.engine_fingerprint === reference && nodes !== null && !key.includes("@"),
      positions: values.length,
    };
    out.push(ranked(meta, values, d.path));
  }
  const pv = (await readPeer()).rows.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp }));
  const { name, source, engine, budget } = PEER;
  const peer = {
    key: "peer",
    label: `${name}, ${source}`,
    engine,
    budget,
    nodes: null,
    ladder: false,
    positions: pv.length,
  };
  out.push(ranked(peer, pv, repoPath(PEER_FILE)));
  const snap = await methodSnapshot();
  if (snap) {
    const { dataset: run, done } = snap.partial;
    const n = done.used.length;
    const label = `the method's run so far: ${run.engine}, ${run.budget}, ${int(n)} of ${int(done.of)} positions`;
    out.push({
      meta: {
        key: "method",
        label,
        engine: run.engine,
        budget: run.budget,
        nodes: 400_000_000,
        ladder: false,
        positions: n,
      },
      bySp: new Map(Object.entries(snap.values).map(([sp, v]) => [Number(sp), v[0]!])),
      mbi: null,
      file: methodPartialPath(),
    });
  }
  return out.sort((a, b) => Number(b.meta.ladder) - Number(a.meta.ladder) || (a.meta.nodes ?? 0) - (b.meta.nodes ?? 0));
}

/** The rows of a table with enough games, by SP. */
function counted(t: OutcomeTable, minGames: number): Map<number, OutcomeRow> {
  return new Map(t.rows.filter((r) => r.games >= minGames).map((r) => [r.sp, r]));
}

type Bootstrap = { estimate: number; n: number; percentile: [number, number] };
const rhoOf = (b: Bootstrap): Rho => ({ n: b.n, rho: b.estimate, ci95: b.percentile });

/** Computes the study from the tables (their per-position values must be here) and the datasets. */
export async function computeStudy(opts: { resamples?: number } = {}): Promise<OutcomeStudy> {
  const resamples = opts.resamples ?? 10_000, seed = METHOD_SEED, minGames = DEFAULT_MIN_GAMES;
  const tables: OutcomeTable[] = [];
  for (const name of listOutcomeTables()) tables.push(await readOutcomeTable(name));
  if (!tables.length) throw new MbiError("stage-input", "no outcome table: build one with deno task outcomes");
  const datasets = await studyDatasets();

  const correlations: OutcomeStudy["correlations"] = [];
  const steps: OutcomeStudy["steps"] = [];
  for (const t of tables) {
    const rows = counted(t, minGames);
    for (const d of datasets) {
      const sps = [...d.bySp.keys()].filter((sp) => rows.has(sp)).sort((a, b) => a - b);
      if (sps.length < 3) continue;
      const score = sps.map((sp) => rows.get(sp)!.white_score);
      const evals = sps.map((sp) => d.bySp.get(sp)!);
      const at = { table: t.meta.name, dataset: d.meta.key };
      if (d.mbi) {
        // stage 5's analysis: the same figures as the table's validation file of this dataset
        const pairs = sps.map((sp, i) => ({ sp, eval_cp: evals[i], mbi: d.mbi!.get(sp)!, score: score[i] }));
        const a = analyse(pairs, resamples, seed);
        const pick = (c: Correlation): Rho => ({
          n: sps.length,
          rho: c.rho,
          ci95: c.ci95_percentile as [number, number],
        });
        correlations.push({ ...at, eval_vs_score: pick(a.eval_vs_score), mbi_vs_imbalance: pick(a.mbi_vs_imbalance) });
      } else {
        const b = bootstrapSpearman(evals, score, { resamples, seed, stream: EVAL_SCORE_STREAM });
        correlations.push({ ...at, eval_vs_score: rhoOf(b), mbi_vs_imbalance: null });
      }
    }
    // each step up the budgets, on the positions both have
    const ladder = datasets.filter((d) => d.meta.ladder);
    const pairs: [Values, Values][] = ladder.slice(1).map((d, i) => [ladder[i], d]);
    const top = ladder.at(-1);
    for (const other of datasets.filter((d) => d.meta.key === "peer" || d.meta.key === "method")) {
      if (top) pairs.push([top, other]);
    }
    pairs.forEach(([a, b], k) => {
      const sps = [...b.bySp.keys()].filter((sp) => a.bySp.has(sp) && rows.has(sp)).sort((x, y) => x - y);
      if (sps.length < 3) return;
      const values = (v: Values) => sps.map((sp) => v.bySp.get(sp)!);
      const score = sps.map((sp) => rows.get(sp)!.white_score);
      const d = bootstrapSpearmanDifference(values(a), values(b), score, { resamples, seed, stream: STEP_STREAM + k });
      const [table, from, to] = [t.meta.name, a.meta.key, b.meta.key];
      steps.push({ table, from, to, n: d.n, from_rho: d.rho1, to_rho: d.rho2, delta: d.estimate, ci95: d.ci95 });
    });
  }

  const agreement: OutcomeStudy["agreement"] = { tables: [], designs: [] };
  tables.forEach((a, i) =>
    tables.slice(i + 1).forEach((b) => {
      const ra = counted(a, minGames), rb = counted(b, minGames);
      const sps = [...ra.keys()].filter((sp) => rb.has(sp)).sort((x, y) => x - y);
      if (sps.length < 3) return;
      const score = (r: Map<number, OutcomeRow>) => sps.map((sp) => r.get(sp)!.white_score);
      const boot = bootstrapSpearman(score(ra), score(rb), { resamples, seed, stream: TABLES_STREAM });
      agreement.tables.push({ a: a.meta.name, b: b.meta.name, score_rho: rhoOf(boot) });
    })
  );
  const designs: { key: string; positions: SelfplayResults["positions"] }[] = [];
  for (const key of DESIGNS) {
    const r = await readSelfplayResults(getProfile(key)).catch(() => undefined);
    if (r) designs.push({ key, positions: r.positions });
  }
  for (const t of tables) {
    const rows = counted(t, minGames);
    for (const g of designs) {
      const ps = g.positions.filter((p) => rows.has(p.sp));
      if (ps.length < 3) continue;
      const tableScores = ps.map((p) => rows.get(p.sp)!.white_score);
      const boot = bootstrapSpearman(tableScores, ps.map((p) => p.score), { resamples, seed, stream: DESIGN_STREAM });
      const [games, reliability] = [ps.reduce((s, p) => s + p.games, 0), scoreReliability(ps).reliability];
      const design = { table: t.meta.name, design: g.key, games, design_reliability: reliability };
      agreement.designs.push({ ...design, score_rho: rhoOf(boot) });
    }
  }

  // the published 0.76: which sets of games reach it (with the best index's values, and the method's where there are)
  const p = PUBLISHED.rho_eval_score;
  const reaching = correlations.filter((c) => p >= c.eval_vs_score.ci95[0] && p <= c.eval_vs_score.ci95[1])
    .map((c) => ({ games: c.table, dataset: c.dataset, rho: c.eval_vs_score.rho, ci95: c.eval_vs_score.ci95 }));
  let corrected: OutcomeStudy["published"]["corrected"] = null;
  const method = designs.find((g) => g.key === DESIGNS[1]);
  const sample = method && (await readEvalDataset(methodSamplePath(getProfile(method.key))));
  if (method && sample) {
    const bySp = new Map(sample.records.map((r) => [r.sp, r.eval_cp!]));
    const ps = method.positions.filter((p) => bySp.has(p.sp));
    const values = ps.map((p) => bySp.get(p.sp)!);
    const c = correctedRho(values, ps, { resamples, seed, stream: CORRECTED_STREAM });
    const games = `${int(ps.reduce((s, p) => s + p.games, 0))} games at the method's 300,000 nodes per move`;
    const b = bootstrapSpearman(values, ps.map((p) => p.score), { resamples, seed, stream: EVAL_SCORE_STREAM });
    corrected = {
      design: method.key,
      values: recordedPath(sample.path),
      observed: rhoOf(b),
      reliability: c.reliability,
      corrected: { estimate: c.estimate, ci95: c.ci95 },
      sentence: correctedSentence(c, games),
    };
  }

  const tableFiles = tables.map((t) => outcomePaths(t.meta.name).json);
  return {
    kind: "mbi-outcome-study",
    schema: STUDY_SCHEMA,
    about:
      "Every dataset against every outcome table: aggregate figures only (a private table's per-position values stay where it was built)",
    tables: tables.map((t) => ({
      name: t.meta.name,
      description: t.meta.description,
      games: t.meta.totals.games,
      positions: t.meta.totals.positions,
      draw_rate: t.meta.totals.draw_rate,
      origin: t.meta.origin,
      licence: t.meta.licence ?? null,
      private: t.meta.private === true,
      source_sha256: t.meta.source.sha256,
      reproduce: t.meta.reproduce ?? [],
      reliability: scoreReliability([...counted(t, minGames).values()].map(rowCounts)),
    })),
    datasets: datasets.map((d) => d.meta),
    correlations,
    steps,
    agreement,
    published: { rho: PUBLISHED.rho_eval_score, ci95: PUBLISHED.ci95 as [number, number], reaching, corrected },
    min_games: minGames,
    resamples,
    seed,
    inputs: await inputFiles([...tableFiles, ...datasets.map((d) => d.file)]),
    code: await codeVersion(),
  };
}

/** Computes and writes `study.json` (unchanged when only the code differs). */
export async function writeStudy(): Promise<OutcomeStudy> {
  return await writeJsonUnlessSame(studyPath(), await computeStudy(), ["code"]);
}

/** Reads `study.json` (undefined when there is none). */
export async function readStudy(path = studyPath()): Promise<OutcomeStudy | undefined> {
  const raw = await readTextIfExists(path);
  if (raw === undefined) return undefined;
  const where = displayPath(path);
  const s = parseJsonText(raw, where, "stage-input", "run deno task outcome-study to write it again") as OutcomeStudy;
  if (s?.kind !== "mbi-outcome-study") throw new MbiError("stage-input", `${where} is not an outcome study`);
  if (s.schema > STUDY_SCHEMA) {
    throw new MbiError("stage-input", `${where} has schema ${s.schema}; this code reads up to ${STUDY_SCHEMA}`);
  }
  return s;
}

/** A corrected correlation within [−1, 1]. */
const capped = (x: number) => Math.max(-1, Math.min(1, x));

/**
 * The method's games corrected for the noise of their scores: rho(values, score) / √R, R the reliability of the
 * per-position scores, capped at ±1 (a correlation beyond 1 is the noise of the estimated R); its interval from a
 * joint bootstrap over positions, rho and R recomputed on each resample. A resample whose scores show no spread
 * beyond game noise (R = 0) is kept, at the bound its rho points to: leaving it out would pull the interval's upper
 * end down.
 */
export function correctedRho(
  values: readonly number[],
  counts: readonly { wins: number; draws: number; losses: number; games: number }[],
  opts: { resamples: number; seed: number; stream: number },
): { estimate: number; ci95: [number, number]; reliability: number; observed: number } {
  const scores = counts.map((c) => whiteScore(c));
  const observed = spearman(values, scores);
  const reliability = scoreReliability(counts).reliability;
  const rng = rngFromSeed(deriveSeed(opts.seed, opts.stream));
  const n = values.length;
  const out: number[] = [];
  for (let b = 0; b < opts.resamples; b++) {
    const idx = Array.from({ length: n }, () => rng.int(0, n - 1));
    const r = scoreReliability(idx.map((i) => counts[i])).reliability;
    const rho = spearman(idx.map((i) => values[i]), idx.map((i) => scores[i]));
    if (!Number.isFinite(rho) || (r <= 0 && rho === 0)) continue; // no correlation to correct
    out.push(r > 0 ? capped(rho / Math.sqrt(r)) : Math.sign(rho));
  }
  out.sort((a, b) => a - b);
  return {
    estimate: capped(observed / Math.sqrt(reliability)),
    ci95: [quantileSorted(out, 0.025), quantileSorted(out, 0.975)],
    reliability,
    observed,
  };
}

/** Where the method's published rho lies against an interval: "below", "inside" or "above" that interval. */
export function publishedWhere(ci95: readonly [number, number]): "below" | "inside" | "above" {
  const p = PUBLISHED.rho_eval_score;
  return p < ci95[0] ? "below" : p > ci95[1] ? "above" : "inside";
}

/**
 * A corrected correlation's 95% interval in words, `[0.34, 1]`: two decimals, said up to 1 (a corrected correlation
 * above 1 is noise in the estimated reliability).
 */
export function correctedRangeText(ci95: readonly [number, number]): string {
  return `[${fixedNonZero(ci95[0], 2)}, ${ci95[1] >= 1 ? "1" : fixedNonZero(ci95[1], 2)}]`;
}

/**
 * The other reading of the published figure, said wherever the corrected one is: taken as observed in games as noisy
 * as these, it is more than they can show (null when it is within their ceiling √R).
 */
export function ceilingReadingText(reliability: number): string | null {
  const p = PUBLISHED.rho_eval_score, ceiling = Math.sqrt(reliability);
  return p > ceiling
    ? `Read instead as a figure observed in games this noisy, the published ${p} is more than they can show ` +
      `(their ceiling √R is ${fixedNonZero(ceiling, 2)}).`
    : null;
}

/** The sentence on what the corrected figure says of the published one (computed, never written by hand). */
export function correctedSentence(
  c: { estimate: number; ci95: [number, number]; reliability: number; observed: number },
  games: string,
): string {
  const f = (x: number) => fixedNonZero(x, 2);
  const p = PUBLISHED.rho_eval_score;
  const where = `${publishedWhere(c.ci95)} that interval`;
  const shown = `while 50 games per position show a true ${p} as about ${f(p * Math.sqrt(c.reliability))}`;
  const f3 = (x: number) => fixedNonZero(x, 3);
  const other = ceilingReadingText(c.reliability);
  return `Corrected for the noise of 50 games per position (reliability ${f3(c.reliability)}), the ${games} give ` +
    `${f3(c.observed)} / √${f3(c.reliability)} = ${f(c.estimate)} ${correctedRangeText(c.ci95)}; ` +
    `the published ${p} lies ${where}` +
    (where === "inside that interval"
      ? `: it is about what these games would show without their noise, ${shown}.`
      : ".") +
    (other ? ` ${other}` : "");
}
