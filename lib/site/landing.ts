/**
 * The landing page of the results (`results/index.html`): what the index is,
 * the best index named and linked first with its headline figures and
 * validations, the budget ladder with its convergence figure, the other
 * engines, the outcome tables, the rendered notebooks and every dataset page.
 * Self-contained like the dataset pages (styles and figure inline, no script,
 * no request); its tables turn into labelled rows on a phone.
 *
 * @module
 */

import { formatLimit } from "../engine/mod.ts";
import {
  fingerprintValue,
  fixedNonZero,
  PROFILES,
  rhoDefined,
  rhoInterval,
  rhoText,
  verdictsText,
} from "../method/mod.ts";
import { figure, Plot, THEME } from "../plot/mod.ts";
import { displayPath, LICENCE, writeTextIfChanged } from "../store/mod.ts";
import { convergenceSentences, ladderEngineText, PUBLISHED } from "../analysis/mod.ts";
import { BOARD_CREDITS } from "./board/config.ts";
import { collectLanding, type LandingData, landingPath } from "./landing_data.ts";
import { type SiteDesign } from "./designs.ts";
import { whiteEdgeSentence } from "./page_data.ts";
import { type Html, type HtmlValue, joinHtml, markup, raw } from "../core/mod.ts";
import { LANDING_STYLE, PAGE_STYLE } from "./style.ts";

const pct = (x: number) => `${Math.round(100 * x)}%`;
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "–");
const f3 = (x: number) => (Number.isFinite(x) ? fixedNonZero(x, 3) : "–");
const int = (n: number) => n.toLocaleString("en-US");

/**
 * A table whose cells carry their column's label, so that on a narrow screen
 * (CSS `table.lr`) each row becomes a block of labelled lines; the first
 * column is the row's header. Cells are text or markup (text is escaped).
 */
export function labelledTable(caption: string, head: string[], rows: HtmlValue[][], id?: string): Html {
  const body = rows.map((r) =>
    markup`<tr>${
      r.map((c, i) =>
        i === 0
          ? markup`<th scope="row" data-label="${head[0]}">${c}</th>`
          : markup`<td data-label="${head[i]}">${c}</td>`
      )
    }</tr>`
  );
  return markup`<table class="lr"${id && markup` id="${id}"`}><caption>${caption}</caption><thead><tr>${
    head.map((h) => markup`<th scope="col">${h}</th>`)
  }</tr></thead><tbody>${body}</tbody></table>`;
}

/** The ladder's convergence figure (Observable Plot): each step's agreement, share moving > 10, coverage. */
export function convergenceFigure(d: LandingData): Html | null {
  const steps = d.ladderRows.filter((r) => r.next);
  if (!d.ladder || steps.length === 0) return null;
  const nodesOf = new Map(d.ladderRows.map((r) => [r.folder, r.nodes]));
  const series = steps.flatMap((r) => {
    const x = nodesOf.get(r.next!.folder)!;
    const out = [
      { nodes: x, what: "Spearman of the edges with the rung below", y: r.next!.spearman },
      { nodes: x, what: "share of positions whose MBI moves > 10 points", y: r.next!.share_over_10 },
    ];
    if (r.next!.coverage !== null) {
      out.push({ nodes: x, what: "share inside the rung below's MBI interval", y: r.next!.coverage });
    }
    return out;
  });
  const top = d.ladderRows[d.ladderRows.length - 1];
  const fig = figure({
    title: "How far the index still moves between budgets",
    caption: [
      `${d.ladder.base} ladder · ${ladderEngineText(d.ladder)} · ${
        d.ladderRows.map((r) => formatLimit({ nodes: r.nodes })).join(", ")
      } per position · n = ${top.depth.count} positions.`,
      "Each point compares a rung with the rung below it, drawn at the larger budget.",
    ],
    width: THEME.narrow,
    height: 260,
    x: {
      type: "log",
      label: "node budget per position (log scale) →",
      domain: [d.ladderRows[0].nodes, top.nodes],
      inset: 16,
      ticks: d.ladderRows.map((r) => r.nodes),
      tickFormat: "~s",
    },
    y: { label: "↑ share or correlation", domain: [0, 1], grid: true },
    color: {
      legend: false,
      domain: [
        "Spearman of the edges with the rung below",
        "share of positions whose MBI moves > 10 points",
        "share inside the rung below's MBI interval",
      ],
      range: [THEME.colors.main, THEME.colors.negative, THEME.colors.accent],
    },
    marks: [
      Plot.line(series, { x: "nodes", y: "y", stroke: "what", marker: "circle" }),
      Plot.text(series.filter((s) => s.nodes === top.nodes), {
        x: "nodes",
        y: "y",
        text: (s: { y: number }) => f2(s.y),
        dx: -14,
        dy: -8,
        fill: "what",
      }),
    ],
  });
  const key = [
    ["Spearman of the edges with the rung below", THEME.colors.main],
    ["share of positions whose MBI moves > 10 points", THEME.colors.negative],
    ["share inside the rung below's MBI interval", THEME.colors.accent],
  ].map(([t, c]) => markup`<span class="key"><span style="background:${c}"></span>${t}</span>`);
  // the figure: Observable Plot's SVG in the theme's frame
  return markup`<figure id="convergence">${raw(fig.svg)}<figcaption>${joinHtml(key, " ")}</figcaption></figure>`;
}

/** The landing page's first sentence, from the best index's values (see whiteEdgeSentence). */
export function whatSentence(d: Pick<LandingData, "best">): string {
  const b = d.best;
  if (!b) return "White moves first, so a start position may give White an edge.";
  return whiteEdgeSentence(`the best index here (${b.limit})`, {
    n: b.n,
    negatives: b.negatives,
    min: b.eval.min,
    max: b.eval.max,
  });
}

function bestSection(d: LandingData): Html {
  const b = d.best;
  if (!b) {
    return markup`<p>No complete dataset of the reference engine over all 960 positions yet: run <code>deno task pipeline</code>.</p>`;
  }
  const link = b.page
    ? markup`<a id="best-index" href="${b.page.href}">${b.key}</a>`
    : markup`${b.key} (its page: <code>deno task site --profile ${b.key}</code>)`;
  const fp = `fingerprint ${fingerprintValue(b.fingerprint)}`;
  const val = b.validations.map((v) =>
    markup`${
      labelledTable(
        `${b.key} against ${v.outcomes.name}: ${
          v.outcomes.description.replace(/\.$/, "")
        }; n = ${v.positions} positions, ${int(v.games)} games; ${int(v.resamples)} bootstrap resamples`,
        ["correlation", "Spearman's rho", "95% interval"],
        [v.eval_vs_score, v.mbi_vs_score, v.mbi_vs_imbalance, ...(v.mbi_vs_draw_rate ? [v.mbi_vs_draw_rate] : [])]
          .map((c) => [
            c.label,
            rhoText(c, f3),
            rhoDefined(c) ? `${f3(c.ci95_percentile[0])} .. ${f3(c.ci95_percentile[1])}` : "–",
          ]),
      )
    }<p>Verdicts: validation <strong>${
      verdictsText(v).validation
    }</strong>; the claim that balanced starts score closer to 50%: <strong>${
      verdictsText(v).claim
    }</strong>. The scores' reliability ${f3(v.reliability.reliability)} caps any correlation with them near ${
      f2(v.reliability.ceiling)
    }.</p>`
  );
  const sp = b.selfplay;
  return markup`<p>The best index here is ${link}: ${b.engine} (<code>${b.engine_id}</code>, ${fp}), <strong>${b.limit} per position</strong>, ${b.n} positions — the reference engine's complete dataset with the largest budget, the one <code>deno task mbi</code> answers from. It is not the method's result: the method's budget is 400,000,000 nodes per position.</p>
${
    labelledTable(`Headline figures of ${b.key}`, ["figure", "value"], [
      ["engine values", `median ${b.eval.median.toFixed(1)} cp, range ${b.eval.min} .. ${b.eval.max} cp`],
      ["below 0 (Black's side)", String(b.negatives)],
      ...(b.interval_width !== null
        ? [["median width of the MBI intervals", `${b.interval_width.toFixed(1).replace(/\.0$/, "")} points`]]
        : []),
      ...[
        ...(sp ? [{ name: "self-play", s: sp }] : []),
        ...b.designs.map((g) => ({ name: `self-play ${g.profile}`, s: g.summary })),
      ].map(({ name, s }) => [
        name,
        `${s.n_positions} positions × ${s.selfplay.games_per_position} games at ${
          int(s.selfplay.nodes_per_move)
        } nodes/move (the method: 60 × 50 at ${int(PROFILES.full.selfplay.nodesPerMove)}); rho(eval, score) ${
          rhoInterval(s.eval_vs_score, s.eval_vs_score.ci95_percentile, [", 95% CI ", " .. ", ""], f3)
        }; validation ${verdictsText(s).validation}, the claim ${verdictsText(s).claim}`,
      ]),
      ...b.designs.flatMap((g) => {
        const m = g.sample;
        if (!m) return [];
        const v = m.summary?.figures.validation[1].eval_vs_score;
        return [[
          `${m.limit} per position (the method's budget)`,
          v
            ? `the ${m.of} positions of ${g.profile}: rho(eval, score) ${
              rhoInterval(v, v.ci95_percentile, [", 95% CI ", " .. ", ""], f3)
            } (a sample, not an index)`
            : `${m.evaluated} of the ${m.of} positions of ${g.profile} so far (running; a sample, not an index)`,
        ]];
      }),
      ...(sp || b.designs.length ? [] : [["self-play", "none yet for this dataset"]]),
    ])
  }
<h3>Checked against real games</h3>
${val.length ? val : markup`<p>No validation file for this dataset yet (<code>deno task validate</code>).</p>`}
<p class="small">The method's documents publish rho(eval, score) = ${PUBLISHED.rho_eval_score} (95% CI ${
    PUBLISHED.ci95[0]
  } .. ${PUBLISHED.ci95[1]}) from ${PUBLISHED.budgets}.</p>`;
}

function ladderSection(d: LandingData): Html {
  if (!d.ladder || d.ladderRows.length === 0) return markup`<p>No ladder yet.</p>`;
  const page = (folder: string) => d.pages.find((p) => p.folder === folder && p.site === "site");
  const rows = d.ladderRows.map((r) => {
    const p = page(r.folder);
    return [
      p ? markup`<a href="${p.href}">${r.folder}</a>` : r.folder,
      `${int(r.nodes)} nodes`,
      markup`${r.engine} (<code>${r.engine_id}</code>)`,
      `${r.depth.min}–${r.depth.max} (median ${r.depth.median})`,
      r.next ? `${f3(r.next.spearman)} (with ${r.next.folder})` : "– (top rung)",
      r.next ? pct(r.next.share_over_10) : "–",
      r.next ? (r.next.coverage === null ? "no iteration history" : pct(r.next.coverage)) : "–",
    ];
  });
  const partial = d.partial.length > 0 &&
    markup`<p class="small">Still being computed (not on the ladder until complete): ${
      d.partial.map((p) => `${p.folder} (${p.done} of ${p.planned} positions)`).join(", ")
    }.</p>`;
  const table = labelledTable(
    `The ${d.ladder.base} ladder: ${ladderEngineText(d.ladder)}; every complete dataset over the same ${
      d.ladderRows[0].depth.count
    } positions`,
    [
      "dataset",
      "budget per position",
      "engine build",
      "depth reached",
      "Spearman of edges with the next rung",
      "MBI moves > 10 vs next rung",
      "next rung's MBI inside this rung's interval",
    ],
    rows,
    "ladder",
  );
  return markup`${table}${convergenceFigure(d)}<ul>${
    convergenceSentences(d.ladder).map((s) => markup`<li>${s}</li>`)
  }</ul>${partial}`;
}

function enginesSection(d: LandingData): Html {
  if (!d.engines.length) return markup`<p>No other engine's complete dataset here.</p>`;
  const page = (folder: string) => d.pages.find((p) => p.folder === folder && p.site === "site");
  return labelledTable(
    `Other engines' complete datasets, each against the best index${d.best ? ` (${d.best.key})` : ""}`,
    ["dataset", "engine", "limit", "Spearman of edges with the best index [95% CI]", "MBI moves > 10"],
    d.engines.map((e) => {
      const p = page(e.folder);
      return [
        p ? markup`<a href="${p.href}">${e.folder}</a>` : e.folder,
        e.engine,
        e.limit,
        e.vsBest
          ? `${f3(e.vsBest.rho)} [${f3(e.vsBest.ci95[0])} .. ${f3(e.vsBest.ci95[1])}]`
          : "not compared (deno task compare-engines)",
        e.vsBest ? pct(e.vsBest.share_over_10) : "–",
      ];
    }),
    "engines",
  );
}

function outcomesSection(d: LandingData): Html {
  if (!d.outcomes.length) return markup`<p>No outcome table here.</p>`;
  return joinHtml(
    d.outcomes.map(({ table, validations }) =>
      markup`<h3>${table.name}</h3><p>${table.description}; ${Object.keys(table.bySp).length} positions.</p>${
        validations.length
          ? labelledTable(
            `Every dataset validated against ${table.name} (Spearman's rho with its 95% percentile interval)`,
            ["dataset", "rho(eval, score)", "rho(MBI, |score − 0.5|)", "validation", "claim"],
            validations.map((v) => [
              v.dataset.key,
              rhoInterval(v.eval_vs_score, v.eval_vs_score.ci95_percentile, [" [", " .. ", "]"], f3),
              rhoInterval(v.mbi_vs_imbalance, v.mbi_vs_imbalance.ci95_percentile, [" [", " .. ", "]"], f3),
              verdictsText(v).validation,
              verdictsText(v).claim,
            ]),
          )
          : markup`<p>No dataset validated against it yet.</p>`
      }`
    ),
  );
}

/** The landing page's HTML. */
export function renderLanding(d: LandingData): string {
  const nb = d.notebooks.length
    ? markup`<ul>${
      d.notebooks.map((n) =>
        markup`<li><a href="${n.href}">${n.title}</a> <span class="small">(${n.folder})</span></li>`
      )
    }</ul>`
    : markup`<p>No rendered notebook yet (<code>deno task notebooks</code>).</p>`;
  const pages = d.pages.length
    ? markup`<ul id="pages">${
      d.pages.map((p) =>
        markup`<li><a href="${p.href}">${p.folder}${p.site === "site" ? "" : ` (${p.site})`}</a>${
          d.best?.key === p.folder && p.site === "site" && markup` — <strong>the best index</strong>`
        }</li>`
      )
    }</ul>`
    : markup`<p>No dataset page yet (<code>deno task site</code>).</p>`;
  return String(markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chess960 Balance Index (MBI) — the results</title>
<meta name="description" content="The Morozov Balance Index of the 960 Chess960 start positions: the best index, the budget ladder, other engines, validations and every dataset">
<style>${raw(PAGE_STYLE + LANDING_STYLE)}</style>
</head>
<body>
<header>
<h1>Chess960 Balance Index (MBI)</h1>
<p class="sub">The results of this workspace: every dataset, the best index first</p>
<nav aria-label="Sections"><a href="#best">Best index</a><a href="#ladder-h">Ladder</a><a href="#engines-h">Other engines</a><a href="#outcomes-h">Outcomes</a><a href="#notebooks-h">Notebooks</a><a href="#pages-h">All pages</a></nav>
</header>
<main>
<section aria-labelledby="what-h"><h2 id="what-h">What the index is</h2>
<p>${
    whatSentence(d)
  } The Morozov Balance Index measures the <em>size</em> of the edge, whichever side it favours: an engine evaluates each of the 960 start positions at a fixed node budget; the distance of the value from zero (edge = |eval|) is ranked over all positions and turned into an index from <strong>100 (most balanced)</strong> to <strong>0 (largest White edge)</strong>. Every value depends on the engine and its budget, so every figure here says which.</p></section>
<section id="best" aria-labelledby="best-h"><h2 id="best-h">The best index</h2>${bestSection(d)}</section>
<section aria-labelledby="ladder-h"><h2 id="ladder-h">The ladder of budgets</h2>
<p>The same engine at growing budgets, each a complete dataset; how much the index still moves from one rung to the next says how far it is from settled.</p>
${ladderSection(d)}</section>
<section aria-labelledby="engines-h"><h2 id="engines-h">Other engines</h2>${enginesSection(d)}</section>
<section aria-labelledby="outcomes-h"><h2 id="outcomes-h">Outcome tables of real games</h2>${
    outcomesSection(d)
  }</section>
<section aria-labelledby="notebooks-h"><h2 id="notebooks-h">The notebooks, rendered</h2>${nb}</section>
<section aria-labelledby="pages-h"><h2 id="pages-h">Every dataset page</h2>${pages}</section>
</main>
<footer><p>Data: ${LICENCE} (cite with engine, fingerprint and budget). Code: GPL-3.0-or-later (LICENSE). ${BOARD_CREDITS} The human Lichess table keeps its Apache-2.0 licence (data/lichess-human-by-setup.NOTICE.md).</p></footer>
</body>
</html>
`);
}

/** Writes `results/index.html` when its content changed (`known`: designs a page build has just read); returns its path and whether it was written. */
export async function buildLanding(
  log: (line: string) => void = () => {},
  known?: { profile: string; designs: SiteDesign[] },
): Promise<{ path: string; written: boolean }> {
  const path = landingPath();
  const html = renderLanding(await collectLanding(known));
  const written = await writeTextIfChanged(path, html);
  const kb = (new TextEncoder().encode(html).length / 1000).toFixed(1);
  log(`landing page ${displayPath(path)}: ${kb} KB; ${written ? "written" : "unchanged"}`);
  return { path, written };
}
