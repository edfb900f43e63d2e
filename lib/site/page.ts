/**
 * The published page of a dataset: one self-contained `index.html` (styles,
 * data, script and figures inline; no request beyond the file itself), with
 * the summary card, the searchable table of positions, the per-position view,
 * the dataset card and the reproduction record. Its markup is `markup`
 * templates (lib/core/html.ts): every value is escaped unless it is markup.
 *
 * @module
 */

import { joinHtml, jsonInScript, markup, raw, scriptText } from "../core/mod.ts";
import { LICENCE } from "../store/mod.ts";
import { citationLine, formatBytes } from "./card.ts";
import type { SiteData } from "./data.ts";
import type { BoardConfig } from "./board/config.ts";
import { bestIndexHtml, landingLinkHtml, type PageLinks } from "./links.ts";
import { histogram, openingSentence, pageCaption, pageData } from "./page_data.ts";
import { cardHtml, correlationTable, distributionTable, reproduceSection } from "./page_sections.ts";
import { designsSection } from "./page_designs.ts";
import { designBudgets } from "./designs.ts";
import { keyHtml } from "./page_script/position.ts";
import { PAGE_STYLE } from "./style.ts";
import { fingerprintValue, PROFILES } from "../method/mod.ts";

/**
 * The page's one caveat at its top, short (the budgets themselves are in the
 * line above it and in the summary): the method's budgets this dataset and its
 * self-play designs are not at.
 */
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
  const title = `Chess960 Balance Index (MBI) — ${pageCaption(d)}`;
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
<h1>Chess960 Balance Index (MBI)</h1>
<p class="sub">${pageCaption(d)} · ${d.n} positions${extra.links && markup` · ${bestIndexHtml(extra.links)}`}</p>
${
    d.banner &&
    markup`<p class="banner short" role="note">${topBanner(d)}${
      extra.links?.best && !extra.links.best.self &&
      markup` For the answer, open <a href="${extra.links.best.href}">the best index here</a> (Stockfish 17.1 · ${extra.links.best.budget}).`
    }</p>`
  }
<nav aria-label="Sections">${
    extra.links && landingLinkHtml(extra.links)
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
<div class="scroll"><table id="table"><caption>${pageCaption(d)}; n = ${d.n}. Open a position with its SP.</caption>
<thead><tr><th scope="col" data-key="sp" aria-sort="none"><button type="button">SP</button></th><th scope="col">back rank</th><th scope="col" data-key="eval" aria-sort="none"><button type="button">eval cp</button></th><th scope="col" data-key="edge" aria-sort="none"><button type="button">edge cp</button></th><th scope="col" data-key="rank" aria-sort="none"><button type="button">rank</button></th><th scope="col" data-key="mbi" aria-sort="descending"${
    legend && markup` aria-describedby="mbi-legend" title="${legend}"`
  }><button type="button">MBI</button>${legend && markup` <span class="iv">[lo–hi]</span>`}</th></tr></thead>
<tbody id="rows"></tbody></table></div>
<p><button type="button" id="more" hidden>Show all ${d.n} positions</button></p>
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
    keyHtml(d.profile)
  }</code> (its folder and the <code>--profile</code> of every command)</dd>
<dt>Code</dt><dd><code>${d.code.mbi.commit}</code></dd>
</dl>
<h3>Headline figures</h3>
${distributionTable(d)}
<figure id="hist">${hist.svg}<figcaption>${hist.title}: ${hist.caption}</figcaption></figure>
${correlationTable(d)}
<h3 id="limitations">Limitations, computed from the data</h3>
<p class="small">One line each; open one for its figures. The dataset card below has them all in full.</p>
<ul class="limits">${
    d.limitations.map((l) =>
      markup`<li><details><summary>${l.headline}</summary><p>${l.text}</p><p class="small">From ${
        joinHtml(
          l.links.map((f) =>
            f.href ? markup`<a href="${f.href}"><code>${f.file}</code></a>` : markup`<code>${f.file}</code>`
          ),
          ", ",
        )
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
<p class="small">The same text as <a href="files/DATASET.md">DATASET.md</a> beside the result files.</p>
${cardHtml(cardMarkdown, extra.cardLink)}
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
