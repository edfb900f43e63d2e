/**
 * A dataset's self-play designs other than its profile's own, read once and checked (the limitations and the site both
 * take them, so a build reads each design once), and side by side beside the method's published figure: each design's
 * rho(eval, White's score) with the dataset's values and, once its positions have them, with the method's; its
 * reliability, ceiling, draw rate, power, and the prediction made before its first game. A design still being played
 * has one row with its progress and its prediction and no figure from its games.
 *
 * @module
 */

import { join } from "node:path";
import { pathExists } from "../core/mod.ts";
import { METHOD_EVAL_TEXT, type Profile, PROFILES, selfplayBudgetText } from "../method/mod.ts";
import {
  designKey,
  evalFolderName,
  getProfile,
  profileDir,
  recordedPath,
  selfplayDir,
  summarisedDesigns,
  summaryPath,
} from "../store/mod.ts";
import { currentStatistics, PUBLISHED, type Summary } from "../analysis/mod.ts";
import { gamesPath, readGames, resultTotals, type SelfplayResults } from "../selfplay/mod.ts";
import { type MethodSampleState, methodSampleState, methodSampleSummaryPath } from "./method_sample.ts";
import { checkPrediction, predictionPath, type PredictionRecord, readPrediction } from "./prediction.ts";

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
 * The summarised self-play designs of a profile's folder (its own aside), in `summarisedDesigns`' order (the method's
 * design first); each checked to follow from
 * its inputs (else a `stage-input` MbiError naming the stale file and the command that fixes it).
 */
export async function designResults(profile: Profile): Promise<DesignResults[]> {
  const out: DesignResults[] = [];
  for (const design of summarisedDesigns(profile)) {
    const { selfplay, summary } = await currentStatistics(design);
    // a summarised design has both: a summary without its games is refused by currentStatistics
    if (!selfplay || !summary) continue;
    const sample = await methodSampleState(design, selfplay.positions.map((p) => p.sp));
    out.push({ design, selfplay, summary, sample });
  }
  return out;
}

/** A self-play design of a dataset whose games are being played: its games so far. */
export interface RunningDesign {
  /** Its results key. */
  profile: string;
  /** Positions × games at nodes per move, in words. */
  design: string;
  /** Games played and planned. */
  done: number;
  planned: number;
  /** Its games file (display path). */
  file: string;
  engine: { uci_name: string; fingerprint: number | null };
  /** The prediction made before its first game, when one was (no result beside it while the games go on). */
  predicted: PredictionRecord | null;
}

/**
 * The design whose games `folder` (a `selfplay~…` folder of the dataset `profile`) holds, when they are being played:
 * its games file without a stage-5 summary (undefined otherwise). Its files grow with every progress commit, so what is
 * said of it where the files are checked against their description (the dataset card) must not count them.
 */
export function runningDesignOf(profile: Profile, folder: string): Profile | undefined {
  if (!DESIGN_FOLDER.test(folder)) return undefined;
  const design = getProfile(designKey(profile.name, folder.slice("selfplay".length)));
  const running = selfplayDir(design) === join(profileDir(profile), folder) && !pathExists(summaryPath(design)) &&
    pathExists(gamesPath(selfplayDir(design)));
  return running ? design : undefined;
}

/** A self-play design's folder name: `selfplay~pos60~games50~move300000`. */
const DESIGN_FOLDER = /^selfplay(~[a-z]+\d+)+$/;

/** The self-play designs of a dataset being played: games in a `selfplay~…` folder, no stage-5 summary yet. */
export async function runningDesigns(profile: Profile): Promise<RunningDesign[]> {
  const dir = profileDir(profile);
  let names: string[];
  try {
    names = [...Deno.readDirSync(dir)].filter((e) => e.isDirectory && DESIGN_FOLDER.test(e.name))
      .map((e) => e.name).sort();
  } catch {
    return [];
  }
  const out: RunningDesign[] = [];
  for (const name of names) {
    const design = runningDesignOf(profile, name);
    if (!design) continue;
    const games = await readGames(gamesPath(selfplayDir(design))).catch(() => undefined);
    if (!games) continue;
    const c = games.header.config;
    out.push({
      profile: design.name,
      predicted: (await readPrediction(predictionPath(design))) ?? null,
      design: selfplayBudgetText({ positions: c.positions.length, games: c.games, nodesPerMove: c.nodes_per_move }),
      done: games.records.length,
      planned: c.positions.length * c.games,
      file: recordedPath(gamesPath(selfplayDir(design))),
      engine: { uci_name: games.header.engine.uci_name, fingerprint: c.engine_fingerprint },
    });
  }
  return out;
}

/** One row: a design's games with one set of values, a design being played, or the method's published figure. */
export interface ComparisonRow {
  kind: "design" | "running" | "published";
  /** The design in words (`60 × 50 games at 30,000 nodes/move`), or `the method, published`. */
  design: string;
  nodes_per_move: number;
  /** The engine that played its games (null for the published row: the method's documents name Stockfish 17.1 without a build). */
  engine: { uci_name: string; fingerprint: number | null } | null;
  /** The values set against the scores, in words (`8,000,000 nodes per position`). */
  values: string;
  games: { done: number; planned: number };
  /** rho(eval, White's score) with its 95% percentile interval (null for a design being played; rho null when not defined). */
  rho: { rho: number | null; ci95: [number, number] } | null;
  /** Reliability of a position's score with its 95% interval where computed, and the variance components it comes from: between positions, and of one game's score (null: none from these games). */
  reliability: { r: number; ci95: [number, number] | null; between: number; game: number } | null;
  /** √R: the largest correlation these scores can show (null when not estimable or not known). */
  ceiling: number | null;
  draw_rate: number | null;
  /** Power of the design to exclude 0 at a true rho of 0.76 (null when not known). */
  power: number | null;
  /** The prediction made before the design's first game, where this row has its pairing, and whether the row's rho lies in its range (null while there is none). */
  prediction: { rho: number; range95: [number, number]; inside: boolean | null; path: string } | null;
  /** The file holding the row's figure (absolute; its games file while being played; null for the published row). */
  path: string | null;
}

const drawRate = (s: SelfplayResults) => {
  const t = resultTotals(s.positions);
  return t.games ? t.draws / t.games : null;
};

const nanToNull = (x: number | null) => (typeof x === "number" && Number.isFinite(x) ? x : null);

/**
 * The rows (pure): each summarised design with the dataset's values (`indexValues` in words), then with the method's
 * values where its sample's figures exist; each design being played; the method's published figure last.
 */
export function comparisonRows(
  designs: readonly (DesignResults & { predicted?: PredictionRecord | null })[],
  running: readonly RunningDesign[],
  indexValues: string,
): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const d of designs) {
    const s = d.summary;
    const rel = s.reliability;
    const games = s.selfplay.games_per_position, nodesPerMove = s.selfplay.nodes_per_move;
    const relCi95 = s.reliability_uncertainty?.reliability_ci95 ?? null;
    const base = {
      kind: "design" as const,
      design: selfplayBudgetText({ positions: s.n_positions, games, nodesPerMove }),
      nodes_per_move: nodesPerMove,
      engine: { uci_name: d.selfplay.engine.uci_name, fingerprint: d.selfplay.config.engine_fingerprint },
      games: { done: s.n_games, planned: s.n_positions * games },
      reliability: rel.between_estimable
        ? { r: rel.reliability, ci95: relCi95, between: rel.between_variance, game: rel.game_variance }
        : null,
      ceiling: rel.between_estimable ? nanToNull(rel.ceiling) : null,
      draw_rate: drawRate(d.selfplay),
      power: nanToNull(s.power.this_design.power),
    };
    const predicted = d.predicted ?? null;
    const prediction = (values: string, rho: number | null) =>
      predicted && predicted.from.values === values
        ? predictionCell(predicted, checkPrediction(predicted, rho).inside, d.design)
        : null;
    const own = nanToNull(s.eval_vs_score.rho);
    rows.push({
      ...base,
      values: indexValues,
      rho: { rho: own, ci95: s.eval_vs_score.ci95_percentile },
      prediction: prediction(evalFolderName(d.design), own),
      path: summaryPath(d.design),
    });
    const figures = d.sample?.figures;
    const v = figures?.validation.find((x) => x.values_from === recordedPath(d.sample!.path));
    if (figures && v) {
      const rho = nanToNull(v.eval_vs_score.rho);
      rows.push({
        ...base,
        values: v.budget,
        rho: { rho, ci95: v.eval_vs_score.ci95_percentile },
        prediction: prediction(v.values_from, rho),
        path: methodSampleSummaryPath(d.sample!.path, d.design),
      });
    }
  }
  // no figure from games being played, none for the published row but its rho
  const none = { reliability: null, ceiling: null, draw_rate: null, power: null };
  for (const r of running) {
    const p = r.predicted;
    const design = getProfile(r.profile);
    rows.push({
      kind: "running",
      design: r.design,
      nodes_per_move: design.selfplay.nodesPerMove,
      engine: r.engine,
      values: p ? p.from.budget : indexValues,
      games: { done: r.done, planned: r.planned },
      rho: null,
      ...none,
      prediction: p ? predictionCell(p, null, design) : null,
      path: gamesPath(selfplayDir(design)),
    });
  }
  const m = PROFILES.full.selfplay;
  rows.push({
    kind: "published",
    design: "the method, published",
    nodes_per_move: m.nodesPerMove,
    engine: null,
    values: METHOD_EVAL_TEXT,
    games: { done: m.positions * m.games, planned: m.positions * m.games },
    rho: { rho: PUBLISHED.rho_eval_score, ci95: PUBLISHED.ci95 },
    ...none,
    prediction: null,
    path: null,
  });
  return rows;
}

/** A row's prediction: the expected figure and range, whether the row's rho lies in it, and its file. */
function predictionCell(p: PredictionRecord, inside: boolean | null, design: Profile): ComparisonRow["prediction"] {
  const { rho, range95 } = p.prediction.expected;
  return { rho, range95, inside, path: predictionPath(design) };
}

/** The rows of a dataset's designs (see {@link comparisonRows}), reading the predictions and the designs being played. */
export async function designComparison(
  profile: Profile,
  designs: readonly DesignResults[],
  indexValues: string,
): Promise<ComparisonRow[]> {
  const withPredictions = [];
  for (const d of designs) {
    withPredictions.push({ ...d, predicted: (await readPrediction(predictionPath(d.design))) ?? null });
  }
  return comparisonRows(withPredictions, await runningDesigns(profile), indexValues);
}
