/**
 * The published page of a dataset: one self-contained `index.html` (styles, data, script and figures inline) with the
 * searchable table of positions, the per-position view, the summary, the dataset card and the reproduction record; the
 * data its script reads, the histogram, and links to the landing page and the best index's page (relative: they work
 * from file:// and any static host).
 *
 * @module
 */

import { join } from "node:path";
import {
  breakableName,
  escapeHtml,
  type Html,
  int,
  joinHtml,
  jsonInScript,
  markup,
  num,
  raw,
  scriptText,
  signed,
} from "../core/mod.ts";
import { LICENCE, outcomeTitle, publishedPaths, resultsRoot } from "../store/mod.ts";
import { clipOutliers, Plot, renderPlot, THEME } from "../plot/mod.ts";
import { hrefFrom, OUTCOME_LABELS } from "./data_files.ts";
import { glossaryText } from "./glossary.ts";
import { citationLine, formatBytes } from "./card.ts";
import type { SiteData } from "./data.ts";
import type { BoardConfig } from "./board_config.ts";
import type { PageData } from "./page_script/data.ts";
import {
  cardHtml,
  correlationTable,
  designsSection,
  distributionTable,
  fileLink,
  pageCaption,
  reproduceSection,
} from "./page_sections.ts";
import { designBudgets } from "./designs.ts";
import { PAGE_STYLE } from "./style.ts";
import { selfplayBudget, type SelfplayResults } from "../selfplay/mod.ts";
import { fingerprintValue, type Profile, PROFILES, selfplayBudgetsText } from "../method/mod.ts";
import { partialCountText } from "../report/mod.ts";

/** The landing page's file name under the results root. */
export const LANDING_PAGE = "index.html";

/** Where a page links to. */
export interface PageLinks {
  /** The landing page, relative to the page. */
  landing: string;
  /** The best index's page (its results key and href), or null when there is no best index. */
  best: { key: string; href: string; budget: string; self: boolean } | null;
}

/** The links of a profile's page, given the best index (from `bestReferenceProfile`). */
export function pageLinks(profile: Profile, best: { profile: Profile; nodes: number } | undefined): PageLinks {
  const site = publishedPaths(profile).site;
  return {
    landing: hrefFrom(site, join(resultsRoot(), LANDING_PAGE)),
    best: best
      ? {
        key: best.profile.name,
        href: hrefFrom(site, join(publishedPaths(best.profile).site, "index.html")),
        budget: `${best.nodes.toLocaleString("en-US")} nodes per position`,
        self: best.profile.name === profile.name,
      }
      : null,
  };
}

/** Where the page stands among the datasets: the best index here, or a link to it (for the header's line). */
const bestIndexHtml = (l: PageLinks): Html =>
  l.best
    ? l.best.self
      ? markup`<span id="links"><strong>the best index here</strong></span>`
      : markup`<span id="links">the best index: <a id="best-link" href="${l.best.href}">Stockfish 17.1 · ${l.best.budget}</a></span>`
    : markup``;

/** The page's one caveat at its top, short: the method's budgets this dataset and its self-play designs are not at. */
export function topBanner(d: Pick<SiteData, "nodes" | "designs" | "selfplay">): string {
  const m = PROFILES.full;
  const games = [
    ...(d.selfplay ? [d.selfplay.config.nodes_per_move] : []),
    ...d.designs.map((x) => x.selfplay.config.nodes_per_move),
  ];
  const parts = [
    ...(d.nodes === m.evalNodes ? [] : [`searches ${m.evalNodes.toLocaleString("en-US")} nodes per position`]),
    ...(games.every((g) => g === m.selfplay.nodesPerMove)
      ? []
      : [`plays at ${m.selfplay.nodesPerMove.toLocaleString("en-US")} nodes per move`]),
  ];
  return `Not the method's results${
    parts.length ? ` (the method ${parts.join(" and ")})` : ""
  }: cite with engine, fingerprint and budget.`;
}

/** The whole page; `pageScript` is the bundled page script (`siteBundles().page`). */
export function renderPage(
  d: SiteData,
  cardMarkdown: string,
  files: { name: string; what: string; bytes: number }[],
  pageScript: string,
  extra: { board?: BoardConfig; links?: PageLinks; cardLink?: (text: string) => string | null } = {},
): string {
  const hist = histogram(d);
  const data = pageData(d, hist.scales);
  const legend = data.legend;
  const e = d.engine;
  const fp = fingerprintValue(e.fingerprint);
  const title = `Morozov Balance Index (MBI) — ${pageCaption(d)}`;
  const description = `The Morozov Balance Index of the ${d.n} Chess960 start positions: ${pageCaption(d)}`;
  return String(markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<style>${raw(PAGE_STYLE)}</style>
</head>
<body>
<a class="skip" href="#positions">Skip to the positions</a>
<header>
<h1>Morozov Balance Index (MBI) for Chess960</h1>
<p class="sub">${pageCaption(d)} · ${d.n} positions${extra.links && markup` · ${bestIndexHtml(extra.links)}`}</p>
${
    d.banner &&
    markup`<p class="banner short" role="note">${topBanner(d)}${
      extra.links?.best && !extra.links.best.self &&
      markup` For the answer, open <a href="${extra.links.best.href}">the best index here</a> (Stockfish 17.1 · ${extra.links.best.budget}).`
    }</p>`
  }
<nav aria-label="Sections">${
    extra.links && markup`<a id="landing-link" href="${extra.links.landing}">← All results</a>`
  }<a href="#positions">Positions</a><a href="#summary">Summary</a>${
    d.designs.length > 0 && markup`<a href="#validation">Validation</a>`
  }<a href="#card">Card</a><a href="#reproduce">Reproduce</a></nav>
</header>
<main>
<section id="positions" aria-labelledby="positions-h">
<h2 id="positions-h">The ${d.n} positions, most balanced first</h2>
<div id="table-view">
<label for="q">Find a position: SP number, back rank (RNBQKBNR) or FEN</label>
<input id="q" type="search" autocomplete="off" spellcheck="false" placeholder="518, RNBQKBNR or a FEN">
<p id="status" role="status" aria-live="polite">Loading the table…</p>
<p class="small">MBI 100 is the most balanced start, 0 the largest White edge.${
    legend && markup` <span id="mbi-legend">${legend}</span>`
  }</p>
<div class="scroll"><table id="table"><caption>${
    pageCaption(d)
  }; n = ${d.n} (<a href="files/mbi.csv">mbi.csv</a>). Open a position with its SP.</caption>
<thead><tr><th scope="col" data-key="sp" aria-sort="none"><button type="button">SP</button></th><th scope="col">back rank</th><th scope="col" data-key="eval" aria-sort="none"><button type="button">eval cp</button></th><th scope="col" data-key="edge" aria-sort="none"><button type="button">edge cp</button></th><th scope="col" data-key="rank" aria-sort="none"><button type="button">rank</button></th><th scope="col" data-key="mbi" aria-sort="descending"${
    legend && markup` aria-describedby="mbi-legend" title="${legend}"`
  }><button type="button">MBI</button>${legend && markup` <span class="iv">[lo–hi]</span>`}</th></tr></thead>
<tbody id="rows"></tbody></table></div>
<p><button type="button" id="more" hidden>Show all ${d.n} positions</button></p>
<p class="small">${glossaryText(["sp", "cp", "nodes", "rank"])}</p>
</div>
<div id="detail" hidden></div>
<noscript><p>The table and search need JavaScript; the same data are in <a href="files/mbi.csv">mbi.csv</a>.</p></noscript>
</section>
<section id="summary" aria-labelledby="summary-h">
<h2 id="summary-h">Summary</h2>
<p>${
    openingSentence(d)
  } The index measures the <em>size</em> of the edge, whichever side it favours. The distance of the engine's value from zero (edge = |eval|) is ranked over all ${d.n} positions. The rank becomes an index from <strong>100 (most balanced)</strong> to <strong>0 (largest White edge)</strong>: ${d.definition.mbi} (${d.definition.rounding}).</p>
<dl class="facts">
<dt>Engine</dt><dd>${e.uci_name} (<code>${e.id}</code>), fingerprint ${fp}${
    e.matches_reference && " — the reference Stockfish 17.1's fingerprint"
  }</dd>
<dt>Budgets</dt><dd>${d.budgets}</dd>
${
    d.designs.length > 0 &&
    markup`<dt>Self-play designs</dt><dd>${
      joinHtml(d.designs.map((x) => markup`${designBudgets(x)}`), "; ")
    } (<a href="#validation">validation</a>)</dd>`
  }
<dt>UCI options</dt><dd>${d.options}</dd>
<dt>Positions</dt><dd>${d.n}</dd>
<dt>Results key</dt><dd><code>${
    breakableName(d.profile)
  }</code> (its folder and the <code>--profile</code> of every command)</dd>
<dt>Code</dt><dd><code>${d.code.mbi.commit}</code></dd>
</dl>
<h3>Headline figures</h3>
${distributionTable(d)}
<figure id="hist">${hist.svg}<figcaption>${hist.title}: ${hist.caption}</figcaption></figure>
${correlationTable(d)}
<h3 id="limitations">Limitations, computed from the data</h3>
<p class="small">One line each; open one for its figures. The dataset card at the end of the page has them all in full.</p>
<ul class="limits">${
    d.limitations.map((l) =>
      markup`<li><details><summary>${l.headline}</summary><p>${l.text}</p><p class="small">From ${
        joinHtml(l.links.map((f) => fileLink(f.href, f.file)), ", ")
      }</p></details></li>`
    )
  }</ul>
<h3>Citation and licence</h3>
${extra.board && markup`<p class="small" id="credits">${extra.board.credits}</p>`}
<p>${citationLine(d)} Licence: <a href="https://creativecommons.org/licenses/by/4.0/">${LICENCE}</a>.</p>
<h3>Download</h3>
<ul>${
    files.map((f) =>
      markup`<li><a href="files/${f.name}" download>${f.name}</a> — ${f.what} (${formatBytes(f.bytes)})</li>`
    )
  }</ul>
</section>
${designsSection(d)}
<section id="card" aria-label="Dataset card">
<details><summary><strong>The dataset card</strong>: every figure and limitation above in full, with provenance and the files (the same text as <a href="files/DATASET.md">DATASET.md</a> beside the result files)</summary>
${cardHtml(cardMarkdown, extra.cardLink)}
</details>
</section>
${reproduceSection(d)}
</main>
<footer><p>${citationLine(d)}</p></footer>
<script type="application/json" id="mbi-data">${jsonInScript(data)}</script>
${
    extra.board && markup`<script type="application/json" id="mbi-board">${jsonInScript(extra.board)}</script>\n`
  }<script>${scriptText(pageScript)}</script>
</body>
</html>
`);
}

/**
 * The histogram of the values, on a phone as on a desktop (few ticks, large labels): the x axis clipped at the shared
 * far fences (lib/plot `clipOutliers`), the positions beyond named in the caption; and its scales, to mark a position.
 */
export function histogram(
  d: { positions: readonly { sp: number; eval_cp: number }[]; n: number; engine: { uci_name: string }; limit: string },
) {
  const clip = clipOutliers(d.positions, (p) => p.eval_cp, {
    label: (p) => `SP ${p.sp} (${signed(p.eval_cp)} cp)`,
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

/** What the `[lo–hi]` beside an MBI is (not a confidence interval), in one sentence; null without intervals. */
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

/** A page's first sentence: the positions at or above 0 cp for White and on Black's side (never "all favour White"). */
export function openingSentence(d: Pick<SiteData, "positions" | "limit">): string {
  const values = d.positions.map((p) => p.eval_cp);
  const min = Math.min(...values), max = Math.max(...values);
  const negatives = values.filter((v) => v < 0).length;
  const n = int(values.length);
  if (negatives === 0) {
    return `White moves first, and the engine at ${d.limit} rates all ${n} start positions ${
      min > 0 ? "above 0 cp" : "at 0 cp or better"
    } for White (${min} .. ${max} cp).`;
  }
  return `White moves first, and the engine at ${d.limit} rates ${
    int(values.length - negatives)
  } of the ${n} start positions at 0 cp or better for White (up to ${max} cp) and ${negatives} slightly better for Black (down to ${
    num(min)
  } cp).`;
}

/** Self-play per SP as the page's script reads it: games, wins, draws, losses, score, its interval, distinct games, mean plies. */
const selfplayBySp = (sp: SelfplayResults): Record<string, number[]> =>
  Object.fromEntries(sp.positions.map((p) => {
    const { games, wins, draws, losses, score, score_ci95: [lo, hi], distinct_games, avg_plies } = p;
    return [p.sp, [games, wins, draws, losses, score, lo, hi, distinct_games, avg_plies]];
  }));

/** The data the page's script reads. */
export function pageData(d: SiteData, hist: PageData["hist"]): PageData {
  const sp = d.selfplay;
  return {
    profile: d.profile,
    caption: pageCaption(d),
    engine: d.engine.uci_name,
    limit: d.limit,
    // the page's own short caveat, repeated in one position's view (its budgets are in the view's table)
    banner: d.banner && topBanner(d),
    legend: mbiLegend(d),
    rows: d.positions.map((p) => {
      const { sp, setup, eval_cp, edge_cp, rank, mbi, mbi_lo, mbi_hi, depth, nodes } = p;
      return [sp, setup, eval_cp, edge_cp, rank, mbi, mbi_lo, mbi_hi, depth, nodes, p.pv_san.join(" ")];
    }),
    others: d.others.map(({ folder, href, engine, limit, relation, bySp }) => {
      const values = d.positions.map(({ sp }) => [bySp[sp].eval_cp, bySp[sp].mbi, bySp[sp].mbi_lo, bySp[sp].mbi_hi]);
      return { folder, href, engine, limit, relation, values };
    }),
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

/** The method's values for the position views: its run's `partial.json`, else its budget on the self-play sample. */
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
