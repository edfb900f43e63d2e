/**
 * The landing page of the results (`results/index.html`): the answer first (`landing_answer.ts`), then the evidence in
 * sections a reader can skip (the best index, the ladder, other engines, real games, notebooks, every page).
 *
 * @module
 */

import { formatLimit } from "../engine/mod.ts";
import {
  datasetLabel,
  fingerprintValue,
  rhoDefined,
  rhoInterval,
  selfplayBudgetText,
  verdictsText,
} from "../method/mod.ts";
import { type OutcomeValidation } from "../outcomes/mod.ts";
import { budgetAxisX, figure, FIGURE_MIN_WIDTH, Plot, THEME, withMinWidth } from "../plot/mod.ts";
import { displayPath, LICENCE, outcomeTitle, progressText, SNAPSHOT_FILE, writeTextIfChanged } from "../store/mod.ts";
import { convergenceSentences, ladderEngineText, PUBLISHED } from "../analysis/mod.ts";
import { BOARD_CREDITS } from "./board_config.ts";
import { collectLanding, type LandingData, landingPath, notebookGroups } from "./landing_data.ts";
import { type SiteDesign } from "./designs.ts";
import { histogram } from "./page.ts";
import { bestName, drawSectionHtml, extremesHtml, searchHtml, sureHtml, whatIsSentence } from "./landing_answer.ts";
import { studyParts, summaryBudget, type SummaryDesign } from "./landing_games.ts";
import {
  breakableName,
  fix,
  fixedNonZero,
  type Html,
  type HtmlValue,
  int,
  iv,
  joinHtml,
  markup,
  num,
  pct,
  raw,
} from "../core/mod.ts";
import { labelledTable, LANDING_STYLE, PAGE_STYLE } from "./style.ts";
import { siteBundles } from "./bundle.ts";
import { partialMedianText } from "../report/mod.ts";

/** The design of a self-play summary in words (for tables). */
const designWords = (s: SummaryDesign): string => selfplayBudgetText(summaryBudget(s));

/** The convergence figure's series with their colours: each step's agreement, share moving > 10, coverage. */
const SERIES = [
  ["Spearman of the edges with the budget below", THEME.colors.main],
  ["share of positions whose MBI moves > 10 points", THEME.colors.negative],
  ["share inside the budget below's MBI settling range", THEME.colors.accent],
];

/** The ladder's convergence figure (Observable Plot): at each step up the ladder, the three series. */
export function convergenceFigure(d: LandingData): Html | null {
  const steps = d.ladderRows.filter((r) => r.next);
  const ladder = d.ladder;
  if (!ladder || steps.length === 0) return null;
  const nodesOf = new Map(d.ladderRows.map((r) => [r.folder, r.nodes]));
  const series = steps.flatMap(({ next }) => {
    const x = nodesOf.get(next!.folder)!;
    const ys = [next!.spearman, next!.share_over_10, ...(next!.coverage === null ? [] : [next!.coverage])];
    return ys.map((y, k) => ({ nodes: x, what: SERIES[k][0], y }));
  });
  const top = d.ladderRows[d.ladderRows.length - 1];
  const draw = (width: number) =>
    figure({
      title: "How far the index still moves between budgets",
      caption: [
        `The ladder of budgets · ${ladderEngineText(ladder)} · ${
          d.ladderRows.map((r) => formatLimit({ nodes: r.nodes })).join(", ")
        } per position · n = ${top.depth.count} positions.`,
        "Each point compares a budget with the one below it, drawn at the larger budget.",
      ],
      width,
      height: 260,
      marginBottom: 44,
      x: { type: "log", domain: [d.ladderRows[0].nodes, top.nodes], inset: 16 },
      y: { label: "↑ share or correlation", domain: [0, 1], grid: true },
      color: { legend: false, domain: SERIES.map(([what]) => what), range: SERIES.map(([, colour]) => colour) },
      marks: [
        budgetAxisX(d.ladderRows.map((r) => r.nodes), { labelAnchor: "center", labelOffset: 34 }),
        Plot.line(series, { x: "nodes", y: "y", stroke: "what", marker: "circle" }),
        Plot.text(
          series.filter((s) => s.nodes === top.nodes),
          { x: "nodes", y: "y", text: (s: { y: number }) => fix(s.y, 2), dx: -14, dy: -8, fill: "what" },
        ),
      ],
    });
  const key = SERIES.map(([t, c]) => markup`<span class="key"><span style="background:${c}"></span>${t}</span>`);
  // drawn twice, the page's CSS showing one: scaled to a phone's screen its text would be too small to read, so
  // the phone gets a figure drawn at its width; neither is scaled below FIGURE_MIN_WIDTH or its own width (their
  // boxes scroll instead)
  const shown = (width: number) => withMinWidth(draw(width).svg, Math.min(width, FIGURE_MIN_WIDTH));
  return markup`<figure id="convergence"><div class="scroll wide">${
    raw(shown(THEME.width))
  }</div><div class="scroll narrow">${raw(shown(THEME.phone))}</div><figcaption>${
    joinHtml(key, " ")
  }</figcaption></figure>`;
}

/** The best index's facts, its self-play designs and the method's budget on their positions, each in readers' words. */
function evidenceSection(d: LandingData): Html {
  const b = d.best;
  if (!b) {
    return markup`<p>No complete dataset of the reference engine over all 960 positions yet: run <code>deno task pipeline</code>.</p>`;
  }
  const link = b.page ? markup`<a id="best-index" href="${b.page.href}">${bestName(b)}</a>` : bestName(b);
  // every figure one click from its file (hrefs from the landing page, at the results root)
  const file = (path: string) =>
    markup`<a href="${path.replace(/^results\//, "")}"><code>${path.split("/").pop()}</code></a>`;
  const run = b.method?.partial;
  const designs = [
    ...(b.selfplay ? [{ s: b.selfplay, file: `${b.key}/summary.json` }] : []),
    ...b.designs.map((g) => ({ s: g.summary, file: `${b.key}/${g.summaryFile}` })),
  ];
  const rows: HtmlValue[][] = [
    [
      "engine values",
      `median ${fixedNonZero(b.eval.median, 1)} cp, range ${num(b.eval.min)} .. ${num(b.eval.max)} cp; ${
        b.negatives ? `${b.negatives} below 0 (Black's side)` : "none below 0"
      }`,
      file(`${b.key}/distribution.json`),
    ],
    ...(b.interval_width !== null
      ? [[
        "MBI [lo–hi]",
        `median width ${
          b.interval_width.toFixed(1).replace(/\.0$/, "")
        } points (columns mbi_lo and mbi_hi): the range over the last iterations, not a confidence interval`,
        file(`${b.key}/mbi.csv`),
      ]]
      : []),
    ...designs.map(({ s, file: f }) => [
      `self-play ${designWords(s)}`,
      `rho(eval, score) ${rhoInterval(s.eval_vs_score, s.eval_vs_score.ci95_percentile)}; reliability ${
        fix(s.reliability.reliability, 3)
      }: ${verdictsText(s).validation}`,
      file(f),
    ]),
    ...b.running.map((r) => [
      `self-play ${r.design}`,
      `being played: ${int(r.done)} of ${int(r.planned)} games`,
      file(r.file),
    ]),
    ...b.designs.flatMap((g) => {
      const m = g.sample;
      if (!m) return [];
      const v = m.summary?.figures.validation.find((x) => x.values_from === m.file)?.eval_vs_score;
      return [[
        `${m.limit} per position (the method's budget) on ${m.of} positions`,
        v
          ? `a sample, not an index; with the ${designWords(g.summary)}: rho(eval, score) ${
            rhoInterval(v, v.ci95_percentile)
          }`
          : `${m.evaluated} of ${m.of} sample positions so far`,
        file(m.summary?.file ?? m.file),
      ]];
    }),
    ...(run && run.agreement.index === b.key
      ? [[
        `${run.dataset.budget} (the method's budget): its run so far, ${int(run.done.used.length)} of ${
          int(run.done.of)
        } positions`,
        `a sample, not the index: median ${partialMedianText(run)}; Spearman with this index ${
          fix(run.agreement.all.rho, 3)
        } ${iv(run.agreement.all.ci95)}`,
        file(`full/${SNAPSHOT_FILE}`),
      ]]
      : []),
    ...studyParts(b).map((p) => [
      `games: ${p.description}`,
      `rho(eval, score) ${rhoInterval(p.c, p.c.ci95_percentile)}; reliability ${fix(p.r, 3)}`,
      file("outcomes/study.json"),
    ]),
  ];
  return markup`<p>The best index here is ${link} (fingerprint ${
    fingerprintValue(b.fingerprint)
  }, ${b.n} positions): the reference engine's complete dataset with the largest budget, the one <code>deno task mbi</code> answers from. The method's own budget is 400,000,000 nodes per position.</p>
${labelledTable(`The best index: ${bestName(b)}`, ["figure", "value", "file"], rows)}
<p class="small"><a href="../docs/METHOD.md">The method's documents</a> publish rho(eval, score) = ${PUBLISHED.rho_eval_score} [${
    PUBLISHED.ci95[0]
  }, ${PUBLISHED.ci95[1]}] from ${PUBLISHED.budgets}.</p>`;
}

/** A dataset's own page (`site`), when it has one. */
const pageOf = (d: LandingData, folder: string) => d.pages.find((p) => p.folder === folder && p.site === "site");

function ladderSection(d: LandingData): Html {
  if (!d.ladder || d.ladderRows.length === 0) return markup`<p>No ladder yet.</p>`;
  const rows = d.ladderRows.map((r) => {
    // a rung without a page of its own links its table: the figures of the row come from the rungs' values
    const name = markup`<a href="${pageOf(d, r.folder)?.href ?? r.table}">${int(r.nodes)} nodes</a>`;
    return [
      name,
      `${r.depth.min}–${r.depth.max} (median ${r.depth.median})`,
      r.next ? fix(r.next.spearman, 3) : "– (largest budget)",
      r.next ? pct(r.next.share_over_10) : "–",
      r.next ? (r.next.coverage === null ? "not recorded" : pct(r.next.coverage)) : "–",
    ];
  });
  const partial = d.partial.length > 0 &&
    markup`<p class="small">Still being computed, and on the ladder once complete: ${
      d.partial.map((p) => `${p.name}, ${progressText(p)}`).join("; ")
    }.</p>`;
  const table = labelledTable(
    `${ladderEngineText(d.ladder)} at each budget per position, over the same ${d.ladderRows[0].depth.count} positions`,
    [
      "budget per position",
      "depth reached",
      "Spearman of edges with the next budget",
      "MBI moves > 10",
      "next budget's MBI inside [lo–hi]",
    ],
    rows,
    "ladder",
  );
  // the rows' figures come from the rungs' values: where to check them
  const files = d.comparison &&
    markup`<p class="small">Each row's Spearman and share of MBI moves over 10 points are that pair's figures in <a href="engine_comparison.json"><code>engine_comparison.json</code></a>; the share inside [lo–hi] is computed from the <code>mbi_lo</code> and <code>mbi_hi</code> columns of the two budgets' <code>mbi.csv</code>.</p>`;
  return markup`${table}${files}${convergenceFigure(d)}<ul>${
    convergenceSentences(d.ladder).map((s) => markup`<li>${s}</li>`)
  }</ul>${partial}`;
}

function enginesSection(d: LandingData): Html {
  if (!d.engines.length) return markup`<p>No other engine's complete dataset here.</p>`;
  const ns = [...new Set(d.engines.flatMap((e) => e.vsBest ? [e.vsBest.n] : []))];
  return labelledTable(
    `Other engines' complete datasets, each against the best index${d.best ? ` (${bestName(d.best)})` : ""}${
      ns.length === 1 ? `, over the same ${int(ns[0])} positions` : ""
    }; and against the reference engine at their own budget, which sets the engine apart from the budget`,
    [
      "engine and limit",
      "Spearman of edges with the best index [95%]",
      "MBI moves > 10",
      "with the reference engine at the same budget [95%]",
      "file",
    ],
    d.engines.map((e) => [
      // a dataset without a page of its own links its table
      markup`<a href="${pageOf(d, e.folder)?.href ?? e.table}">${datasetLabel(e.engine, e.limit)}</a>`,
      e.vsBest ? `${fix(e.vsBest.rho, 3)} ${iv(e.vsBest.ci95)}` : "not compared (deno task compare-engines)",
      e.vsBest ? pct(e.vsBest.share_over_10) : "–",
      e.vsSameBudget
        ? `${fix(e.vsSameBudget.rho, 3)} ${iv(e.vsSameBudget.ci95)} (${
          d.names[e.vsSameBudget.folder] ?? e.vsSameBudget.folder
        })`
        : "– (no dataset at its budget)",
      e.vsBest
        ? markup`<a href="engine_comparison.json"><code>${breakableName("engine_comparison.json")}</code></a>`
        : "–",
    ]),
    "engines",
  );
}

/**
 * Every dataset against one outcome table: its engine and budget, the two correlations, the validation file. The
 * reference engine's budgets come first, smallest first, then other engines; the best index is marked, and the
 * method's run so far (from the outcome study) is a row of its own, without an MBI until it is complete.
 */
function validationsTable(
  table: string,
  validations: readonly (OutcomeValidation & { href: string })[],
  best: Pick<NonNullable<LandingData["best"]>, "key" | "study" | "method"> | null,
): Html {
  const nodes = (v: OutcomeValidation) => "nodes" in v.dataset.limit ? v.dataset.limit.nodes : Infinity;
  const other = (v: OutcomeValidation) => v.dataset.key.includes("@") ? 1 : 0; // another engine than the ladder's
  const vs = [...validations].sort((a, b) =>
    other(a) - other(b) || (other(a) ? a.dataset.engine.localeCompare(b.dataset.engine) : 0) || nodes(a) - nodes(b)
  );
  if (!vs.length) return markup`<p>No dataset validated against it yet.</p>`;
  const rows: HtmlValue[][] = vs.map((v) => [
    `${datasetLabel(v.dataset.engine, v.dataset.budget)}${v.dataset.key === best?.key ? " (the best index)" : ""}`,
    rhoInterval(v.eval_vs_score, v.eval_vs_score.ci95_percentile),
    rhoInterval(v.mbi_vs_imbalance, v.mbi_vs_imbalance.ci95_percentile),
    markup`<a href="${v.href}"><code>${breakableName(v.href.split("/").pop()!)}</code></a>`,
  ]);
  const run = best?.study?.correlations.find((c) => c.table === table && c.dataset === "method");
  const m = best?.method?.partial;
  if (run && m) {
    // the best index on the same positions: the row above is over all 960, this one over those searched so far
    const same = best?.study?.steps.find((s) => s.table === table && s.from === best.key && s.to === "method");
    rows.push([
      `${datasetLabel(m.dataset.engine, m.dataset.budget)} (the method's run, ${int(run.eval_vs_score.n)} of ${
        int(m.done.of)
      } positions so far)`,
      markup`${rhoInterval(run.eval_vs_score, run.eval_vs_score.ci95)}${
        same &&
        markup`<br><span class="small">the best index on the same ${int(same.n)}: ${
          fix(same.from_rho, 3)
        }; this row minus it ${same.delta > 0 ? "+" : ""}${fixedNonZero(same.delta, 3)} ${iv(same.ci95)}</span>`
      }`,
      "no MBI until all are done",
      markup`<a href="outcomes/study.json"><code>study.json</code></a>`,
    ]);
  }
  const all = labelledTable(
    `Each dataset against these games: Spearman's rho with its 95% interval; ${int(vs[0].games)} games over ${
      vs[0].positions
    } positions`,
    ["dataset", "rho(eval, score)", "rho(MBI, |score − 0.5|)", "file"],
    rows,
  );
  // the answer first (the best index, and the method's run so far), every dataset's row on demand
  const top = vs.find((v) => v.dataset.key === best?.key);
  const lead = [
    ...(top
      ? [
        `${datasetLabel(top.dataset.engine, top.dataset.budget)} (the best index): rho(eval, White's score) ${
          rhoInterval(top.eval_vs_score, top.eval_vs_score.ci95_percentile)
        }`,
      ]
      : []),
    ...(run && m
      ? [
        `the method's run so far (${int(run.eval_vs_score.n)} positions): ${
          rhoInterval(run.eval_vs_score, run.eval_vs_score.ci95)
        }`,
      ]
      : []),
  ];
  return markup`${
    lead.length ? markup`<p>${lead.join("; ")}.</p>` : ""
  }<details><summary>Every dataset against these games (${rows.length} rows)</summary>${all}</details>`;
}

/** How far a table's noise lets any correlation go, and whether it can rank the datasets at all (said once). */
function noiseSentences(validations: readonly OutcomeValidation[]): string {
  const r = validations[0]?.reliability;
  // one interval point shared by every dataset's interval: the table cannot rank them
  const defined = validations.filter((v) => rhoDefined(v.eval_vs_score));
  const shared = defined.length > 1 &&
    Math.max(...defined.map((v) => v.eval_vs_score.ci95_percentile[0] as number)) <
      Math.min(...defined.map((v) => v.eval_vs_score.ci95_percentile[1] as number));
  return [
    !r
      ? ""
      : r.ceiling >= 0.95
      ? `Its per-position scores have reliability ${fix(r.reliability, 3)}: almost free of game noise.`
      : `Its per-position scores have reliability ${fix(r.reliability, 3)}, so no correlation with them can exceed ` +
        `about ${fix(r.ceiling, 2)}.`,
    shared
      ? "Every dataset's interval below overlaps every other's: this table cannot rank the datasets, so no verdict per dataset is given here (each dataset's page and card has its own)."
      : "",
  ].filter(Boolean).map((x) => ` ${x}`).join("");
}

/**
 * The outcome tables, the most games first: what each holds, every dataset's correlation with it, and (once) how far
 * its noise lets any go. A table whose per-position values are not published shows what its committed files hold.
 */
export function outcomesSection(d: Pick<LandingData, "outcomes" | "unpublished" | "best">): Html {
  const games = (vs: readonly OutcomeValidation[]) => vs[0]?.games ?? 0;
  const sections = [
    ...d.outcomes.map(({ table, validations }) => ({
      games: games(validations),
      html: markup`<h3>${outcomeTitle(table.description)}</h3><p>${table.description} (${
        Object.keys(table.bySp).length
      } positions: <a href="outcomes/${table.name}/outcomes.csv"><code>outcomes.csv</code></a>).${
        table.note ? ` ${table.note}` : ""
      }${noiseSentences(validations)}</p>${validationsTable(table.name, validations, d.best)}`,
    })),
    ...d.unpublished.map((t) => ({
      games: games(t.validations),
      html: markup`<h3>${
        outcomeTitle(t.description)
      }</h3><p>${t.description}. Its per-position values are not published here${
        t.licence ? ` (${t.licence})` : ""
      }: what the table is and how it was read is in <a href="${t.href}"><code>outcomes.json</code></a>, how to build it again in <a href="../docs/outcomes.md#tables-you-download">docs/outcomes.md</a>.${
        noiseSentences(t.validations)
      }</p>${validationsTable(t.name, t.validations, d.best)}`,
    })),
  ].sort((a, b) => b.games - a.games);
  if (!sections.length) return markup`<p>No outcome table here.</p>`;
  return joinHtml(sections.map((x) => x.html));
}

/** The complete datasets without a page of their own (docs/site.md says how to build one), each linking its table. */
function withoutPage(d: LandingData): Html {
  const shown = new Set(d.pages.map((p) => p.folder));
  const rest = Object.entries(d.names).filter(([folder]) => !shown.has(folder)).sort(([a], [b]) => a.localeCompare(b));
  if (!rest.length) return markup``;
  return markup`<p class="small">Without a page of their own, their MBI tables:</p><ul class="small">${
    rest.map(([folder, name]) => markup`<li><a href="${folder}/mbi.csv">${name}</a></li>`)
  }</ul>`;
}

/** The distribution of the best index's values as a figure (the dataset page's histogram). */
function distributionFigure(b: NonNullable<LandingData["best"]>): Html {
  const h = histogram({ positions: b.positions, n: b.n, engine: { uci_name: b.engine }, limit: b.limit });
  return markup`<figure id="distribution">${h.svg}<figcaption>${h.title}: ${h.caption} (<a href="${b.key}/mbi.csv">mbi.csv</a>)</figcaption></figure>`;
}

/** The landing page's HTML: the answer first, then the evidence in sections a reader can skip. */
export function renderLanding(d: LandingData, drawScript = ""): string {
  const nb = d.notebooks.length
    ? joinHtml(
      notebookGroups(d).map((g) =>
        markup`<h3>${g.name}${g.folder === d.best?.key && " — the best index"}</h3><ul>${
          g.notebooks.map((n) =>
            markup`<li><a href="${n.href}">${n.title}</a>${
              n.design && markup` <span class="small">(${n.design})</span>`
            }</li>`
          )
        }</ul>`
      ),
      "",
    )
    : markup`<p>No rendered notebook yet (<code>deno task notebooks</code>).</p>`;
  const pages = d.pages.length
    ? markup`<ul id="pages">${
      d.pages.map((p) =>
        markup`<li><a href="${p.href}">${d.names[p.folder] ?? p.folder}${p.site === "site" ? "" : ` (${p.site})`}</a>${
          d.best?.key === p.folder && p.site === "site" && markup` — <strong>the best index</strong>`
        }</li>`
      )
    }</ul>`
    : markup`<p>No dataset page yet (<code>deno task site</code>).</p>`;
  const b = d.best;
  return String(markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Morozov Balance Index (MBI): which Chess960 start positions are balanced</title>
<meta name="description" content="The most and the least balanced of the 960 Chess960 start positions by the Morozov Balance Index, how sure that is, and every dataset behind it">
<style>${raw(PAGE_STYLE + LANDING_STYLE)}</style>
</head>
<body>
<header>
<h1>Morozov Balance Index (MBI) for Chess960</h1>
<p class="lead">${b ? whatIsSentence(b) : "White moves first, so a start position may give White an edge."}</p>
${
    b &&
    markup`<nav aria-label="On this page" class="top"><a href="#balanced-h">Most balanced</a><a href="#unbalanced-h">Least balanced</a><a href="#sure-h">How sure is this?</a><a href="#evidence-h">The evidence</a></nav>`
  }
</header>
<main>
<section id="answer" aria-label="The answer">
${b && searchHtml(b)}
${b && extremesHtml(b)}
<div class="sure"><div>${sureHtml(d)}</div>${b && distributionFigure(b)}</div>
</section>
${drawSectionHtml(b, drawScript)}
<nav aria-label="More" class="more"><a href="#draw-h">Draw a start</a><a href="#evidence-h">The evidence</a><a href="#ladder-h">Budgets</a><a href="#engines-h">Other engines</a><a href="#outcomes-h">Real games</a><a href="#notebooks-h">Notebooks</a><a href="#pages-h">All pages</a></nav>
<section aria-labelledby="evidence-h"><h2 id="evidence-h">The evidence</h2>${evidenceSection(d)}</section>
<section aria-labelledby="ladder-h"><h2 id="ladder-h">The ladder of budgets</h2>
<p>The same engine at growing budgets, each a complete dataset: how much the index still moves from one budget to the next says how far it is from settled.</p>
${ladderSection(d)}</section>
<section aria-labelledby="engines-h"><h2 id="engines-h">Other engines</h2>${enginesSection(d)}</section>
<section aria-labelledby="outcomes-h"><h2 id="outcomes-h">Checked against real games</h2>${outcomesSection(d)}</section>
<section aria-labelledby="notebooks-h"><h2 id="notebooks-h">The notebooks, rendered</h2>${nb}</section>
<section aria-labelledby="pages-h"><h2 id="pages-h">Every dataset page</h2>${pages}${withoutPage(d)}</section>
</main>
<footer><p>Data: ${LICENCE} (cite with engine, fingerprint and budget). ${BOARD_CREDITS} The human Lichess table keeps its Apache-2.0 licence (data/lichess-human-by-setup.NOTICE.md).</p></footer>
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
  const html = renderLanding(await collectLanding(known), (await siteBundles()).draw);
  const written = await writeTextIfChanged(path, html);
  const kb = (new TextEncoder().encode(html).length / 1000).toFixed(1);
  log(`landing page ${displayPath(path)}: ${kb} KB; ${written ? "written" : "unchanged"}`);
  return { path, written };
}
