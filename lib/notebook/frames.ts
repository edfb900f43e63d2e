/**
 * Each stage's results as danfojs DataFrames that an analyst filters, sorts and groups in the next cell, shown as an
 * HTML table for people (danfojs only prints text): caption, index, the chosen columns, head and tail, shape, numbers
 * for reading — installed on danfojs's frames, so every frame derived from them shows too. danfojs is imported on
 * first use (it loads TensorFlow.js: about 0.5–3 s). Views only: the numbers come from the stage modules.
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
import { int, markup } from "../core/mod.ts";
import { JUPYTER_DISPLAY as DISPLAY, PALETTE } from "../plot/mod.ts";

/** The danfojs module. */
export type Danfo = typeof import("danfojs");
/** A danfojs DataFrame. */
export type DataFrame = InstanceType<Danfo["DataFrame"]>;
/** A danfojs Series. */
export type Series = InstanceType<Danfo["Series"]>;

/** The key of a frame's caption (set by `withCaption`). */
export const FRAME_CAPTION = Symbol.for("mbi.caption");
/** The key of the columns a frame's table shows (set by `showColumns`). */
export const FRAME_COLUMNS = Symbol.for("mbi.shownColumns");

/** The caption of a frame, if it has one. */
export function captionOf(df: DataFrame | Series): string | undefined {
  return (df as unknown as Record<symbol, string | undefined>)[FRAME_CAPTION];
}

const isSeries = (df: DataFrame | Series): df is Series =>
  (df as unknown as { $isSeries?: boolean }).$isSeries === true;

/** Columns and rows of a frame or series as plain arrays. */
export function frameTable(
  df: DataFrame | Series,
): { columns: string[]; index: (string | number)[]; rows: unknown[][] } {
  if (isSeries(df)) {
    return { columns: df.columns.length ? df.columns : ["value"], index: df.index, rows: df.values.map((v) => [v]) };
  }
  return { columns: df.columns, index: df.index, rows: df.values as unknown[][] };
}

/** One cell for people: integers plainly (thousands separated from 1,000), others to 4 significant digits. */
export function formatCell(v: unknown): string {
  if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v))) return "—";
  if (typeof v === "number") {
    if (Number.isInteger(v)) return Math.abs(v) >= 1_000 ? int(v) : String(v);
    if (Math.abs(v) >= 1_000) return int(Math.round(v));
    return String(Number(v.toPrecision(4)));
  }
  if (Array.isArray(v)) return v.join(" ");
  return String(v);
}

/**
 * Options of {@link frameHtml}: the longest frame shown whole (default 40; longer ones show `head` rows from the
 * top, default 12, and `tail` from the bottom, default 5), and the caption (default: the frame's own).
 */
export type FrameHtmlOptions = { maxRows?: number; head?: number; tail?: number; caption?: string };

/** Longest text shown in a cell; longer text is cut with "…" (whole in the frame). */
const MAX_TEXT = 160;

/**
 * A frame (or series) as an HTML table in a figure: its caption (wrapping at the page's width), the table (index,
 * columns, head and tail when long) in a box that scrolls sideways, and its shape.
 */
export function frameHtml(df: DataFrame | Series, opts: FrameHtmlOptions = {}): string {
  const all = frameTable(df);
  const chosen = (df as unknown as Record<symbol, string[] | undefined>)[FRAME_COLUMNS]?.filter((c) =>
    all.columns.includes(c)
  );
  const keep = chosen?.length ? chosen.map((c) => all.columns.indexOf(c)) : all.columns.map((_, j) => j);
  const columns = keep.map((j) => all.columns[j]), index = all.index, rows = all.rows.map((r) => keep.map((j) => r[j]));
  const hidden = all.columns.filter((c) => !columns.includes(c));
  const maxRows = opts.maxRows ?? 40, head = opts.head ?? 12, tail = opts.tail ?? 5;
  const numeric = columns.map((_, j) =>
    rows.length > 0 && rows.every((r) => r[j] === null || r[j] === undefined || typeof r[j] === "number")
  );
  // A long text column keeps a readable width (the table scrolls sideways in its box) instead of being squeezed
  // into a narrow column of many lines.
  const longest = columns.map((_, j) => Math.max(0, ...rows.map((r) => formatCell(r[j]).length)));
  const width = (j: number) =>
    numeric[j] || longest[j] <= 24
      ? ";white-space:nowrap"
      : `;min-width:${Math.min(22, Math.round(longest[j] * 0.5))}em;max-width:32em`;
  let cut = false;
  const text = (v: unknown) => {
    const t = formatCell(v);
    if (t.length <= MAX_TEXT) return t;
    cut = true;
    return t.slice(0, MAX_TEXT - 1) + "…";
  };
  const align = (j: number) => numeric[j] ? "right" : "left";
  const cell = (v: unknown, j: number) =>
    markup`<td style="text-align:${align(j)};padding:2px 8px;vertical-align:top${width(j)}">${text(v)}</td>`;
  // The index is shown, headed "row", unless a shown column holds the same values (e.g. sp): then it adds nothing.
  const showIndex = !columns.some((_, j) => rows.every((r, i) => String(r[j]) === String(index[i])));
  const tr = (i: number) =>
    markup`<tr>${
      showIndex &&
      markup`<th style="text-align:right;padding:2px 8px;color:${PALETTE.note};font-weight:normal;vertical-align:top">${
        index[i]
      }</th>`
    }${rows[i].map(cell)}</tr>`;
  const shown = rows.length > maxRows
    ? [
      ...Array.from({ length: head }, (_, i) => tr(i)),
      markup`<tr><td colspan="${
        columns.length + (showIndex ? 1 : 0)
      }" style="text-align:center;color:${PALETTE.note}">… ${rows.length - head - tail} more rows …</td></tr>`,
      ...Array.from({ length: tail }, (_, i) => tr(rows.length - tail + i)),
    ]
    : rows.map((_, i) => tr(i));
  const th = columns.map((c, j) =>
    markup`<th style="text-align:${align(j)};padding:2px 8px;border-bottom:1px solid ${PALETTE.reference}">${c}</th>`
  );
  const caption = opts.caption ?? captionOf(df);
  const shape = isSeries(df)
    ? `${rows.length} values`
    : `${rows.length} row${rows.length === 1 ? "" : "s"} × ${all.columns.length} columns${
      hidden.length ? ` (${columns.length} shown; also in the frame: ${hidden.join(", ")})` : ""
    }${cut ? `; text longer than ${MAX_TEXT} characters is cut here, whole in the frame` : ""}`;
  return String(
    // the caption outside the box that scrolls sideways, and the figure's own width not the table's (an output area
    // is a flex item that would widen to the table): the caption wraps at the page's width
    markup`<figure style="margin:0;max-width:100%;contain:inline-size">${
      caption &&
      markup`<figcaption style="text-align:left;color:${PALETTE.caption};padding:2px 0;font-size:12px">${caption}</figcaption>`
    }${
      // an empty frame: no table of headers over nothing, only its shape (the columns are in the frame)
      rows.length === 0
        ? ""
        : markup`<div style="max-width:100%;overflow-x:auto"><table class="dataframe" style="border-collapse:collapse;font-size:12px"><thead><tr>${
          showIndex &&
          markup`<th style="text-align:right;padding:2px 8px;color:${PALETTE.note};font-weight:normal;border-bottom:1px solid ${PALETTE.reference}" title="the frame's index: df.loc({ rows: [...] }) selects by it">row</th>`
        }${th}</tr></thead><tbody>${shown}</tbody></table></div>`}<p style="font-size:11px;color:${PALETTE.note};margin:2px 0">${shape}</p></figure>`,
  );
}

/** A frame's plain-text fallback: caption, shape and columns. */
export function framePlainText(df: DataFrame | Series): string {
  const { columns, rows } = frameTable(df);
  const caption = captionOf(df);
  return `${caption ? caption + "\n" : ""}${rows.length} rows × ${columns.length} columns: ${columns.join(", ")}`;
}

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
 * Chooses the columns a frame's table shows (a list, or names separated by spaces); the frame keeps all, the shape
 * line names the others. Returns the frame.
 */
export function showColumns<T extends DataFrame>(df: T, columns: readonly string[] | string): T {
  const value = typeof columns === "string" ? columns.split(" ") : [...columns];
  Object.defineProperty(df, FRAME_COLUMNS, { configurable: true, value });
  return df;
}

/** The rows of a frame as objects (e.g. for a Plot mark after filtering in a frame). */
export function records<T = Record<string, unknown>>(df: DataFrame): T[] {
  const { columns, rows } = frameTable(df);
  return rows.map((r) => Object.fromEntries(columns.map((c, j) => [c, r[j]])) as T);
}

/**
 * A frame from rows of plain values (arrays joined with spaces, objects written as `key value; …`), with `columns`
 * (a list, or their names separated by spaces) in that order, and a caption.
 */
export async function toFrame(
  rows: readonly object[],
  columns: readonly string[] | string,
  caption?: string,
): Promise<DataFrame> {
  const names = typeof columns === "string" ? columns.split(" ") : [...columns];
  const d = await danfo();
  const plain = (v: unknown) =>
    Array.isArray(v)
      ? v.join(" ")
      : v !== null && typeof v === "object"
      ? Object.entries(v).map(([k, x]) => `${k} ${x}`).join("; ")
      : v === undefined
      ? null
      : v;
  const df = new d.DataFrame(rows.map((r) => names.map((c) => plain((r as Record<string, unknown>)[c]))), {
    columns: names,
  });
  return caption ? withCaption(df, caption) : df;
}

/** Stage 1: one row per position (value, mate, depth, nodes, the first moves of the PV). */
export function evalsFrame(d: EvalDataset, caption?: string): Promise<DataFrame> {
  const rows = d.records.map((r) => ({ ...r, pv: r.pv.slice(0, 8) }));
  return toFrame(rows, "sp setup eval_cp mate depth seldepth nodes pv", caption);
}

/** Stage 3: the MBI table, one row per position, with the interval and its width. */
export function mbiFrame(t: MbiTable, caption?: string): Promise<DataFrame> {
  const rows = t.rows.map((r) => ({
    ...r,
    width: r.mbi_lo === null || r.mbi_hi === null ? null : r.mbi_hi - r.mbi_lo,
  }));
  return toFrame(rows, "sp setup eval_cp edge_cp rank mbi mbi_lo mbi_hi width", caption);
}

/**
 * Stage 2: agreement with the other budgets of the same engine, one row per other dataset. The Spearman of the
 * signed values is a column only where it differs from the edges' in some row (only negative values make it
 * differ); else the caption says so. The Pearson of the values in cp says how stable the values themselves are.
 */
export function rankAgreementFrame(rows: readonly RankAgreement[], caption?: string): Promise<DataFrame> {
  const differs = rows.some((a) => Math.abs(a.spearman_eval - a.spearman_edge) >= 0.0005);
  const columns = `other budget positions spearman_edges${differs ? " spearman_values" : ""} pearson_values_cp ` +
    "median_rank_shift p90_rank_shift median_abs_dmbi share_dmbi_over_10";
  const note = differs ? "" : " (the Spearman of the signed values equals that of the edges in every row)";
  // by budget, smallest first (nodes; a depth budget after them), not by folder name
  const size = (a: RankAgreement) => (a.other_limit as { nodes?: number }).nodes ?? Infinity;
  const out = [...rows].sort((a, b) => size(a) - size(b)).map((a) => ({
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
  }));
  return toFrame(out, columns, caption === undefined ? undefined : caption + note);
}

/** Stage 4: White's results per position, with the score interval (Wilson-type) and distinct games. */
export function selfplayFrame(r: SelfplayResults, caption?: string): Promise<DataFrame> {
  const rows = r.positions.map((p) => ({ ...p, score_lo: p.score_ci95[0], score_hi: p.score_ci95[1] }));
  const columns = "sp setup eval_cp edge_cp mbi stratum games wins draws losses score score_lo score_hi " +
    "distinct_games duplicate_games avg_plies opening_plies terminations";
  return toFrame(rows, columns, caption);
}

/**
 * The game list: the line of the position's opening set each game took (1-based) and its moves in SAN, and
 * `distinct` false when the game repeats an earlier game of its position move for move.
 */
export function gameRows(games: readonly GameRecord[]) {
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
export const gamesFrame = (games: readonly GameRecord[], caption?: string): Promise<DataFrame> =>
  toFrame(gameRows(games), "sp game result termination plies line opening distinct seed", caption);

/** Stage 4: the opening sets, one row per position, with how many first moves they start with and the best first move. */
export function openingsFrame(sets: readonly OpeningSet[], caption?: string): Promise<DataFrame> {
  const rows = sets.map((s) => {
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
  });
  const columns = "sp lines plies games shortfall searches first_moves best_first best_first_cp best_first_depth set";
  return toFrame(rows, columns, caption);
}

/** A correlation's columns in a frame: its label, estimate and both 95% intervals (BCa null where undefined). */
export function correlationColumns(c: Correlation) {
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
  const rows = [
    row("eval_vs_score", s.eval_vs_score, `${p.rho_eval_score} [${p.ci95[0]}, ${p.ci95[1]}] at the method's budgets`),
    row("mbi_vs_score", s.mbi_vs_score, "not published (the documents reuse 0.76)"),
    row("mbi_vs_imbalance", s.mbi_vs_imbalance, "not published"),
  ];
  return toFrame(rows, "key correlation rho ci_lo ci_hi bca_lo bca_hi undefined_resamples published", caption);
}

/** Notebook 06: the datasets compared. */
export function datasetsFrame(ds: readonly DatasetInfo[], caption?: string): Promise<DataFrame> {
  const rows = ds.map((d) => ({ ...d, budget: formatLimit(d.limit) }));
  return toFrame(rows, "folder engine engine_id fingerprint budget n", caption);
}

/** Notebook 06: every pair of datasets (edges' Spearman and Kendall with CIs, MBI shifts, the words by the bands). */
export function pairsFrame(pairs: readonly PairAgreement[], caption?: string): Promise<DataFrame> {
  const rows = pairs.map((p) => ({
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
  }));
  const columns = "a b positions spearman spearman_lo spearman_hi kendall kendall_lo kendall_hi median_abs_dmbi " +
    "share_dmbi_over_10 agreement";
  return toFrame(rows, columns, caption);
}

/** Notebook 02: the budget ladder, one row per pair of rungs (Spearman of the edges, MBI shift, interval coverage). */
export function ladderFrame(c: Convergence, caption?: string): Promise<DataFrame> {
  const top = c.rungs[c.rungs.length - 1]?.folder;
  const rung = (folder: string) => c.rungs.findIndex((r) => r.folder === folder);
  const rows = c.pairs.map((p) => ({
    a: p.a,
    b: p.b,
    nodes_a: p.nodes_a,
    nodes_b: p.nodes_b,
    positions: p.n,
    spearman_edges: p.spearman_edges,
    median_abs_dmbi: p.mbi_shift.median,
    share_dmbi_over_10: p.mbi_shift.share_over_10,
    coverage: p.coverage?.share ?? null,
    next_rung: rung(p.b) - rung(p.a) === 1,
    b_is_top: p.b === top,
  }));
  const columns = "a b nodes_a nodes_b positions spearman_edges median_abs_dmbi share_dmbi_over_10 coverage " +
    "next_rung b_is_top";
  return toFrame(rows, columns, caption);
}
