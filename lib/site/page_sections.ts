/**
 * The longer sections of a dataset page: the distribution table beside the
 * method's, the self-play correlations with their verdicts, the reproduction
 * record, and the dataset card's Markdown as HTML.
 *
 * @module
 */

import { Marked } from "marked";
import { breakableName, escapeHtml, fix, type Html, int, markup, raw } from "../core/mod.ts";
import { type Correlation, METHOD_DISTRIBUTION, PUBLISHED, type Summary } from "../analysis/mod.ts";
import { rhoDefined, rhoText, verdictsText } from "../method/mod.ts";
import { checkAgainstPublished } from "../report/mod.ts";
import type { SiteData } from "./data.ts";
import { pageCaption } from "./page_data.ts";
import { commandHtml } from "./page_script/position.ts";
import { glossaryText } from "./glossary.ts";

/** The distribution of the values beside the method's published one (nothing without stage 2). */
export function distributionTable(d: SiteData): Html | null {
  const e = d.distribution?.eval;
  if (!e) return null;
  const m = METHOD_DISTRIBUTION;
  const neg = d.distribution!.negatives;
  return markup`<table><caption>Distribution of the engine values: ${pageCaption(d)}; n = ${e.count}</caption>
<thead><tr><th scope="col"></th><th scope="col">this dataset (${d.limit})</th><th scope="col">the method, published (${m.budget})</th></tr></thead>
<tbody>
<tr><th scope="row">positions</th><td>${e.count}</td><td>${m.count}</td></tr>
<tr><th scope="row">median</th><td>${fix(e.median, 1)} cp</td><td>${fix(m.median, 1)} cp</td></tr>
<tr><th scope="row">range</th><td>${e.min} .. ${e.max} cp</td><td>${m.min} .. ${m.max} cp</td></tr>
<tr><th scope="row">quartiles</th><td>${fix(e.quartiles[0], 1)} .. ${fix(e.quartiles[1], 1)} cp</td><td>–</td></tr>
<tr><th scope="row">below 0 (Black's side)</th><td>${neg.count}${
    neg.count ? ` (${neg.values.slice(0, 4).map((v) => `SP ${v.sp}: ${v.eval_cp}`).join(", ")})` : ""
  }</td><td>${m.negatives} (${m.negatives_range} cp)</td></tr>
<tr><th scope="row">distinct values</th><td>${d.distribution!.ties.distinct_values}</td><td>–</td></tr>
</tbody></table>`;
}

/** The self-play correlations with both intervals, the published figure and the computed verdicts. */
export function correlationTable(d: SiteData): Html {
  const s = d.summary;
  if (!s) {
    return d.designs.length
      ? markup`<p>The self-play validation of this index is in its own section: <a href="#validation">Validation by self-play</a>.</p>`
      : markup`<p>No self-play statistics in this dataset.</p>`;
  }
  const power = d.limitations.find((l) => l.id === "power");
  return markup`${summaryTable(`Self-play, ${pageCaption(d)}`, s)}
<p>The method's documents publish ${publishedText()} from ${PUBLISHED.budgets}${
    s.banner // the summary's own budgets
      ? `. Measured at other budgets, the figures above cannot confirm or refute it. What this design could show of it: ${
        checkAgainstPublished(s.eval_vs_score, s.reliability).sentence.replace(/\.$/, "")
      }`
      : ", the budgets of this dataset"
  }.</p>
${verdictsHtml(s)}${power ? ` Whether this design can test the published figure: see the limitations below.` : ""}</p>
${pageGlossary()}`;
}

/** The page's glossary of statistical words, said once: after the first self-play figures the page shows. */
export const pageGlossary = (): Html =>
  markup`<p class="small">${glossaryText(["rho", "interval", "bca", "reliability", "ceiling", "power", "fisher"])}</p>`;

/** The published figure in words. */
export const publishedText = () =>
  `rho(eval, score) = ${PUBLISHED.rho_eval_score}, 95% CI ${PUBLISHED.ci95[0]} .. ${PUBLISHED.ci95[1]}`;

/** A stage-5 summary's three correlations, both intervals each; `caption` says whose values and budgets. */
export function summaryTable(caption: string, s: Summary): Html {
  const row = (c: Correlation) =>
    rhoDefined(c)
      ? markup`<tr><th scope="row">${c.label}</th><td>${fix(c.rho, 3)}</td><td>${fix(c.ci95_percentile[0], 3)} .. ${
        fix(c.ci95_percentile[1], 3)
      }</td><td>${c.ci95_bca ? `${fix(c.ci95_bca[0], 3)} .. ${fix(c.ci95_bca[1], 3)}` : "–"}</td></tr>`
      : markup`<tr><th scope="row">${c.label}</th><td>${rhoText(c)}</td><td>–</td><td>–</td></tr>`;
  return markup`<div class="scroll"><table><caption>${caption}: ${s.n_positions} × ${s.selfplay.games_per_position} games at ${
    int(s.selfplay.nodes_per_move)
  } nodes per move; ${int(s.resamples)} resamples</caption>
<thead><tr><th scope="col">Spearman's rho</th><th scope="col">estimate</th><th scope="col">95% CI (percentile)</th><th scope="col">95% CI (BCa)</th></tr></thead>
<tbody>${row(s.eval_vs_score)}${row(s.mbi_vs_score)}${row(s.mbi_vs_imbalance)}</tbody></table></div>`;
}

/** The computed verdicts of a summary, with their rules (an open paragraph: the caller may add to it and closes it). */
export function verdictsHtml(s: Pick<Summary, "verdict" | "eval_vs_score" | "mbi_vs_imbalance">, id = "verdict"): Html {
  return markup`<p><strong>Verdicts</strong> (computed from the intervals, and from the design's power where they do not exclude 0): validation <strong id="${id}">${
    verdictsText(s).validation
  }</strong>; the index's claim that balanced starts score closer to 50%: <strong>${
    verdictsText(s).claim
  }</strong>. <span class="small">Rules: ${s.verdict.rules}.</span>`;
}

/** How to reproduce the dataset, and the last recorded reproduction file by file. */
export function reproduceSection(d: SiteData): Html {
  const r = d.reproduce;
  const last = r
    ? markup`<p>Last recorded check (<code>reproduce.json</code>): ${r.date} on ${r.machine.hostname} (${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.os}), ${
      Math.round(r.duration_s)
    } s, engine ${r.engine.uci_name}: <strong>${
      r.identical ? "every file identical" : "differences found"
    }</strong>.</p>
<div class="scroll"><table><caption>Last reproduction of the ${d.profile} profile, file by file</caption>
<thead><tr><th scope="col">file</th><th scope="col">compared</th><th scope="col">verdict</th><th scope="col">first difference (committed vs recomputed)</th></tr></thead>
<tbody>${
      r.files.map((f) =>
        markup`<tr><td><code>${f.file}</code></td><td>${f.compared}</td><td>${f.verdict}</td><td>${
          f.difference ?? ""
        }</td></tr>`
      )
    }</tbody></table></div><p class="small">${r.set_aside}.</p>`
    : markup`<p>No check of the whole dataset is recorded yet (<code>--record</code> records one).</p>`;
  return markup`<section id="reproduce" aria-labelledby="reproduce-h"><h2 id="reproduce-h">Reproduce this dataset</h2>
<p>Recompute the whole profile from scratch in a scratch folder, with the engine and budgets recorded in the files, and compare every file record by record (the report stays in the scratch folder; <code>--record</code> writes it here):</p>
<pre><code>${commandHtml(`deno task reproduce --profile ${d.profile}`)}</code></pre>
${last}</section>`;
}

/** The dataset card's Markdown as HTML, its headings one level down (the page's sections are h2); `link` gives a code span's href, when it names a file. */
export function cardHtml(text: string, link: (code: string) => string | null = () => null): Html {
  const marked = new Marked({
    renderer: {
      // a file named in a code span links to it from the page (the card itself keeps code spans: it is copied to two folders)
      codespan({ text }) {
        // wrapped at its parts (a path or key wraps after a "/" or before a "~", not mid-word)
        const href = link(text);
        const inner = `<code>${breakableName(text)}</code>`;
        return href === null ? inner : `<a href="${escapeHtml(href)}">${inner}</a>`;
      },
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
  // marked's own HTML: it escapes the card's text; the card's writer escapes what Markdown would read as markup
  return raw(marked.parse(text, { async: false }) as string);
}
