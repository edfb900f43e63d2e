/**
 * One position's view (browser and tests): its board, index, value, PV, place in the distribution, the index across
 * datasets, self-play, outcome tables and the command that recomputes it, from the embedded data.
 *
 * @module
 */

import { type Html, joinHtml, markup } from "../../core/html.ts";
import { COL, type PageData } from "./data.ts";
import { setupToFen } from "../../method/start_fen.ts";
import { boardSvg, mbiText } from "./table.ts";
import { fixedNonZero, int, signed } from "../../core/format.ts";

/** A command that wraps between its words (not after an option's hyphen) and after a list's commas (`--sp 29,751`). */
export function commandHtml(c: string): Html {
  return joinHtml(
    c.split(" ").map((w) =>
      markup`<span class="nw">${joinHtml(w.split(",").map((p) => markup`${p}`), markup`,<wbr>`)}</span>`
    ),
    " ",
  );
}

/** The position on lichess's analysis board (a link only; the FEN in the path with its spaces as `_`). */
export const lichessUrl = (fen: string): string =>
  `https://lichess.org/analysis/chess960/${encodeURI(fen.trim().replaceAll(" ", "_"))}`;

/** The FEN with a button that copies it and a link that opens it on lichess; `id`: the prefix of its elements' ids. */
export function fenHtml(fen: string, id = "d"): Html {
  return markup`<code id="${id}-fen">${fen}</code><br><button type="button" id="${id}-copy" data-fen="${fen}">Copy FEN</button> <span id="${id}-copied" role="status" aria-live="polite"></span> <a href="${
    lichessUrl(fen)
  }" rel="noopener noreferrer">Open on lichess's analysis board</a>`;
}

/** Moves in SAN, numbered from White's first: `1. e4`, `e5`, `2. Nf3` (the page's PV and the board's lines). */
export const numbered = (sans: readonly string[]): string[] =>
  sans.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m));

/** A PV in SAN, numbered: `1. e4 e5 2. Nf3`. */
export const pvText = (pv: string): string => numbered(pv ? pv.split(" ") : []).join(" ");

/** The view of an SP the dataset does not have. */
export const missingPositionHtml = (data: PageData, sp: number): Html =>
  markup`<h2 id="detail-title" tabindex="-1">SP ${sp}</h2><p>Not in this dataset (${data.caption}).</p><p><a href="#positions">← All positions</a></p>`;

/** A dataset in readers' words: its engine, its relation to this one under it and a link to its file. */
const datasetCell = (engine: string, relation: string, href?: string) =>
  markup`${engine}<br><span class="small">${relation}${
    href && markup` · <a href="${href}"><code>${href.split("/").pop()}</code></a>`
  }</span>`;

/** One position's row of a table, as a column of name and value (narrow enough for a phone). */
const oneRow = (caption: string, cells: [string, string][]) =>
  markup`<table class="one"><caption>${caption}</caption><tbody>${
    cells.map(([k, v]) => markup`<tr><th scope="row">${k}</th><td>${v}</td></tr>`)
  }</tbody></table>`;

/** One position's self-play results as a column of name and value (`row` as in `PageData.selfplay.bySp`). */
const selfplayRow = (caption: string, row: number[]) =>
  oneRow(caption, [
    ["games", String(row[0])],
    ["White wins", String(row[1])],
    ["draws", String(row[2])],
    ["White losses", String(row[3])],
    ["White's score [95%]", `${row[4].toFixed(3)} [${row[5].toFixed(2)}–${row[6].toFixed(2)}]`],
    ["distinct games", String(row[7])],
    ["mean plies", row[8].toFixed(0)],
  ]);

function selfplayHtml(data: PageData, sp: number): Html {
  const own = data.selfplay;
  const sp1 = own?.bySp[String(sp)];
  const designs = data.designs.filter((g) => g.bySp[String(sp)]).map((g) => {
    const note = g.openings[String(sp)];
    return markup`${selfplayRow(`Self-play of SP ${sp}: ${g.caption}`, g.bySp[String(sp)])}${
      note && markup`<p class="small">${note}</p>`
    }`;
  });
  const mine = !own
    ? data.designs.length ? null : markup`<p>No self-play results in this dataset.</p>`
    : sp1
    ? selfplayRow(`Self-play of SP ${sp}: ${own.caption}`, sp1)
    : markup`<p>SP ${sp} was not among the ${own.positions} self-play positions (${own.caption}).</p>`;
  const notDrawn = data.designs.length && !designs.length
    ? markup`<p>SP ${sp} was not among the self-play positions: ${
      joinHtml(data.designs.map((g) => markup`${g.caption} (${g.positions} positions)`), "; ")
    }.</p>`
    : null;
  return markup`${mine}${designs}${notDrawn}`;
}

/** A position's page in a table's source, from its template (`{setup}`, `{setup_lower}`, `{sp}`). */
export const sourceUrl = (template: string, sp: number, setup: string): string =>
  template.replaceAll("{setup_lower}", setup.toLowerCase()).replaceAll("{setup}", setup).replaceAll("{sp}", String(sp));

/** Links to the position's pages in the sources of the tables not published here (their values are not copied). */
function sourcesHtml(data: PageData, sp: number, setup: string): Html {
  if (!data.sources.length) return markup``;
  return markup`<p>Games from this start in tables whose values are not copied here: ${
    joinHtml(data.sources.map((s) => markup`<a href="${sourceUrl(s.template, sp, setup)}">${s.label}</a>`), ", ")
  }.</p>`;
}

function outcomesHtml(data: PageData, sp: number): Html {
  return joinHtml(data.outcomes.map((t) => {
    const v = t.bySp[String(sp)];
    if (!v) return markup`<p>SP ${sp} has no row in the table of ${t.title}.</p>`;
    const text = (x: number | string) =>
      typeof x !== "number" ? String(x) : Number.isInteger(x) ? int(x) : fixedNonZero(x, 3);
    const cells = t.columns.map((c, j): [string, string] => [t.labels[j] ?? c, text(v[j])]);
    const thin = t.thin[String(sp)];
    return markup`${oneRow(`Outcomes of SP ${sp} in ${t.description}`, cells)}${
      thin && markup`<p class="small">SP ${sp} is ${thin}.</p>`
    }`;
  }));
}

function acrossDatasetsHtml(data: PageData, i: number, sp: number): Html {
  const r = data.rows[i], N = data.rows.length;
  const m = data.method;
  if (!data.others.length && !m) return markup`<p>No other complete dataset over the same positions.</p>`;
  const others = data.others.map((o) => {
    const v = o.values[i];
    const relation = o.relation === "budget" ? "same engine, other budget" : "other engine";
    const cell = o.relation === "peer"
      ? datasetCell(o.engine, "independent peer (github.com/clfs/eval960)", o.href)
      : datasetCell(o.engine, relation, o.href);
    return markup`<tr><th scope="row">${cell}</th><td>${o.limit}</td><td>${signed(v[0] as number)}</td><td>${
      mbiText(v[1] as number, v[2], v[3])
    }</td></tr>`;
  });
  const v = m?.bySp[String(sp)];
  const method = m &&
    markup`<tr><th scope="row">${
      datasetCell(
        m.engine,
        `the method's budget, ${m.done} of ${m.of} positions so far`,
        `../../${m.file.replace(/^results\//, "")}`,
      )
    }</th><td>${m.limit}</td><td>${
      v
        ? markup`${v[0] === null ? "mate" : signed(v[0])} <span class="small">(depth ${v[1]})</span>`
        : markup`not searched yet`
    }</td><td>–</td></tr>`;
  return markup`<div class="scroll"><table><caption>SP ${sp} in every complete dataset over the same ${N} positions; each index is relative to its own dataset${
    m ? `; and at the method's budget as far as it has gone (no MBI until all ${m.of} are done)` : ""
  }</caption>
<thead><tr><th scope="col">dataset · engine · relation</th><th scope="col">budget</th><th scope="col">eval cp</th><th scope="col">MBI</th></tr></thead>
<tbody><tr class="this"><th scope="row">${
    datasetCell(data.engine, "this dataset", "../mbi.csv")
  }</th><td>${data.limit}</td><td>${signed(r[COL.eval])}</td><td>${
    mbiText(r[COL.mbi], r[COL.lo], r[COL.hi])
  }</td></tr>${others}${method}</tbody></table></div>`;
}

/** The view of the row at index `i`; `figure` is the page's histogram with the position marked (empty when none). */
export function positionHtml(data: PageData, i: number, figure: Html): Html {
  const r = data.rows[i], N = data.rows.length, sp = r[COL.sp];
  const moreBalancedThan = data.rows.filter((o) => o[COL.edge] > r[COL.edge]).length;
  const beyond = data.hist && (r[COL.eval] < data.hist.lo || r[COL.eval] > data.hist.hi)
    ? ` Its value lies beyond the clipped axis (${data.hist.lo} .. ${data.hist.hi} cp); the line is at the axis's end.`
    : "";
  const nodes = r[COL.nodes];
  return markup`<p><a href="#positions">← All positions</a></p>
<h2 id="detail-title" tabindex="-1">SP ${sp} · <code>${r[COL.setup]}</code></h2>
${data.banner && markup`<p class="banner short" role="note">${data.banner}</p>`}
<p class="cap">${data.caption}</p>
<div class="pos">
<div id="d-board">${boardSvg(r[COL.setup], sp)}</div>
<dl class="facts">
<dt>MBI</dt><dd><span id="d-mbi">${mbiText(r[COL.mbi], r[COL.lo], r[COL.hi])}</span>${
    data.legend && r[COL.lo] !== null && markup`<br><span class="small">${data.legend}</span>`
  }</dd>
<dt>Rank by edge</dt><dd id="d-rank">${r[COL.rank]} of ${N}</dd>
<dt>Engine value</dt><dd id="d-eval">${signed(r[COL.eval])} cp (White's view)</dd>
<dt>Edge</dt><dd id="d-edge">${r[COL.edge]} cp</dd>
<dt>Depth</dt><dd id="d-depth">${r[COL.depth]}</dd>
<dt>Nodes</dt><dd>${nodes === null ? "–" : nodes.toLocaleString("en-US")}</dd>
<dt>FEN</dt><dd>${fenHtml(setupToFen(r[COL.setup]))}</dd>
</dl>
</div>
<div id="d-pv-plain"><h3>Principal variation</h3>
<p id="d-pv">${pvText(r[COL.pv]) || "–"}</p></div>${
    data.offPv[String(sp)] &&
    markup`<p class="small">The engine's final move, ${
      data.offPv[String(sp)]
    }, is not the PV's first: the value and PV are the last completed iteration's; the engine answered with the best move of the iteration the node limit cut short.</p>`
  }
<h3>Its place in the distribution</h3>
<p>Edge ${r[COL.edge]} cp: more balanced than ${moreBalancedThan} of the other ${N - 1} positions (${
    (100 * moreBalancedThan / (N - 1)).toFixed(1)
  }%).</p>
<figure>${figure}<figcaption>${data.caption}; n = ${N}. The line marks SP ${sp}.${beyond}</figcaption></figure>
<h3>The index across datasets</h3>
${acrossDatasetsHtml(data, i, sp)}
<div id="d-ladder"></div>
<h3>Self-play</h3>
${selfplayHtml(data, sp)}
<div id="d-games"></div>
${
    (data.outcomes.length > 0 || data.sources.length > 0) &&
    markup`<h3>Outcomes of real games</h3>${outcomesHtml(data, sp)}${sourcesHtml(data, sp, r[COL.setup])}`
  }
<h3>Reproduce it</h3>
<p>Recompute this position from scratch and compare value, depth, PV and nodes bit for bit:</p>
<pre><code>${commandHtml(data.verify.replace("{sp}", String(sp)))}</code></pre>`;
}
