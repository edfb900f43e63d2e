/**
 * The published page of a dataset: one self-contained `index.html` (styles,
 * data, script and figures inline; no request beyond the file itself), with
 * the summary card, the searchable table of positions, the per-position view,
 * the dataset card and the reproduction record.
 *
 * @module
 */

import { Marked } from "marked";
import { Plot, renderPlot } from "../plot/render.ts";
import { clipOutliers } from "../plot/theme.ts";
import { LICENCE } from "../store/mbi_table.ts";
import { METHOD_DISTRIBUTION } from "../stages/distribution.ts";
import { PUBLISHED } from "../stages/statistics.ts";
import { citationLine, formatBytes } from "./card.ts";
import { verdictText } from "../method/borderline.ts";
import { type PageData, siteClient } from "./client.ts";
import { OUTCOME_LABELS, type SiteData } from "./data.ts";
import type { BoardConfig } from "./board/config.ts";
import { boardLoaderScript } from "./board/site_board.ts";
import { linksHtml, type PageLinks } from "./links.ts";

/** Escapes text for HTML. */
export function esc(s: unknown): string {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

const fix = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "undefined");
const int = (n: number) => n.toLocaleString("en-US");

/** What every figure and table of the page says about itself: profile, engine, budget. */
export function pageCaption(d: SiteData): string {
  return `${d.profile} profile · ${d.engine.uci_name} · ${d.limit} per position`;
}

/**
 * The histogram of the values, on a phone as on a desktop (few ticks, large
 * labels): the x axis clipped at the shared far fences (lib/plot
 * `clipOutliers`, the rule of every figure), the positions beyond named in the
 * caption; and its scales, to mark a position on it.
 */
export function histogram(d: SiteData) {
  const signed = (v: number) => (v > 0 ? `+${v}` : String(v));
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
    x: { label: "eval_cp (White's view) →", domain: [lo, hi], ticks: 5 },
    y: { label: "↑ positions", grid: true, ticks: 4 },
    marks: [
      Plot.rectY(rows, { ...Plot.binX({ y: "count" }, { x: "v", interval }), fill: "#3a6ea5" }),
      Plot.ruleY([0]),
      Plot.ruleX([0], { stroke: "#b00020", strokeWidth: 1.5 }),
    ],
  });
  const caption = `${pageCaption(d)}; n = ${d.n}; bins of ${interval} cp; the red line is 0 (no edge).${
    clip.note ? ` ${clip.note}` : ""
  }`;
  const x = plot.scales.x, y = plot.scales.y;
  const scales = x && y ? { x: x.domain as number[], xr: x.range, y: y.domain as number[], yr: y.range, lo, hi } : null;
  return { title, svg: plot.svg.replace("<svg ", `<svg role="img" aria-label="${esc(title)}" `), caption, scales };
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
  return `MBI [lo–hi]: the settling range of the position's MBI over its last ${
    k ?? "few"
  } completed iterations, not a confidence interval; ${
    share !== null
      ? `it held the next budget's MBI (${f!.next_budget}) for ${Math.round(100 * share)}% of positions.`
      : "how often it holds a larger budget's MBI is not checked for this dataset: no larger budget of the same engine is here."
  }`;
}

/**
 * The page's first sentence, from the values it shows: how many positions the
 * engine rates at 0 or better for White and how many on Black's side (never
 * "every position gives White an edge" when some do not).
 */
export function openingSentence(d: Pick<SiteData, "positions" | "limit">): string {
  const n = d.positions.length;
  const neg = d.positions.filter((p) => p.eval_cp < 0);
  if (neg.length === 0) {
    return `White moves first, and at ${d.limit} the engine rates all ${n} start positions at 0 cp or better for White.`;
  }
  const low = Math.min(...neg.map((p) => p.eval_cp));
  return `White moves first, and at ${d.limit} the engine rates ${n - neg.length} of the ${n} start positions at ` +
    `0 cp or better for White and ${neg.length} slightly better for Black (down to ${low} cp).`;
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
      p.fen,
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
        caption: `${d.profile} profile · ${sp.engine.uci_name} · ${
          int(sp.config.nodes_per_move)
        } nodes per move; ${sp.n_positions} positions × ${sp.config.games} games`,
        positions: sp.n_positions,
        bySp: Object.fromEntries(sp.positions.map((p) => [
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
        ])),
      }
      : null,
    outcomes: d.outcomes.map((t) => ({
      name: t.name,
      description: t.description,
      columns: t.columns,
      labels: t.columns.map((c) => OUTCOME_LABELS[c] ?? c),
      bySp: Object.fromEntries(Object.entries(t.bySp)),
    })),
    hist,
    verify: `deno task verify-reproduce --sp {sp} --profile ${d.profile}`,
  };
}

function distributionTable(d: SiteData): string {
  const e = d.distribution?.eval;
  if (!e) return "";
  const m = METHOD_DISTRIBUTION;
  const neg = d.distribution!.negatives;
  return `<table><caption>Distribution of the engine values: ${esc(pageCaption(d))}; n = ${e.count}</caption>
<thead><tr><th scope="col"></th><th scope="col">this dataset (${
    esc(d.limit)
  })</th><th scope="col">the method, published (${esc(m.budget)})</th></tr></thead>
<tbody>
<tr><th scope="row">positions</th><td>${e.count}</td><td>${m.count}</td></tr>
<tr><th scope="row">median</th><td>${fix(e.median, 1)} cp</td><td>${fix(m.median, 1)} cp</td></tr>
<tr><th scope="row">range</th><td>${e.min} .. ${e.max} cp</td><td>${m.min} .. ${m.max} cp</td></tr>
<tr><th scope="row">quartiles</th><td>${fix(e.quartiles[0], 1)} .. ${fix(e.quartiles[1], 1)} cp</td><td>–</td></tr>
<tr><th scope="row">below 0 (Black's side)</th><td>${neg.count}${
    neg.count ? ` (${neg.values.slice(0, 4).map((v) => `SP ${v.sp}: ${v.eval_cp}`).join(", ")})` : ""
  }</td><td>${m.negatives} (${esc(m.negatives_range)} cp)</td></tr>
<tr><th scope="row">distinct values</th><td>${d.distribution!.ties.distinct_values}</td><td>–</td></tr>
</tbody></table>`;
}

function correlationTable(d: SiteData): string {
  const s = d.summary;
  if (!s) return "<p>No self-play statistics in this dataset.</p>";
  const row = (c: typeof s.eval_vs_score) =>
    `<tr><th scope="row">${esc(c.label)}</th><td>${fix(c.rho, 3)}</td><td>${fix(c.ci95_percentile[0], 3)} .. ${
      fix(c.ci95_percentile[1], 3)
    }</td><td>${c.ci95_bca ? `${fix(c.ci95_bca[0], 3)} .. ${fix(c.ci95_bca[1], 3)}` : "–"}</td></tr>`;
  const published = `rho(eval, score) = ${PUBLISHED.rho_eval_score}, 95% CI ${PUBLISHED.ci95[0]} .. ${
    PUBLISHED.ci95[1]
  }`;
  const power = d.limitations.find((l) => l.id === "power");
  return `<div class="scroll"><table><caption>Self-play correlations: ${
    esc(pageCaption(d))
  }; self-play ${s.n_positions} positions × ${s.selfplay.games_per_position} games at ${
    int(s.selfplay.nodes_per_move)
  } nodes/move (n = ${s.n_positions} positions, ${s.n_games} games); ${int(s.resamples)} bootstrap resamples</caption>
<thead><tr><th scope="col">Spearman's rho</th><th scope="col">estimate</th><th scope="col">95% CI (percentile)</th><th scope="col">95% CI (BCa)</th></tr></thead>
<tbody>${row(s.eval_vs_score)}${row(s.mbi_vs_score)}${row(s.mbi_vs_imbalance)}</tbody></table></div>
<p>The method's documents publish ${published} at ${esc(PUBLISHED.budgets)}${
    d.banner
      ? `. Measured at other budgets, the figures above are no test of it: neither agreement nor disagreement with it says anything about the method`
      : ", the budgets of this dataset"
  }.</p>
<p><strong>Verdicts</strong> (computed from the intervals): validation <strong id="verdict">${
    esc(verdictText(s.verdict.validation, s.eval_vs_score.ci95_percentile, "above"))
  }</strong>; the index's claim that balanced starts score closer to 50%: <strong>${
    esc(verdictText(s.verdict.claim, s.mbi_vs_imbalance.ci95_percentile, "below"))
  }</strong>. <span class="small">Rules: ${esc(s.verdict.rules)}.</span>${
    power ? ` Whether this design can test the published figure: see the limitations below.` : ""
  }</p>`;
}

function reproduceSection(d: SiteData): string {
  const r = d.reproduce;
  const cmd = `deno task reproduce --profile ${d.profile}`;
  const last = r
    ? `<p>Last recorded check (<code>reproduce.json</code>): ${esc(r.date)} on ${esc(r.machine.hostname)} (${
      esc(r.machine.cpu)
    }, ${r.machine.cores} cores, ${esc(r.machine.os)}), ${Math.round(r.duration_s)} s, engine ${
      esc(r.engine.uci_name)
    }: <strong>${r.identical ? "every file identical" : "differences found"}</strong>.</p>
<div class="scroll"><table><caption>Last reproduction of the ${esc(d.profile)} profile, file by file</caption>
<thead><tr><th scope="col">file</th><th scope="col">compared</th><th scope="col">verdict</th><th scope="col">first difference (committed vs recomputed)</th></tr></thead>
<tbody>${
      r.files.map((f) =>
        `<tr><td><code>${esc(f.file)}</code></td><td>${f.compared}</td><td>${f.verdict}</td><td>${
          esc(f.difference ?? "")
        }</td></tr>`
      ).join("")
    }</tbody></table></div><p class="small">${esc(r.set_aside)}.</p>`
    : "<p>No check of the whole dataset is recorded yet (<code>--record</code> records one).</p>";
  return `<section id="reproduce" aria-labelledby="reproduce-h"><h2 id="reproduce-h">Reproduce this dataset</h2>
<p>Recompute the whole profile from scratch in a scratch folder, with the engine and budgets recorded in the files, and compare every file record by record (the report stays in the scratch folder; <code>--record</code> writes it here):</p>
<pre><code>${cmd.split(" ").map((w) => `<span class="nw">${esc(w)}</span>`).join(" ")}</code></pre>
${last}</section>`;
}

/** The dataset card's Markdown as HTML, its headings one level down (the page's sections are h2). */
export function cardHtml(markdown: string): string {
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth }) {
        const level = Math.min(6, depth + 1);
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      table(token) {
        // Wide tables scroll sideways on a phone instead of widening the page.
        const head = token.header.map((c) => `<th scope="col">${this.parser.parseInline(c.tokens)}</th>`).join("");
        const body = token.rows.map((r) =>
          `<tr>${r.map((c) => `<td>${this.parser.parseInline(c.tokens)}</td>`).join("")}</tr>`
        )
          .join("");
        return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>\n`;
      },
    },
  });
  return marked.parse(markdown, { async: false }) as string;
}

/** The pages' shared styles (the dataset pages and the landing page). */
export const STYLE = `
:root{--fg:#1a1a1a;--muted:#4a4a4a;--link:#0b57d0;--line:#d0d0d0;--bg:#fff;--alt:#f5f5f5;--lt:#f0d9b5;--dk:#b58863}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);background:var(--bg)}
header,main,footer{max-width:72rem;margin:0 auto;padding:0 1rem}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
h1{font-size:1.7rem;margin:1rem 0 .25rem}h2{font-size:1.35rem;margin-top:2rem;border-bottom:1px solid var(--line)}h3{font-size:1.1rem}
.sub,.cap,.small{color:var(--muted)}.small{font-size:.875rem}
.banner{background:#fff4ce;border:2px solid #8a6d00;color:#3d2f00;padding:.6rem .8rem;border-radius:4px;font-weight:600}
nav a{margin-right:.8rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums}
caption{text-align:left;color:var(--muted);font-size:.875rem;padding:.25rem 0;caption-side:top;max-width:calc(100vw - 2rem)}
th,td{border-bottom:1px solid var(--line);padding:.3rem .6rem;text-align:left;vertical-align:top}
tbody tr:nth-child(even){background:var(--alt)}
.scroll{overflow-x:auto;max-width:100%}
#table td:nth-child(n+3),#table th:nth-child(n+3){text-align:right}
th button{font:inherit;font-weight:700;background:none;border:1px solid var(--line);border-radius:3px;padding:.15rem .4rem;cursor:pointer;color:var(--fg)}
th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
.br{display:inline-flex;vertical-align:middle;border:1px solid #8b6b4a}
.br span{display:inline-block;width:1.45em;text-align:center;line-height:1.45em;font-size:1.05em;color:#000;font-family:"DejaVu Sans","Segoe UI Symbol","Noto Sans Symbols 2",sans-serif}
.br span:nth-child(odd){background:var(--dk)}.br span:nth-child(even){background:var(--lt)}
.iv{color:var(--muted);font-size:.875em}
label{font-weight:600;display:block;margin:.5rem 0 .25rem}
input[type=search]{font:inherit;width:100%;max-width:32rem;padding:.45rem .6rem;border:2px solid #767676;border-radius:4px}
.pos{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}
.board{width:100%;max-width:320px;height:auto}
.board .lt{fill:var(--lt)}.board .dk{fill:var(--dk)}
.board text{font-size:28px;text-anchor:middle;dominant-baseline:central;font-family:"DejaVu Sans","Segoe UI Symbol","Noto Sans Symbols 2",sans-serif}
.board text.co{font-size:11px;fill:var(--muted)}
.facts{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.2rem 1rem;margin:0}.pos .facts{flex:1 1 18rem;min-width:0}.facts dt{font-weight:600}.facts dd{margin:0;overflow-wrap:break-word}
figure{margin:1rem 0}figure svg{max-width:100%;height:auto}figcaption{color:var(--muted);font-size:.875rem}
.mark{stroke:#b00020;stroke-width:3}.marklabel{fill:#b00020;font:bold 12px sans-serif}
pre{background:var(--alt);padding:.6rem;white-space:pre-wrap;border-radius:4px}
code{overflow-wrap:anywhere}
tr.this{font-weight:600}
ul.limits li{margin:.35rem 0}
footer{margin:3rem auto 2rem;color:var(--muted);font-size:.875rem;border-top:1px solid var(--line);padding-top:1rem}
.narrow{display:none}.nw{white-space:nowrap}
table.one th{font-weight:600;padding-right:1.2rem}
.banner.short{font-size:.9rem;margin:.25rem 0 .75rem}
@media (max-width:600px){body{font-size:15px}th,td{padding:.25rem .35rem}h1{font-size:1.4rem}
table.lr,table.lr tbody,table.lr tr,table.lr th[scope=row],table.lr td{display:block;width:100%}
table.lr thead{position:absolute;left:-9999px}
table.lr tr{border-bottom:2px solid var(--line);padding:.3rem 0}
table.lr td,table.lr th[scope=row]{border:0;padding:.1rem 0;text-align:left}
table.lr td::before,table.lr th[scope=row]::before{content:attr(data-label) ": ";font-weight:600;color:var(--muted)}
}
@media (max-width:520px){
#table th:nth-child(4),#table td:nth-child(4),#table th:nth-child(5),#table td:nth-child(5),#table .br{display:none}
.narrow{display:block}th button{padding:.1rem .25rem}.wide{display:none}
}
`;

/** The whole page. */
export function renderPage(
  d: SiteData,
  cardMarkdown: string,
  files: { name: string; what: string; bytes: number }[],
  extra: { board?: BoardConfig; links?: PageLinks } = {},
) {
  const hist = histogram(d);
  const data = pageData(d, hist.scales);
  const legend = data.legend;
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const e = d.engine;
  const fp = e.fingerprint === null ? "not measured" : int(e.fingerprint);
  const title = `Chess960 Balance Index (MBI) — ${d.profile} profile`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<meta name="description" content="${
    esc(`The Morozov Balance Index of the ${d.n} Chess960 start positions: ${pageCaption(d)}`)
  }">
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#positions">Skip to the positions</a>
<header>
<h1>Chess960 Balance Index (MBI)</h1>
<p class="sub">${esc(pageCaption(d))} · ${d.n} positions</p>
${d.banner ? `<p class="banner" role="note">${esc(d.banner)}</p>` : ""}
<nav aria-label="Sections"><a href="#summary">Summary</a><a href="#positions">Positions</a><a href="#card">Dataset card</a><a href="#reproduce">Reproduce</a></nav>
${extra.links ? linksHtml(extra.links) : ""}
</header>
<main>
<section id="summary" aria-labelledby="summary-h">
<h2 id="summary-h">Summary</h2>
<p>${
    esc(openingSentence(d))
  } The index measures the <em>size</em> of the edge, whichever side it favours: an engine evaluates each start position at a fixed node budget; the distance of its value from zero (edge = |eval|) is ranked over all ${d.n} positions, and the rank becomes an index from <strong>100 (most balanced)</strong> to <strong>0 (largest White edge)</strong>: ${
    esc(d.definition.mbi)
  } (${esc(d.definition.rounding)}).</p>
<dl class="facts">
<dt>Engine</dt><dd>${esc(e.uci_name)} (<code>${esc(e.id)}</code>), fingerprint ${fp}${
    e.matches_reference ? " — the reference Stockfish 17.1's" : ""
  }</dd>
<dt>Budgets</dt><dd>${esc(d.budgets)}</dd>
<dt>UCI options</dt><dd>${esc(d.options)}</dd>
<dt>Positions</dt><dd>${d.n}</dd>
<dt>Code</dt><dd><code>${esc(d.code.mbi.commit)}</code></dd>
</dl>
<h3>Headline figures</h3>
${distributionTable(d)}
<figure id="hist">${hist.svg}<figcaption>${esc(hist.title)}: ${esc(hist.caption)}</figcaption></figure>
${correlationTable(d)}
<h3 id="limitations">Limitations, computed from the data</h3>
<ul class="limits">${d.limitations.map((l) => `<li>${esc(l.text)}</li>`).join("")}</ul>
<h3>Citation and licence</h3>
${extra.board ? `<p class="small" id="credits">${esc(extra.board.credits)}</p>` : ""}
<p>${esc(citationLine(d))} Licence: <a href="https://creativecommons.org/licenses/by/4.0/">${LICENCE}</a>.</p>
<h3>Download</h3>
<ul>${
    files.map((f) =>
      `<li><a href="files/${esc(f.name)}" download>${esc(f.name)}</a> — ${esc(f.what)} (${formatBytes(f.bytes)})</li>`
    )
      .join("")
  }</ul>
</section>
<section id="positions" aria-labelledby="positions-h">
<h2 id="positions-h">The ${d.n} positions</h2>
<div id="table-view">
<label for="q">Find a position by SP number, back rank (e.g. RNBQKBNR) or FEN</label>
<input id="q" type="search" autocomplete="off" spellcheck="false" placeholder="518, RNBQKBNR or a FEN">
<p id="status" role="status" aria-live="polite">Loading the table…</p>
${legend ? `<p class="small" id="mbi-legend">${esc(legend)} <a href="#limitations">Read the limitations</a>.</p>` : ""}
<p class="small narrow">On a narrow screen the table shows SP, back rank, eval and MBI; a position's own view has its edge, rank and the rest.</p>
<div class="scroll"><table id="table"><caption>MBI of every start position: ${
    esc(pageCaption(d))
  }; n = ${d.n}. Sort with the column buttons; open a position with its SP.</caption>
<thead><tr><th scope="col" data-key="sp" aria-sort="ascending"><button type="button">SP</button></th><th scope="col">back rank</th><th scope="col" data-key="eval" aria-sort="none"><button type="button">eval cp</button></th><th scope="col" data-key="edge" aria-sort="none"><button type="button">edge cp</button></th><th scope="col" data-key="rank" aria-sort="none"><button type="button">rank</button></th><th scope="col" data-key="mbi" aria-sort="none"${
    legend ? ` aria-describedby="mbi-legend" title="${esc(legend)}"` : ""
  }><button type="button">MBI</button>${legend ? ` <span class="iv">[lo–hi]</span>` : ""}</th></tr></thead>
<tbody id="rows"></tbody></table></div>
</div>
<div id="detail" hidden></div>
<noscript><p>The table and search need JavaScript; the same data are in <a href="files/mbi.csv">mbi.csv</a>.</p></noscript>
</section>
<section id="card" aria-label="Dataset card">
<p class="small">The same text as <a href="files/DATASET.md">DATASET.md</a> beside the result files.</p>
${cardHtml(cardMarkdown)}
</section>
${reproduceSection(d)}
</main>
<footer><p>${esc(citationLine(d))}</p></footer>
<script type="application/json" id="mbi-data">${json}</script>
${
    extra.board
      ? `<script type="application/json" id="mbi-board">${
        JSON.stringify(extra.board).replace(/</g, "\\u003c")
      }</script>\n<script>${boardLoaderScript()}</script>`
      : ""
  }
<script>(${siteClient.toString()})();</script>
</body>
</html>
`;
}
