/**
 * What a dataset page says in numbers and sentences, from its site data: the
 * caption every figure and table carries, the histogram of the values, the
 * first sentence, the legend of the MBI interval, and the data the page's
 * script reads (`page_script/data.ts`).
 *
 * @module
 */

import { escapeHtml, type Html, raw } from "../core/mod.ts";
import { clipOutliers, Plot, renderPlot, THEME } from "../plot/mod.ts";
import { OUTCOME_LABELS } from "./outcome_tables.ts";
import type { SiteData } from "./data.ts";
import type { PageData } from "./page_script/data.ts";
import { selfplayBudget, type SelfplayResults } from "../selfplay/mod.ts";
import { selfplayBudgetsText, signedCp } from "../method/mod.ts";
import { designBudgets } from "./designs.ts";
import { partialCountText } from "../report/mod.ts";
import { outcomeTitle } from "../store/mod.ts";

/** What every figure and table of the page says about itself: profile, engine, budget. */
export function pageCaption(d: { engine: { uci_name: string }; limit: string }): string {
  return `${d.engine.uci_name} · ${d.limit} per position`;
}

/**
 * The histogram of the values, on a phone as on a desktop (few ticks, large
 * labels): the x axis clipped at the shared far fences (lib/plot
 * `clipOutliers`, the rule of every figure), the positions beyond named in the
 * caption; and its scales, to mark a position on it.
 */
export function histogram(
  d: { positions: readonly { sp: number; eval_cp: number }[]; n: number; engine: { uci_name: string }; limit: string },
) {
  const clip = clipOutliers(d.positions, (p) => p.eval_cp, {
    label: (p) => `SP ${p.sp} (${signedCp(p.eval_cp)} cp)`,
    unit: "cp",
    include: [0],
  });
  const interval = Math.max(1, Math.ceil((clip.domain[1] - clip.domain[0]) / 40));
  // the clipped domain widened to whole bins
  const lo = Math.floor(clip.domain[0] / interval) * interval;
  const hi = (Math.floor(clip.domain[1] / interval) + 1) * interval;
  const rows = clip.shown.map((p) => ({ v: p.eval_cp }));
  const title = `Engine value of the ${d.n} start positions`;
  const plot = renderPlot(title, {
    width: 420,
    height: 230,
    marginLeft: 40,
    marginBottom: 40,
    style: { fontSize: "13px" },
    x: { label: "engine value, cp (White's view) →", domain: [lo, hi], ticks: 5 },
    y: { label: "↑ positions", grid: true, ticks: 4 },
    marks: [
      Plot.rectY(rows, { ...Plot.binX({ y: "count" }, { x: "v", interval }), fill: THEME.colors.main }),
      Plot.ruleY([0]),
      Plot.ruleX([0], { stroke: THEME.colors.negative, strokeWidth: 1.5 }),
    ],
  });
  const caption = `${pageCaption(d)}; n = ${d.n}; bins of ${interval} cp; the red line is 0 (no edge).${
    clip.note ? ` ${clip.note}` : ""
  }`;
  const x = plot.scales.x, y = plot.scales.y;
  const scales = x && y ? { x: x.domain as number[], xr: x.range, y: y.domain as number[], yr: y.range, lo, hi } : null;
  // Observable Plot's own SVG, with its accessible name
  const svg: Html = raw(plot.svg.replace("<svg ", `<svg role="img" aria-label="${escapeHtml(title)}" `));
  return { title, svg, caption, scales };
}

/**
 * What the `[lo–hi]` beside an MBI is, in one sentence: the settling range of
 * the last iterations, not a confidence interval, and how often it held the
 * next budget's MBI (from the limitations); null when the table has no
 * intervals.
 */
export function mbiLegend(d: SiteData): string | null {
  if (!d.positions.some((p) => p.mbi_lo !== null && p.mbi_hi !== null)) return null;
  const k = d.interval_iterations;
  const f = d.limitations.find((l) => l.id === "mbi-interval")?.figures;
  const share = typeof f?.coverage_next_budget === "number" ? f.coverage_next_budget : null;
  return `[lo–hi]: the range the MBI took over the last ${
    k ?? "few"
  } completed iterations of its search — not a confidence interval${
    share !== null ? `; it held the next budget's MBI for ${Math.round(100 * share)}% of positions` : ""
  }.`;
}

/**
 * The first sentence of a page: how many start positions `subject` rates at
 * or above 0 cp for White, with the range, and how many on Black's side
 * (never "every position gives White an edge" when some do not).
 */
export function whiteEdgeSentence(
  subject: string,
  v: { n: number; negatives: number; min: number; max: number },
): string {
  const n = v.n.toLocaleString("en-US");
  if (v.negatives === 0) {
    return `White moves first, and ${subject} rates all ${n} start positions ${
      v.min > 0 ? "above 0 cp" : "at 0 cp or better"
    } for White (${v.min} .. ${v.max} cp).`;
  }
  return `White moves first, and ${subject} rates ${(v.n - v.negatives).toLocaleString("en-US")} of the ${n} ` +
    `start positions at 0 cp or better for White (up to ${v.max} cp) and ${v.negatives} slightly better for Black (down to ${v.min} cp).`;
}

/** A dataset page's first sentence (see {@link whiteEdgeSentence}). */
export function openingSentence(d: Pick<SiteData, "positions" | "limit">): string {
  const values = d.positions.map((p) => p.eval_cp);
  return whiteEdgeSentence(`the engine at ${d.limit}`, {
    n: values.length,
    negatives: values.filter((v) => v < 0).length,
    min: Math.min(...values),
    max: Math.max(...values),
  });
}

/** Self-play per SP as the page's script reads it: games, wins, draws, losses, score, its interval, distinct games, mean plies. */
function selfplayBySp(sp: SelfplayResults): Record<string, number[]> {
  return Object.fromEntries(sp.positions.map((p) => [
    p.sp,
    [
      p.games,
      p.wins,
      p.draws,
      p.losses,
      p.score,
      p.score_ci95[0],
      p.score_ci95[1],
      p.distinct_games,
      p.avg_plies,
    ],
  ]));
}

/** The data the page's script reads. */
export function pageData(d: SiteData, hist: PageData["hist"]): PageData {
  const sp = d.selfplay;
  return {
    profile: d.profile,
    caption: pageCaption(d),
    engine: d.engine.uci_name,
    limit: d.limit,
    banner: d.banner_short,
    legend: mbiLegend(d),
    rows: d.positions.map((p) => [
      p.sp,
      p.setup,
      p.eval_cp,
      p.edge_cp,
      p.rank,
      p.mbi,
      p.mbi_lo,
      p.mbi_hi,
      p.depth,
      p.nodes,
      p.pv_san.join(" "),
    ]),
    others: d.others.map((o) => ({
      folder: o.folder,
      engine: o.engine,
      limit: o.limit,
      relation: o.relation,
      values: d.positions.map((p) => {
        const v = o.bySp[p.sp];
        return [v.eval_cp, v.mbi, v.mbi_lo, v.mbi_hi];
      }),
    })),
    selfplay: sp
      ? {
        caption: `${sp.engine.uci_name} · self-play ${selfplayBudgetsText(selfplayBudget(sp))}`,
        positions: sp.n_positions,
        bySp: selfplayBySp(sp),
      }
      : null,
    offPv: Object.fromEntries(d.bestmove_off_pv.map((x) => [String(x.sp), x.bestmove])),
    outcomes: d.outcomes.map((t) => ({
      name: t.name,
      title: outcomeTitle(t.description),
      description: t.description,
      thin: Object.fromEntries(Object.entries(t.thin)),
      columns: t.columns,
      labels: t.columns.map((c) => OUTCOME_LABELS[c] ?? c),
      bySp: Object.fromEntries(Object.entries(t.bySp)),
    })),
    designs: d.designs.map((g) => ({
      profile: g.profile,
      caption: `${g.selfplay.engine.uci_name} · self-play ${designBudgets(g)}, drawn from this index`,
      positions: g.selfplay.n_positions,
      bySp: selfplayBySp(g.selfplay),
      openings: Object.fromEntries(Object.entries(g.opening_notes)),
    })),
    method: methodRow(d),
    sources: d.sources,
    hist,
    verify: `deno task verify-reproduce --sp {sp} --profile ${d.profile}`,
  };
}

/**
 * The method's values for the position views: the run's snapshot (partial.json) when there is one, else the
 * method's budget on the self-play positions (one sample: designs on the same positions share it).
 */
function methodRow(d: SiteData): PageData["method"] {
  if (d.method) {
    const p = d.method.partial;
    return {
      caption: `${p.dataset.path} · ${p.dataset.engine} · the method's budget, ${partialCountText(p)} so far`,
      file: p.dataset.path,
      engine: p.dataset.engine,
      limit: p.dataset.budget.replace(/ per position$/, ""),
      done: p.done.used.length,
      of: p.done.of,
      bySp: Object.fromEntries(Object.entries(d.method.values)),
    };
  }
  const s = d.designs.find((g) => g.sample)?.sample;
  return s
    ? {
      caption: `${s.file} · ${s.engine.uci_name} · the method's budget on ${s.of} self-play positions`,
      file: s.file,
      engine: s.engine.uci_name,
      limit: s.limit,
      done: s.evaluated,
      of: s.of,
      bySp: Object.fromEntries(s.values.map((v) => [v.sp, [v.eval_cp, v.depth]])),
    }
    : null;
}
