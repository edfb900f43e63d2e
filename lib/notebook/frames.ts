/**
 * Data frames for analysts: each stage's results as danfojs DataFrames that an
 * analyst filters, sorts and groups in the next cell, shown in Jupyter as the
 * HTML table of `frame_html.ts` (installed on danfojs's frames, so every
 * DataFrame and Series, including those an analyst derives, shows with its
 * shape, in Jupyter and in nbconvert's HTML export). danfojs is imported on
 * first use (it loads TensorFlow.js: about 0.5–3 s).
 *
 * The frames are views of the result files; the numbers come from the stage
 * modules (`lib/analysis/`, `lib/evaluation/`, `lib/selfplay/`, `lib/report/`), never from here.
 *
 * @module
 */

import { type EvalDataset, type MbiTable } from "../store/mod.ts";
import { type GameRecord, openingBreadth, type OpeningSet, type SelfplayResults } from "../selfplay/mod.ts";
import {
  type Convergence,
  type Correlation,
  type DatasetInfo,
  type PairAgreement,
  type RankAgreement,
  type Summary,
} from "../analysis/mod.ts";
import { formatLimit } from "../engine/mod.ts";
import { strength } from "../method/mod.ts";
import { FRAME_CAPTION, FRAME_COLUMNS, frameHtml, framePlainText, frameTable } from "./frame_html.ts";

/** The danfojs module. */
export type Danfo = typeof import("danfojs");
/** A danfojs DataFrame. */
export type DataFrame = InstanceType<Danfo["DataFrame"]>;
/** A danfojs Series. */
export type Series = InstanceType<Danfo["Series"]>;

const DISPLAY = Symbol.for("Jupyter.display");

let loading: Promise<Danfo> | undefined;

/** danfojs, imported on first use, with the HTML display installed on DataFrame and Series. */
export function danfo(): Promise<Danfo> {
  loading ??= import("danfojs").then((d) => {
    // On the common base class: frames that danfojs derives (query, sortValues, groupby …) are
    // instances of its internal DataFrame class, not of the exported subclass.
    Object.defineProperty(d.NDframe.prototype, DISPLAY, {
      configurable: true,
      value: function (this: DataFrame | Series) {
        return { "text/html": frameHtml(this), "text/plain": framePlainText(this) };
      },
    });
    return d;
  });
  return loading;
}

/** Sets the caption a frame shows above its table (profile, engine, budget, n); returns the frame. */
export function withCaption<T extends DataFrame | Series>(df: T, caption: string): T {
  Object.defineProperty(df, FRAME_CAPTION, { configurable: true, value: caption });
  return df;
}

/**
 * Chooses the columns a frame's table shows (the frame itself keeps all of
 * them for the next cell); the shape line names the others. Returns the frame.
 */
export function showColumns<T extends DataFrame>(df: T, columns: readonly string[]): T {
  Object.defineProperty(df, FRAME_COLUMNS, { configurable: true, value: [...columns] });
  return df;
}

/** The rows of a frame as objects (e.g. for a Plot mark after filtering in a frame). */
export function records<T = Record<string, unknown>>(df: DataFrame): T[] {
  const { columns, rows } = frameTable(df);
  return rows.map((r) => Object.fromEntries(columns.map((c, j) => [c, r[j]])) as T);
}

/**
 * A frame from rows of plain values (arrays are joined with spaces, objects
 * written as `key value; …`), with `columns` in that order, and a caption.
 */
export async function toFrame(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
  caption?: string,
): Promise<DataFrame> {
  const d = await danfo();
  const plain = (v: unknown) =>
    Array.isArray(v)
      ? v.join(" ")
      : v !== null && typeof v === "object"
      ? Object.entries(v).map(([k, x]) => `${k} ${x}`).join("; ")
      : v === undefined
      ? null
      : v;
  const data = rows.map((r) => columns.map((c) => plain(r[c])));
  const df = new d.DataFrame(data, { columns: [...columns] });
  return caption ? withCaption(df, caption) : df;
}

/** Stage 1: one row per position (value, mate, depth, nodes, the first moves of the PV). */
export function evalsFrame(d: EvalDataset, caption?: string): Promise<DataFrame> {
  return toFrame(
    d.records.map((r) => ({ ...r, pv: r.pv.slice(0, 8) })),
    ["sp", "setup", "eval_cp", "mate", "depth", "seldepth", "nodes", "pv"],
    caption,
  );
}

/** Stage 3: the MBI table, one row per position, with the interval and its width. */
export function mbiFrame(t: MbiTable, caption?: string): Promise<DataFrame> {
  return toFrame(
    t.rows.map((r) => ({
      ...r,
      width: r.mbi_lo === null || r.mbi_hi === null ? null : r.mbi_hi - r.mbi_lo,
    })),
    ["sp", "setup", "eval_cp", "edge_cp", "rank", "mbi", "mbi_lo", "mbi_hi", "width"],
    caption,
  );
}

/**
 * Stage 2: agreement with the other budgets of the same engine, one row per
 * other dataset. The Spearman of the signed values is a column only where it
 * differs from that of the edges in some row (it differs only through negative
 * values); otherwise the caption says so instead of repeating the column. The
 * Pearson of the values in cp says how stable the values themselves are.
 */
export function rankAgreementFrame(rows: readonly RankAgreement[], caption?: string): Promise<DataFrame> {
  const differs = rows.some((a) => Math.abs(a.spearman_eval - a.spearman_edge) >= 0.0005);
  const columns = [
    "other",
    "budget",
    "positions",
    "spearman_edges",
    ...(differs ? ["spearman_values"] : []),
    "pearson_values_cp",
    "median_rank_shift",
    "p90_rank_shift",
    "median_abs_dmbi",
    "share_dmbi_over_10",
  ];
  const note = differs ? "" : " (the Spearman of the signed values equals that of the edges in every row)";
  return toFrame(
    rows.map((a) => ({
      other: a.other,
      budget: formatLimit(a.other_limit),
      positions: a.common,
      spearman_edges: a.spearman_edge,
      spearman_values: a.spearman_eval,
      pearson_values_cp: a.pearson_eval,
      median_rank_shift: a.rank_shift.median,
      p90_rank_shift: a.rank_shift.p90,
      median_abs_dmbi: a.mbi_shift.median,
      share_dmbi_over_10: a.mbi_shift.share_over_10,
    })),
    columns,
    caption === undefined ? undefined : caption + note,
  );
}

/** Stage 4: White's results per position, with the score interval (Wilson-type) and distinct games. */
export function selfplayFrame(r: SelfplayResults, caption?: string): Promise<DataFrame> {
  return toFrame(
    r.positions.map((p) => ({ ...p, score_lo: p.score_ci95[0], score_hi: p.score_ci95[1] })),
    [
      "sp",
      "setup",
      "eval_cp",
      "edge_cp",
      "mbi",
      "stratum",
      "games",
      "wins",
      "draws",
      "losses",
      "score",
      "score_lo",
      "score_hi",
      "distinct_games",
      "duplicate_games",
      "avg_plies",
      "opening_plies",
      "terminations",
    ],
    caption,
  );
}

/** One row per game: result, termination, plies, the opening line in SAN, whether it is distinct. */
export interface GameRow {
  /** Start position. */
  sp: number;
  /** Game index (1-based). */
  game: number;
  /** Result. */
  result: string;
  /** Why it ended. */
  termination: string;
  /** Plies. */
  plies: number;
  /** The line of the position's opening set the game took (1-based). */
  line: number;
  /** Its moves in SAN. */
  opening: string;
  /** False when the game repeats an earlier game of its position move for move. */
  distinct: boolean;
  /** The game's seed. */
  seed: string;
}

/** The game list (SAN of the opening line from the game's own moves; distinct = no earlier game of the position has the same moves). */
export function gameRows(games: readonly GameRecord[]): GameRow[] {
  const seen = new Set<string>();
  return [...games].sort((a, b) => a.sp - b.sp || a.game - b.game).map((g) => {
    const key = `${g.sp} ${g.moves.join(" ")}`;
    const distinct = !seen.has(key);
    seen.add(key);
    return {
      sp: g.sp,
      game: g.game,
      result: g.result,
      termination: g.termination,
      plies: g.plies,
      line: g.opening.index + 1,
      opening: g.info.filter((m) => m.opening).map((m) => m.san).join(" "),
      distinct,
      seed: g.seed,
    };
  });
}

/** Stage 4: the game list as a frame. */
export function gamesFrame(games: readonly GameRecord[], caption?: string): Promise<DataFrame> {
  return toFrame(
    gameRows(games) as unknown as Record<string, unknown>[],
    ["sp", "game", "result", "termination", "plies", "line", "opening", "distinct", "seed"],
    caption,
  );
}

/**
 * Stage 4: the opening sets, one row per position (lines, their depth,
 * searches, shortfall, how many first moves they start with and the best
 * first move's score and depth in the start's search, the lines in SAN).
 */
export function openingsFrame(sets: readonly OpeningSet[], caption?: string): Promise<DataFrame> {
  return toFrame(
    sets.map((s) => {
      const b = openingBreadth(s);
      return {
        sp: s.sp,
        lines: s.lines.length,
        plies: s.plies,
        games: s.games,
        shortfall: s.shortfall,
        searches: s.searches,
        first_moves: b.first_moves,
        best_first: b.best_first?.san ?? null,
        best_first_cp: b.best_first?.cp ?? null,
        best_first_depth: b.best_first?.depth ?? null,
        set: s.lines.map((l) => l.san.join(" ")).join(" | "),
      };
    }),
    [
      "sp",
      "lines",
      "plies",
      "games",
      "shortfall",
      "searches",
      "first_moves",
      "best_first",
      "best_first_cp",
      "best_first_depth",
      "set",
    ],
    caption,
  );
}

/** A correlation's columns in a frame: its label, estimate and both 95% intervals (BCa null where undefined). */
export function correlationColumns(c: Correlation): {
  correlation: string;
  rho: number;
  ci_lo: number;
  ci_hi: number;
  bca_lo: number | null;
  bca_hi: number | null;
} {
  return {
    correlation: c.label,
    rho: c.rho,
    ci_lo: c.ci95_percentile[0],
    ci_hi: c.ci95_percentile[1],
    bca_lo: c.ci95_bca?.[0] ?? null,
    bca_hi: c.ci95_bca?.[1] ?? null,
  };
}

/** Stage 5: the three correlations with both intervals, and the published figure where there is one. */
export function correlationsFrame(s: Summary, caption?: string): Promise<DataFrame> {
  const row = (key: string, c: Correlation, published: string) => ({
    key,
    ...correlationColumns(c),
    undefined_resamples: c.undefined_resamples,
    published,
  });
  const p = s.published;
  return toFrame(
    [
      row("eval_vs_score", s.eval_vs_score, `${p.rho_eval_score} [${p.ci95[0]}, ${p.ci95[1]}] at the method's budgets`),
      row("mbi_vs_score", s.mbi_vs_score, "not published (the documents reuse 0.76)"),
      row("mbi_vs_imbalance", s.mbi_vs_imbalance, "not published"),
    ],
    ["key", "correlation", "rho", "ci_lo", "ci_hi", "bca_lo", "bca_hi", "undefined_resamples", "published"],
    caption,
  );
}

/** Notebook 06: the datasets compared. */
export function datasetsFrame(ds: readonly DatasetInfo[], caption?: string): Promise<DataFrame> {
  return toFrame(
    ds.map((d) => ({ ...d, budget: formatLimit(d.limit) })),
    ["folder", "engine", "engine_id", "fingerprint", "budget", "n"],
    caption,
  );
}

/** Notebook 06: every pair of datasets (edges' Spearman and Kendall with CIs, MBI shifts, the words by the bands). */
export function pairsFrame(pairs: readonly PairAgreement[], caption?: string): Promise<DataFrame> {
  return toFrame(
    pairs.map((p) => ({
      a: p.a,
      b: p.b,
      positions: p.common,
      spearman: p.spearman.rho,
      spearman_lo: p.spearman.ci95[0],
      spearman_hi: p.spearman.ci95[1],
      kendall: p.kendall.tau,
      kendall_lo: p.kendall.ci95[0],
      kendall_hi: p.kendall.ci95[1],
      median_abs_dmbi: p.mbi_shift.median,
      share_dmbi_over_10: p.mbi_shift.share_over_10,
      agreement: strength(p.spearman.rho, p.spearman.ci95),
    })),
    [
      "a",
      "b",
      "positions",
      "spearman",
      "spearman_lo",
      "spearman_hi",
      "kendall",
      "kendall_lo",
      "kendall_hi",
      "median_abs_dmbi",
      "share_dmbi_over_10",
      "agreement",
    ],
    caption,
  );
}

/** Notebook 02: the budget ladder, one row per pair of rungs (Spearman of the edges, MBI shift, interval coverage). */
export function ladderFrame(c: Convergence, caption?: string): Promise<DataFrame> {
  const top = c.rungs[c.rungs.length - 1]?.folder;
  return toFrame(
    c.pairs.map((p) => ({
      a: p.a,
      b: p.b,
      nodes_a: p.nodes_a,
      nodes_b: p.nodes_b,
      positions: p.n,
      spearman_edges: p.spearman_edges,
      median_abs_dmbi: p.mbi_shift.median,
      share_dmbi_over_10: p.mbi_shift.share_over_10,
      coverage: p.coverage?.share ?? null,
      next_rung: c.rungs.findIndex((r) => r.folder === p.b) - c.rungs.findIndex((r) => r.folder === p.a) === 1,
      b_is_top: p.b === top,
    })),
    [
      "a",
      "b",
      "nodes_a",
      "nodes_b",
      "positions",
      "spearman_edges",
      "median_abs_dmbi",
      "share_dmbi_over_10",
      "coverage",
      "next_rung",
      "b_is_top",
    ],
    caption,
  );
}
