/**
 * Does the order predict games? Every dataset against every outcome table, in
 * one file (`results/outcomes/study.json`) that holds only aggregate figures:
 *
 * - per table and dataset: rho(eval, White's score) and rho(MBI, |score − 0.5|)
 *   over the table's positions with at least 20 games, with stage 5's seeded
 *   10,000-resample intervals (the same streams as the validation files, so
 *   the figures are theirs), for the reference engine's budgets, the other
 *   engines, the depth-32 peer and the method's 400,000,000-node values as far
 *   as its run has gone (no MBI there: a rank over a part is not the index);
 * - per table, each step up the budgets on the same positions: the paired
 *   difference of rho(eval, score) with its interval (does more search predict
 *   outcomes better?);
 * - how the tables' scores agree with each other, and with the 50-game scores
 *   of the workspace's own 60 × 50 designs (does the answer depend on who
 *   plays the games?);
 * - the method's published 0.76 beside them: which sets of games reach it, and
 *   the method's own 3,000 games at 300,000 nodes per move corrected for the
 *   noise of 50 games per position, with a joint bootstrap interval.
 *
 * A private table (its per-position values may not be shipped) is read where
 * it was built; the file records its SHA-256 and the command that rebuilds it.
 *
 * @module
 */

import { join } from "node:path";
import {
  bootstrapSpearman,
  bootstrapSpearmanDifference,
  deriveMbi,
  evalBudgetText,
  METHOD_SEED,
  type OutcomeRow,
  rowCounts,
  scoreReliability,
} from "../method/mod.ts";
import {
  codeVersion,
  datasetFolder,
  getProfile,
  inputFiles,
  listOutcomeTables,
  outcomePaths,
  type OutcomeTable,
  readEvalDataset,
  readOutcomeTable,
  readPeer,
  recordedPath,
  resultsRoot,
  scanDatasets,
  writeJsonUnlessSame,
} from "../store/mod.ts";
import { analyse, EVAL_SCORE_STREAM, PUBLISHED } from "../analysis/mod.ts";
import { loadRegistry } from "../engine/mod.ts";
import { readSelfplayResults } from "../selfplay/mod.ts";
import { DEFAULT_MIN_GAMES } from "../outcomes/mod.ts";
import { methodSnapshot } from "./method_partial.ts";
import { methodSamplePath } from "./method_sample.ts";
import { int, MbiError, repoPath } from "../core/mod.ts";
import { PEER, PEER_FILE } from "../store/mod.ts";
import { correctedRho, correctedSentence } from "./corrected_rho.ts";
import type { OutcomeStudy, Rho, StudyDataset } from "./outcome_study_record.ts";

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

/** The datasets of the study: complete reference and other-engine datasets, the peer, the method's run so far. */
async function studyDatasets(): Promise<Values[]> {
  const reference = loadRegistry().reference_fingerprint;
  const out: Values[] = [];
  for (const d of (await scanDatasets()).complete) {
    const limit = d.header.config.limit;
    const nodes = "nodes" in limit ? limit.nodes : null;
    const values = d.records.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp! }));
    const key = datasetFolder(d);
    out.push({
      meta: {
        key,
        label: `${d.header.engine.uci_name}, ${evalBudgetText(limit)}`,
        engine: d.header.engine.uci_name,
        budget: evalBudgetText(limit),
        nodes,
        ladder: d.header.config.engine_fingerprint === reference && nodes !== null && !key.includes("@"),
        positions: values.length,
      },
      bySp: new Map(values.map((v) => [v.sp, v.eval_cp])),
      mbi: new Map(deriveMbi(values).map((m) => [m.sp, m.mbi])),
      file: d.path,
    });
  }
  const peer = await readPeer();
  const pv = peer.rows.map((r) => ({ sp: r.sp, eval_cp: r.eval_cp }));
  out.push({
    meta: {
      key: "peer",
      label: `${PEER.name}, ${PEER.source}`,
      engine: PEER.engine,
      budget: PEER.budget,
      nodes: null,
      ladder: false,
      positions: pv.length,
    },
    bySp: new Map(pv.map((v) => [v.sp, v.eval_cp])),
    mbi: new Map(deriveMbi(pv).map((m) => [m.sp, m.mbi])),
    file: repoPath(PEER_FILE),
  });
  const snap = await methodSnapshot();
  if (snap) {
    const p = snap.partial;
    out.push({
      meta: {
        key: "method",
        label: `the method's run so far: ${p.dataset.engine}, ${p.dataset.budget}, ${int(p.done.used.length)} of ${
          int(p.done.of)
        } positions`,
        engine: p.dataset.engine,
        budget: p.dataset.budget,
        nodes: 400_000_000,
        ladder: false,
        positions: p.done.used.length,
      },
      bySp: new Map(Object.entries(snap.values).map(([sp, v]) => [Number(sp), v[0]!])),
      mbi: null,
      file: join(resultsRoot(), "full", "partial.json"),
    });
  }
  return out.sort((a, b) => Number(b.meta.ladder) - Number(a.meta.ladder) || (a.meta.nodes ?? 0) - (b.meta.nodes ?? 0));
}

/** The rows of a table with enough games, by SP. */
function counted(t: OutcomeTable, minGames: number): Map<number, OutcomeRow> {
  return new Map(t.rows.filter((r) => r.games >= minGames).map((r) => [r.sp, r]));
}

const rhoOf = (b: { estimate: number; n: number; percentile: [number, number] }): Rho => ({
  n: b.n,
  rho: b.estimate,
  ci95: b.percentile,
});

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
      if (d.mbi) {
        // stage 5's analysis: the same figures as the table's validation file of this dataset
        const a = analyse(
          sps.map((sp, i) => ({ sp, eval_cp: evals[i], mbi: d.mbi!.get(sp)!, score: score[i] })),
          resamples,
          seed,
        );
        const pick = (c: typeof a.eval_vs_score): Rho => ({
          n: sps.length,
          rho: c.rho,
          ci95: c.ci95_percentile as [number, number],
        });
        correlations.push({
          table: t.meta.name,
          dataset: d.meta.key,
          eval_vs_score: pick(a.eval_vs_score),
          mbi_vs_imbalance: pick(a.mbi_vs_imbalance),
        });
      } else {
        const b = bootstrapSpearman(evals, score, { resamples, seed, stream: EVAL_SCORE_STREAM });
        correlations.push({ table: t.meta.name, dataset: d.meta.key, eval_vs_score: rhoOf(b), mbi_vs_imbalance: null });
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
      const d = bootstrapSpearmanDifference(
        sps.map((sp) => a.bySp.get(sp)!),
        sps.map((sp) => b.bySp.get(sp)!),
        sps.map((sp) => rows.get(sp)!.white_score),
        { resamples, seed, stream: STEP_STREAM + k },
      );
      steps.push({
        table: t.meta.name,
        from: a.meta.key,
        to: b.meta.key,
        n: d.n,
        from_rho: d.rho1,
        to_rho: d.rho2,
        delta: d.estimate,
        ci95: d.ci95,
      });
    });
  }

  const agreement: OutcomeStudy["agreement"] = { tables: [], designs: [] };
  tables.forEach((a, i) =>
    tables.slice(i + 1).forEach((b) => {
      const ra = counted(a, minGames), rb = counted(b, minGames);
      const sps = [...ra.keys()].filter((sp) => rb.has(sp)).sort((x, y) => x - y);
      if (sps.length < 3) return;
      const boot = bootstrapSpearman(
        sps.map((sp) => ra.get(sp)!.white_score),
        sps.map((sp) => rb.get(sp)!.white_score),
        {
          resamples,
          seed,
          stream: TABLES_STREAM,
        },
      );
      agreement.tables.push({ a: a.meta.name, b: b.meta.name, score_rho: rhoOf(boot) });
    })
  );
  const designs: {
    key: string;
    positions: { sp: number; games: number; wins: number; draws: number; losses: number; score: number }[];
  }[] = [];
  for (const key of DESIGNS) {
    const r = await readSelfplayResults(getProfile(key)).catch(() => undefined);
    if (r) designs.push({ key, positions: r.positions });
  }
  for (const t of tables) {
    const rows = counted(t, minGames);
    for (const g of designs) {
      const ps = g.positions.filter((p) => rows.has(p.sp));
      if (ps.length < 3) continue;
      const boot = bootstrapSpearman(ps.map((p) => rows.get(p.sp)!.white_score), ps.map((p) => p.score), {
        resamples,
        seed,
        stream: DESIGN_STREAM,
      });
      agreement.designs.push({
        table: t.meta.name,
        design: g.key,
        games: ps.reduce((s, p) => s + p.games, 0),
        design_reliability: scoreReliability(ps).reliability,
        score_rho: rhoOf(boot),
      });
    }
  }

  // the published 0.76: which sets of games reach it (with the best index's values, and the method's where there are)
  const reaching = correlations.filter((c) =>
    PUBLISHED.rho_eval_score >= c.eval_vs_score.ci95[0] && PUBLISHED.rho_eval_score <= c.eval_vs_score.ci95[1]
  )
    .map((c) => ({ games: c.table, dataset: c.dataset, rho: c.eval_vs_score.rho, ci95: c.eval_vs_score.ci95 }));
  let corrected: OutcomeStudy["published"]["corrected"] = null;
  const method = designs.find((g) => g.key === DESIGNS[1]);
  const sample = method && (await readEvalDataset(methodSamplePath(getProfile(method.key))));
  if (method && sample) {
    const bySp = new Map(sample.records.map((r) => [r.sp, r.eval_cp!]));
    const ps = method.positions.filter((p) => bySp.has(p.sp));
    const c = correctedRho(ps.map((p) => bySp.get(p.sp)!), ps, { resamples, seed, stream: CORRECTED_STREAM });
    const games = `${int(ps.reduce((s, p) => s + p.games, 0))} games at the method's 300,000 nodes per move`;
    const b = bootstrapSpearman(ps.map((p) => bySp.get(p.sp)!), ps.map((p) => p.score), {
      resamples,
      seed,
      stream: EVAL_SCORE_STREAM,
    });
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
  const text = await Deno.readTextFile(path).catch((e) => {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  });
  if (text === undefined) return undefined;
  const s = JSON.parse(text) as OutcomeStudy;
  if (s?.kind !== "mbi-outcome-study") throw new MbiError("stage-input", `${path} is not an outcome study`);
  if (s.schema > STUDY_SCHEMA) {
    throw new MbiError("stage-input", `${path} has schema ${s.schema}; this code reads up to ${STUDY_SCHEMA}`);
  }
  return s;
}
