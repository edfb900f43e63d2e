/**
 * The longer sections of a dataset page: the distribution beside the method's, the self-play correlations with their
 * verdicts, the other self-play designs played on the index (what each can resolve, the method's budget on their
 * positions), the reproduction record, and the dataset card's Markdown as HTML.
 *
 * @module
 */

import { Marked } from "marked";
import { breakableName, escapeHtml, fix, type Html, int, iv, joinHtml, markup, num, pctIv, raw } from "../core/mod.ts";
import {
  type Correlation,
  METHOD_DISTRIBUTION,
  PUBLISHED,
  publishedNegativesText,
  type Summary,
} from "../analysis/mod.ts";
import {
  datasetLabel,
  fingerprintValue,
  PROFILES,
  reliabilityUncertaintyText,
  rhoDefined,
  rhoText,
  verdictsText,
} from "../method/mod.ts";
import { checkAgainstPublished, type MethodSample } from "../report/mod.ts";
import type { SiteData } from "./data.ts";
import type { SiteDesign } from "./designs.ts";
import { commandHtml } from "./page_script/position.ts";
import { glossaryText } from "./glossary.ts";
import { comparisonHtml, hasComparison } from "./card_designs.ts";

/** What every figure and table of the page says about itself: profile, engine, budget. */
export const pageCaption = (d: { engine: { uci_name: string }; limit: string }): string =>
  datasetLabel(d.engine.uci_name, d.limit);

/** The distribution of the values beside the method's published one (nothing without stage 2). */
export function distributionTable(d: SiteData): Html | null {
  const e = d.distribution?.eval;
  if (!e) return null;
  const m = METHOD_DISTRIBUTION;
  const neg = d.distribution!.negatives;
  return markup`<table><caption>Engine values: ${
    pageCaption(d)
  }; n = ${e.count} (<a href="files/distribution.json">distribution.json</a>)</caption>
<thead><tr><th scope="col"></th><th scope="col">this dataset (${d.limit})</th><th scope="col">the method, published (${m.budget})</th></tr></thead>
<tbody>
<tr><th scope="row">positions</th><td>${e.count}</td><td>${m.count}</td></tr>
<tr><th scope="row">median</th><td>${fix(e.median, 1)} cp</td><td>${fix(m.median, 1)} cp</td></tr>
<tr><th scope="row">range</th><td>${num(e.min)} .. ${num(e.max)} cp</td><td>${num(m.min)} .. ${num(m.max)} cp</td></tr>
<tr><th scope="row">quartiles</th><td>${fix(e.quartiles[0], 1)} .. ${fix(e.quartiles[1], 1)} cp</td><td>–</td></tr>
<tr><th scope="row">below 0 (Black's side)</th><td>${neg.count}${
    neg.count ? ` (${neg.values.slice(0, 4).map((v) => `SP ${v.sp}: ${num(v.eval_cp)}`).join(", ")})` : ""
  }</td><td>${publishedNegativesText(m)}</td></tr>
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

/** A file's name as a link where the page can reach it, else as code. */
export const fileLink = (href: string | null, text: string): Html =>
  href ? markup`<a href="${href}"><code>${text}</code></a>` : markup`<code>${text}</code>`;

/** The published figure in words. */
export const publishedText = () => `rho(eval, score) = ${PUBLISHED.rho_eval_score} ${iv(PUBLISHED.ci95, 2)}`;

/** A stage-5 summary's three correlations, both intervals each; `caption` says whose values and budgets. */
export function summaryTable(caption: string, s: Summary): Html {
  const row = (c: Correlation) =>
    rhoDefined(c)
      ? markup`<tr><th scope="row">${c.label}</th><td>${fix(c.rho, 3)}</td><td>${iv(c.ci95_percentile)}</td><td>${
        c.ci95_bca ? iv(c.ci95_bca) : "–"
      }</td></tr>`
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

/** A rho and its interval in a cell: `0.412 [0.301 .. 0.52]`. */
const rhoCell = (rho: number, ci: readonly [number, number]) => markup`<td>${fix(rho, 3)} ${iv(ci)}</td>`;

/** The section (nothing when no other design has been summarised or is being played): the designs side by side, then each. */
export function designsSection(d: SiteData): Html | null {
  if (!hasComparison(d)) return null;
  return markup`<section id="validation" aria-labelledby="validation-h">
<h2 id="validation-h">Validation by self-play on this index</h2>
${d.summary ? "" : pageGlossary()}
${comparisonHtml(d)}
${d.designs.map((g, k) => designHtml(d, g, k))}
</section>`;
}

function designHtml(d: SiteData, g: SiteDesign, k: number): Html {
  const s = g.summary;
  const pw = s.power;
  const rel = s.reliability;
  const need = pw.games_needed;
  const e = g.selfplay.engine;
  const nbs = g.links.notebooks.map((n) => fileLink(n.href, n.name));
  const c = s.eval_vs_score;
  const canTest = pw.this_design.power >= pw.required_power;
  const nodes = int(s.selfplay.nodes_per_move), methodNodes = int(PROFILES.full.selfplay.nodesPerMove);
  return markup`<h3>Self-play: ${s.n_positions} × ${s.selfplay.games_per_position} games at ${nodes} nodes per move</h3>
<p><strong>rho(eval, White's score) ${fix(c.rho, 3)} ${iv(c.ci95_percentile)}: ${verdictsText(s).validation}</strong>${
    canTest
      ? ""
      : ` — too few games to test the published ${pw.assumed_rho} (power ${fix(pw.this_design.power)}; 0.8 needed)`
  }.</p>
${summaryTable(`Self-play, ${pageCaption(d)}`, s)}
${g.prediction && markup`<p>Predicted before the first game: ${g.prediction.sentence}</p>`}
<details><summary>What these games can and cannot show</summary>
${verdictsHtml(s, `verdict-${k}`)}</p>
<p>${
    s.banner // this design's budgets (the page's banner also names the others)
      ? `These games are at ${nodes} nodes per move and the values at ${d.limit} per position. The method publishes ${publishedText()} at ${methodNodes} nodes per move and ${
        int(PROFILES.full.evalNodes)
      } nodes per position, so these figures cannot confirm or refute it. What this design could show of it: `
      : ""
  }${g.published.sentence}</p>
<p>What the design can resolve, from its games: reliability of a position's score ${fix(rel.reliability, 3)}${
    rel.between_estimable ? "" : " (the between-position variance is not estimable from these games)"
  }, so no correlation with the scores can exceed √R = ${
    fix(rel.ceiling, 3)
  }; a true ${pw.assumed_rho} would be observed as about ${
    fix(pw.this_design.expected_rho, 3)
  }, and the interval would exclude 0 with probability ${fix(pw.this_design.power)}. For ${
    Math.round(100 * pw.required_power)
  }% power: ${
    need.at_this_positions === null
      ? "not reachable with more games at these positions"
      : `${int(need.at_this_positions)} games per position at these ${s.n_positions} positions`
  }, or ${
    pw.positions_needed === null
      ? "not reachable with all 960 positions"
      : `${int(pw.positions_needed)} positions at ${s.selfplay.games_per_position} games`
  }.${
    s.reliability_uncertainty
      ? ` ${
        reliabilityUncertaintyText(s.reliability_uncertainty, pw.required_power, pw.variances.source === "measured")
      }`
      : ""
  } <span class="small">Assumptions: ${pw.assumptions}.</span></p>
</details>
<details><summary>The games and their files</summary>
<p>${s.n_positions} positions drawn from this index one per edge stratum (seed ${g.selfplay.config.seed}), ${s.selfplay.games_per_position} games each at ${nodes} nodes per move (${
    nodes === methodNodes ? "the method's" : `the method: ${methodNodes}`
  }). They were played by ${e.uci_name} (<code>${e.id}</code>, fingerprint ${
    fingerprintValue(e.fingerprint)
  }, build <code>${e.sha256.slice(0, 12)}…</code>): ${fileLink(g.links.games, `${g.selfplayFolder}/games.jsonl`)} (${
    fileLink(g.links.pgn, "games.pgn")
  }), per position in ${fileLink(g.links.selfplay, "selfplay.json")}, summarised in ${
    fileLink(g.links.summary, g.summaryFile)
  } (code <code>${s.code.commit.slice(0, 12)}</code>${s.code.dirty ? " with uncommitted changes" : ""}).${
    nbs.length ? markup` Notebooks: ${joinHtml(nbs, ", ")}.` : ""
  } Results key: <code>${breakableName(g.profile)}</code>.</p>
</details>
${sampleHtml(d, g, k)}`;
}

/**
 * The method's budget on a design's positions. A sample an earlier design already showed (the same positions and
 * values) is referred to, not printed again: only what these games add (their rho with each budget's values).
 */
function sampleHtml(d: SiteData, g: SiteDesign, k: number): Html {
  const m = g.sample;
  if (!m) return markup`<p>The method's budget has not been run on these ${g.summary.n_positions} positions.</p>`;
  const at = d.designs.findIndex((x) => x.sample?.file === m.file);
  const shownIn = at < k ? d.designs[at] : undefined;
  if (shownIn && m.summary) {
    const f = m.summary.figures;
    const s = shownIn.summary;
    return markup`<h4>The method's budget on these positions</h4>
<p>The same ${m.of} positions and values at ${m.limit} per position as for the ${
      int(s.n_positions)
    } × ${s.selfplay.games_per_position} games at ${
      int(s.selfplay.nodes_per_move)
    } nodes per move above (<a href="#method-sample-${at}">the sample, its checks and its facts</a>); these games against them:</p>
${sampleValidation(d, f)}${sampleDistance(f)}${sampleSource(g, m.summary)}`;
  }
  const head = markup`<h4 id="method-sample-${k}">The method's budget on these positions</h4>
<p>Stage 1 at ${m.limit} per position for the ${m.of} positions (${m.engine.uci_name}, fingerprint ${
    fingerprintValue(m.engine.fingerprint)
  }, build <code>${m.engine.sha256.slice(0, 12)}…</code>): ${
    fileLink(g.links.sample, m.file)
  } — a sample of its own, never an index over 960 positions and never mixed with another budget.</p>`;
  const checks = m.verified.length
    ? markup`<p>Recomputed from scratch (${fileLink(g.links.sampleVerified, "verify-reproduce.json")} beside it): ${
      joinHtml(
        m.verified.map((c) =>
          markup`SP ${c.sp} with ${c.engine.uci_name} (build <code>${
            c.engine.sha256.slice(0, 12)
          }…</code>) on ${c.machine.cpu}, ${c.date.slice(0, 10)}: <strong>${
            c.match ? "identical" : `different (${c.differences.join("; ")})`
          }</strong>`
        ),
        "; ",
      )
    }.</p>`
    : markup`<p>No position of it has been recomputed yet (<code>deno task verify-reproduce --dataset ${m.file} --sp N --record</code>).</p>`;
  if (!m.summary) {
    return markup`${head}${checks}<p><strong>${m.evaluated} of ${m.of} positions evaluated</strong>${
      m.evaluated < m.of ? " (run in progress)" : ""
    }; the figures follow when the sample is complete${
      m.next ? markup`: <code>${commandHtml(m.next)}</code>` : ""
    }. Each position's own view shows its value so far.</p>`;
  }
  const f = m.summary.figures;
  return markup`${head}${checks}${sampleValidation(d, f)}${sampleFacts(f)}${sampleDistance(f)}${
    sampleSource(g, m.summary)
  }`;
}

/** The file a sample's figures come from, with their resamples and seed. */
function sampleSource(g: SiteDesign, summary: NonNullable<NonNullable<SiteDesign["sample"]>["summary"]>): Html {
  const f = summary.figures;
  return markup`<p class="small">From ${fileLink(g.links.sampleFigures, summary.file)} (${
    int(f.resamples)
  } bootstrap resamples, seed ${f.seed}).</p>`;
}

function sampleValidation(d: SiteData, f: MethodSample): Html {
  return markup`<div class="scroll"><table><caption>The ${f.selfplay.positions} × ${f.selfplay.games} games at ${
    int(f.selfplay.nodes_per_move)
  } nodes per move against this index's values and the method's budget's (${d.engine.uci_name}; rho, 95% intervals)</caption>
<thead><tr><th scope="col">values</th><th scope="col">rho(eval, score)</th><th scope="col">rho(MBI, score)</th><th scope="col">rho(MBI, |score − 0.5|)</th><th scope="col">verdicts</th></tr></thead>
<tbody>${
    f.validation.map((v) =>
      markup`<tr><th scope="row">${v.budget}<br><span class="small">${v.mbi_ranked}</span></th>${
        [v.eval_vs_score, v.mbi_vs_score, v.mbi_vs_imbalance].map((c) => rhoCell(c.rho, c.ci95_percentile))
      }<td>${verdictsText(v).validation}; claim ${verdictsText(v).claim}</td></tr>`
    )
  }</tbody></table></div>
${
    // the index's own values are checked against the published figure in the design's section above: only the sample's
    // here, its sentence written now from the file's figures (as the file's own, in today's number format)
    f.validation.filter((v) => v.values_from === f.sample.path).map((v) =>
      // the same games as the design's section above, which already reads 0.76 against their ceiling
      markup`<p>With the values at ${v.budget}: ${
        checkAgainstPublished(v.eval_vs_score, f.reliability, { ceilingReading: false }).sentence
      }</p>`
    )}`;
}

function sampleFacts(f: MethodSample): Html {
  const p = f.published_facts;
  const rows = f.facts.map((x) => {
    const o = x.on_sample;
    const index = x.dataset === f.drawn_from.dataset ? "this index" : "";
    const name = x.dataset === "sample" ? "the method's budget" : index;
    return markup`<tr><th scope="row">${x.budget}${name && markup`<br><span class="small">${name}</span>`}</th><td>${
      fix(o.median.estimate, 1)
    } ${iv(o.median.ci95, 1)}</td><td>${num(o.min)} .. ${num(o.max)}</td><td>${o.below_zero.count} of ${o.n} ${
      pctIv(o.below_zero.ci95)
    }</td><td>${
      x.all_positions
        ? `${fix(x.all_positions.median, 1)}; ${num(x.all_positions.min)} .. ${
          num(x.all_positions.max)
        }; ${x.all_positions.below_zero} of ${x.all_positions.n}`
        : "– (a sample)"
    }</td></tr>`;
  });
  return markup`<div class="scroll"><table><caption>The method's published facts, estimated from the ${f.sample.positions.length} sample positions at each budget (cp, 95% intervals)</caption>
<thead><tr><th scope="col">budget</th><th scope="col">median [95%]</th><th scope="col">range in the sample</th><th scope="col">below 0 [95%]</th><th scope="col">over all its positions: median; range; below 0</th></tr></thead>
<tbody><tr class="this"><th scope="row">the method, published</th><td>–</td><td>–</td><td>–</td><td>${
    fix(p.median, 1)
  }; ${num(p.min)} .. ${num(p.max)}; ${p.negatives} of ${p.count}</td></tr>${rows}</tbody></table></div>
<p class="small">${sampleDrawText(f)}</p>`;
}

/** How the sample's positions were drawn (one from each stratum by edge), and what that means for its intervals. */
function sampleDrawText(f: MethodSample): string {
  const n = f.sample.positions.length;
  const all = f.facts.find((x) => x.dataset === f.drawn_from.dataset)?.all_positions?.n;
  const per = all ? ` of about ${Math.round(all / n)}` : "";
  return `The ${n} positions are one drawn at random from each of ${n} strata${per} positions of this index${
    all ? ` (all ${int(all)} positions, ordered by its edge)` : " (its positions ordered by edge)"
  }. Together they stand for every position, each stratum by one. The intervals resample the ${n} as a simple random sample and so ignore the strata; as the strata follow an edge the values track, a stratified estimate's intervals would likely be narrower.`;
}

function sampleDistance(f: MethodSample): Html {
  const method = f.validation[f.validation.length - 1].eval_vs_score;
  return markup`<div class="scroll"><table><caption>Each budget against the method's on the ${f.sample.positions.length} positions, and against White's score in the ${
    int(f.selfplay.n_games)
  } games (${f.sample.engine}; 95% intervals)</caption>
<thead><tr><th scope="col">rung</th><th scope="col">Spearman of edges [95%]</th><th scope="col">Spearman of values</th><th scope="col">median |Δ| cp</th><th scope="col">largest |Δ| cp</th><th scope="col">mean Δ cp (rung − method)</th><th scope="col">rho(eval, score) [95%]</th></tr></thead>
<tbody>${
    f.distance_to_method.map((r) =>
      markup`<tr><th scope="row">${int(r.nodes)} nodes per position${
        r.dataset === f.drawn_from.dataset && markup`<br><span class="small">this index</span>`
      }</th>${rhoCell(r.spearman_edges.rho, r.spearman_edges.ci95)}<td>${
        fix(r.spearman_eval, 3)
      }</td><td>${r.median_abs_delta_cp}</td><td>${r.max_abs_delta_cp}</td><td>${fix(r.mean_delta_cp, 1)}</td>${
        rhoCell(r.eval_vs_score.rho, r.eval_vs_score.ci95)
      }</tr>`
    )
  }<tr class="this"><th scope="row">the method's budget<br><span class="small">${f.sample.budget}</span></th><td>–</td><td>–</td><td>–</td><td>–</td><td>–</td>${
    rhoCell(method.rho, method.ci95_percentile)
  }</tr></tbody></table></div>${
    f.facts.every((x) => x.on_sample.below_zero.count === 0) &&
    markup`<p class="small">No value of the ${f.sample.positions.length} positions is below 0, at the method's budget or at any rung: there the edges are the values, and the two Spearman columns are one figure.</p>`
  }`;
}
