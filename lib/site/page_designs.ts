/**
 * The page's section on the other self-play designs played on this index:
 * their correlations with the verdicts, the published figure checked against
 * them, what the design can resolve (reliability, ceiling, power, the games
 * and positions 80% power needs), and the method's budget on their positions
 * — its figures when the sample is complete, else how far it has got.
 *
 * @module
 */

import { fix, type Html, int, joinHtml, markup } from "../core/mod.ts";
import { fingerprintValue, PROFILES, reliabilityUncertaintyText, verdictsText } from "../method/mod.ts";
import type { MethodSample } from "../report/mod.ts";
import type { SiteData } from "./data.ts";
import type { SiteDesign } from "./designs.ts";
import { pageCaption } from "./page_data.ts";
import { pageGlossary, publishedText, summaryTable, verdictsHtml } from "./page_sections.ts";
import { commandHtml, keyHtml } from "./page_script/position.ts";
import { comparisonHtml, hasComparison } from "./comparison.ts";

const iv = (c: readonly [number, number], d = 3) => `${fix(c[0], d)} .. ${fix(c[1], d)}`;

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
  return markup`<h3>Self-play: ${s.n_positions} × ${s.selfplay.games_per_position} games at ${
    int(s.selfplay.nodes_per_move)
  } nodes per move</h3>
<p><strong>rho(eval, White's score) ${fix(c.rho, 3)} [${fix(c.ci95_percentile[0], 3)}, ${
    fix(c.ci95_percentile[1], 3)
  }]: ${verdictsText(s).validation}</strong>${
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
      ? `These games are at ${
        int(s.selfplay.nodes_per_move)
      } nodes per move and the values at ${d.limit} per position; the method publishes ${publishedText()} at ${
        int(PROFILES.full.selfplay.nodesPerMove)
      } nodes per move and ${
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
  } <span class="small">${pw.assumptions}.</span></p>
</details>
<details><summary>The games and their files</summary>
<p>${s.n_positions} positions drawn from this index one per edge stratum (seed ${g.selfplay.config.seed}), ${s.selfplay.games_per_position} games each at ${
    int(s.selfplay.nodes_per_move)
  } nodes per move (the method: ${
    int(PROFILES.full.selfplay.nodesPerMove)
  }). They were played by ${e.uci_name} (<code>${e.id}</code>, fingerprint ${
    fingerprintValue(e.fingerprint)
  }, build <code>${e.sha256.slice(0, 12)}…</code>): ${fileLink(g.links.games, `${g.selfplayFolder}/games.jsonl`)} (${
    fileLink(g.links.pgn, "games.pgn")
  }), per position in ${fileLink(g.links.selfplay, "selfplay.json")}, summarised in ${
    fileLink(g.links.summary, g.summaryFile)
  } (code <code>${s.code.commit.slice(0, 12)}</code>${s.code.dirty ? " with uncommitted changes" : ""}).${
    nbs.length ? markup` Notebooks: ${joinHtml(nbs, ", ")}.` : ""
  } Results key: <code>${keyHtml(g.profile)}</code>.</p>
</details>
${sampleHtml(d, g)}`;
}

function sampleHtml(d: SiteData, g: SiteDesign): Html {
  const m = g.sample;
  if (!m) return markup`<p>The method's budget has not been run on these ${g.summary.n_positions} positions.</p>`;
  const head = markup`<h4>The method's budget on these positions</h4>
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
  return markup`${head}${checks}${sampleValidation(d, f)}${sampleFacts(f)}${sampleDistance(f)}<p class="small">From ${
    fileLink(g.links.sampleFigures, m.summary.file)
  } (${int(f.resamples)} bootstrap resamples, seed ${f.seed}).</p>`;
}

/** A file's name as a link where the page can reach it, else as code. */
function fileLink(href: string | null, text: string): Html {
  return href ? markup`<a href="${href}"><code>${text}</code></a>` : markup`<code>${text}</code>`;
}

function sampleValidation(d: SiteData, f: MethodSample): Html {
  return markup`<div class="scroll"><table><caption>The ${f.selfplay.positions} × ${f.selfplay.games} games at ${
    int(f.selfplay.nodes_per_move)
  } nodes per move against this index's values and the method's budget's (${d.engine.uci_name}; rho, 95% intervals)</caption>
<thead><tr><th scope="col">values</th><th scope="col">rho(eval, score)</th><th scope="col">rho(MBI, score)</th><th scope="col">rho(MBI, |score − 0.5|)</th><th scope="col">verdicts</th></tr></thead>
<tbody>${
    f.validation.map((v) =>
      markup`<tr><th scope="row">${v.budget}<br><span class="small">${v.mbi_ranked}</span></th><td>${
        fix(v.eval_vs_score.rho, 3)
      } [${iv(v.eval_vs_score.ci95_percentile)}]</td><td>${fix(v.mbi_vs_score.rho, 3)} [${
        iv(v.mbi_vs_score.ci95_percentile)
      }]</td><td>${fix(v.mbi_vs_imbalance.rho, 3)} [${iv(v.mbi_vs_imbalance.ci95_percentile)}]</td><td>${
        verdictsText(v).validation
      }; claim ${verdictsText(v).claim}</td></tr>`
    )
  }</tbody></table></div>
${
    // the index's own values are checked against the published figure in the design's section above: only the sample's here
    f.validation.filter((v) => v.values_from === f.sample.path).map((v) =>
      markup`<p>With the values at ${v.budget}: ${v.published_check.sentence}</p>`
    )}`;
}

function sampleFacts(f: MethodSample): Html {
  const p = f.published_facts;
  const rows = f.facts.map((x) => {
    const o = x.on_sample;
    const name = x.dataset === "sample"
      ? "the method's budget"
      : x.dataset === f.drawn_from.dataset
      ? "this index"
      : "";
    return markup`<tr><th scope="row">${x.budget}${name && markup`<br><span class="small">${name}</span>`}</th><td>${
      fix(o.median.estimate, 1)
    } [${iv(o.median.ci95, 1)}]</td><td>${o.min} .. ${o.max}</td><td>${o.below_zero.count} of ${o.n} (${
      iv(o.below_zero.ci95.map((v) => 100 * v) as [number, number], 1)
    }%)</td><td>${
      x.all_positions
        ? `${
          fix(x.all_positions.median, 1)
        }; ${x.all_positions.min} .. ${x.all_positions.max}; ${x.all_positions.below_zero} of ${x.all_positions.n}`
        : "– (a sample)"
    }</td></tr>`;
  });
  return markup`<div class="scroll"><table><caption>The method's published facts, estimated from the ${f.sample.positions.length} sample positions at each budget (cp, 95% intervals)</caption>
<thead><tr><th scope="col">budget</th><th scope="col">median [95%]</th><th scope="col">range in the sample</th><th scope="col">below 0 [95%]</th><th scope="col">over all its positions: median; range; below 0</th></tr></thead>
<tbody><tr class="this"><th scope="row">the method, published</th><td>–</td><td>–</td><td>–</td><td>${
    fix(p.median, 1)
  }; ${p.min} .. ${p.max}; ${p.negatives} of ${p.count}</td></tr>${rows}</tbody></table></div>
<p class="small">${sampleDrawText(f)}</p>`;
}

/**
 * How the sample's positions were drawn, and what that means for its
 * intervals: one at random from each of P strata of the index's positions
 * ordered by edge, so together they stand for all of them; the bootstrap
 * resamples them as a simple random sample, ignoring the strata.
 */
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
      }</th><td>${fix(r.spearman_edges.rho, 3)} [${iv(r.spearman_edges.ci95)}]</td><td>${
        fix(r.spearman_eval, 3)
      }</td><td>${r.median_abs_delta_cp}</td><td>${r.max_abs_delta_cp}</td><td>${fix(r.mean_delta_cp, 1)}</td><td>${
        fix(r.eval_vs_score.rho, 3)
      } [${iv(r.eval_vs_score.ci95)}]</td></tr>`
    )
  }<tr class="this"><th scope="row">the method's budget<br><span class="small">${f.sample.budget}</span></th><td>–</td><td>–</td><td>–</td><td>–</td><td>–</td><td>${
    fix(method.rho, 3)
  } [${iv(method.ci95_percentile)}]</td></tr></tbody></table></div>${
    f.facts.every((x) => x.on_sample.below_zero.count === 0) &&
    markup`<p class="small">No value of the ${f.sample.positions.length} positions is below 0, at the method's budget or at any rung: there the edges are the values, and the two Spearman columns are one figure.</p>`
  }`;
}
