/**
 * The top of the landing page, the answer a reader came for: the most and the least balanced positions, a search box,
 * "How sure is this?" in computed sentences linking to their evidence, and the draw of a balanced start.
 *
 * @module
 */

import { fix, type Html, int, iv, jsonInScript, markup, pct, scriptText, signed } from "../core/mod.ts";
import { datasetLabel, datasetPhrase, fingerprintValue, quantileSorted, rhoDefined } from "../method/mod.ts";
import type { LandingData, LandingPosition } from "./landing_data.ts";
import { balanceExtremes } from "../analysis/mod.ts";
import type { MethodPartial, RunningDesign } from "../report/mod.ts";
import { getProfile, PEER } from "../store/mod.ts";
import { backRank } from "./page_script/table.ts";
import { glossaryText } from "./glossary.ts";
import type { DrawData } from "./draw_script/view.ts";
import {
  type Best,
  fromTo,
  gamesSentence,
  leadSentence,
  methodCheckSentence,
  searchSentence,
  type SureSentence,
} from "./landing_games.ts";

/** How many positions each list shows. */
export const LIST_LENGTH = 10;

/** The best index inside a sentence: `Stockfish 17.1 at 8,000,000 nodes per position`. */
export const bestName = (b: Pick<Best, "engine" | "limit">): string => datasetPhrase(b.engine, b.limit);

/** What the index is, in one sentence, naming the engine and budget it is measured at. */
export const whatIsSentence = (b: Pick<Best, "engine" | "limit" | "n">): string =>
  `The Morozov Balance Index ranks the ${b.n} Chess960 start positions by how large White's first-move edge is, ` +
  `measured by ${bestName(b)}: 100 is the most balanced start, 0 the largest edge.`;

/** The listed extremes of the best index (see analysis' `balanceExtremes`). */
export const extremes = (b: Pick<Best, "positions">, n = LIST_LENGTH) => balanceExtremes(b.positions, n);

/**
 * How the lists are cut, and how many unlisted positions share a list's boundary MBI (MBI is a rounded rank, so the
 * cut by edge runs through a group of equal MBI); null when no list is cut inside such a group.
 */
export function listTiesSentence(b: Pick<Best, "positions">, n = LIST_LENGTH): string | null {
  const { balanced, unbalanced } = extremes(b, n);
  if (!balanced.length || !unbalanced.length) return null;
  const listed = new Set([...balanced, ...unbalanced].map((p) => p.sp));
  const lowest = Math.min(...balanced.map((p) => p.mbi)), highest = Math.max(...unbalanced.map((p) => p.mbi));
  const rest = b.positions.filter((p) => !listed.has(p.sp));
  const top = rest.filter((p) => p.mbi >= lowest), bottom = rest.filter((p) => p.mbi <= highest);
  if (!top.length && !bottom.length) return null;
  const edges = (ps: LandingPosition[]) => {
    const lo = Math.min(...ps.map((p) => p.edge_cp)), hi = Math.max(...ps.map((p) => p.edge_cp));
    return lo === hi ? `${lo} cp` : `${lo}–${hi} cp`;
  };
  const more = (k: number) => `${k} more position${k === 1 ? "" : "s"}`, have = (k: number) => k === 1 ? "has" : "have";
  const first = top.length
    ? `${more(top.length)} (${edges(top)}) ${have(top.length)} the first list's lowest MBI (${lowest})`
    : "";
  const second = !bottom.length
    ? ""
    : first
    ? `, and ${bottom.length} more (${edges(bottom)}) the second list's highest (${highest})`
    : `${more(bottom.length)} (${edges(bottom)}) ${have(bottom.length)} the second list's highest MBI (${highest})`;
  return `The lists take the ${n} smallest and the ${n} largest edges, with any position tied at the last. MBI is ` +
    `a rounded rank: ${first}${second}.`;
}

/** The range of the listed positions' MBI at the budget below beside here: do the extremes hold? (null: no such rung) */
export function listsSentence(b: Pick<Best, "positions" | "below">, n = LIST_LENGTH): string | null {
  if (!b.below) return null;
  const { balanced, unbalanced } = extremes(b, n);
  if (!balanced.length || !unbalanced.length) return null;
  const at = (ps: LandingPosition[]) => ps.map((p) => b.below!.mbi[p.sp]).filter((x) => typeof x === "number");
  const top = at(balanced), bottom = at(unbalanced);
  if (top.length < balanced.length || bottom.length < unbalanced.length) return null;
  const span = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)}`;
  return `At ${b.below.limit} per position these most balanced had MBI ${span(top)}, the least balanced ${
    span(bottom)
  } (this index: ${span(balanced.map((p) => p.mbi))} and ${span(unbalanced.map((p) => p.mbi))}).`;
}

/**
 * Whether the listed positions keep their place at the budget below: how many are among its own lists, drawn the same
 * way (as many most and least balanced by edge, ties at the cut included, so a list there may be longer).
 */
export function placesSentence(b: Pick<Best, "positions" | "below" | "method">, n = LIST_LENGTH): SureSentence | null {
  const below = b.below;
  if (!below) return null;
  const { balanced, unbalanced } = extremes(b, n);
  if (!balanced.length || !unbalanced.length) return null;
  const byEdge = Object.entries(below.edge).map(([sp, edge_cp]) => ({ sp: Number(sp), edge_cp }))
    .sort((x, y) => x.edge_cp - y.edge_cp || x.sp - y.sp);
  if (byEdge.length < balanced.length + unbalanced.length) return null;
  const there = balanceExtremes(byEdge, n);
  const inList = (list: { sp: number }[]) => (p: { sp: number }) => list.some((q) => q.sp === p.sp);
  const kept = balanced.filter(inList(there.balanced)).length;
  const keptLow = unbalanced.filter(inList(there.unbalanced)).length;
  const are = (k: number) => `${k} ${k === 1 ? "is" : "are"}`;
  // the lead follows the count: most of the list on the same list below, or not
  const lead = 2 * kept > balanced.length
    ? "The top of the list mostly holds with less search"
    : "Which start is the very most balanced is not settled";
  const ties = (k: number, list: unknown[]) => list.length > k ? ` (${list.length} there with ties)` : "";
  // two sentences: one sentence of both lists runs past 40 words
  const text = `${lead}: of these ${balanced.length} most balanced, ${are(kept)} on the same list at ${below.limit} ` +
    `per position too${ties(n, there.balanced)}. Of the ${unbalanced.length} least balanced, ${are(keptLow)} on ` +
    `that budget's least balanced list${ties(n, there.unbalanced)}.`;
  return { text, href: `${below.folder}/mbi.csv`, link: `the index at ${below.limit}` };
}

/**
 * How many of the listed positions the method's run has searched lie on their list's side of the searched positions'
 * median edge (an equal-chance sample: their median stands for all 960's); null when none is searched.
 */
export function methodSidesText(b: Pick<Best, "positions" | "method">, n = LIST_LENGTH): string | null {
  const m = b.method;
  if (!m) return null;
  const { balanced, unbalanced } = extremes(b, n);
  const edges = Object.values(m.values).flatMap(([v]) => v === null ? [] : [Math.abs(v)]).sort((x, y) => x - y);
  const edgeAt = (sp: number) => (m.values[sp]?.[0] ?? null) === null ? null : Math.abs(m.values[sp][0]!);
  const searched = [...balanced, ...unbalanced].filter((p) => edgeAt(p.sp) !== null);
  if (edges.length < 2 || !searched.length) return null;
  const median = quantileSorted(edges, 0.5);
  const sided = balanced.filter((p) => (edgeAt(p.sp) ?? Infinity) <= median).length +
    unbalanced.filter((p) => (edgeAt(p.sp) ?? -Infinity) >= median).length;
  const ofMedian = `the median edge of the ${edges.length} searched (most balanced below it, least balanced above)`;
  return searched.length === 1
    ? `The one listed position searched so far ${sided ? "lies" : "does not lie"} on its list's side of ${ofMedian}.`
    : `Of the ${searched.length} listed positions searched so far, ${sided} lie on their list's side of ${ofMedian}.`;
}

/** One position as a line of a list: SP, back rank and values, opening the position on the index's page. */
function positionItem(p: LandingPosition, page: string | null, method: Best["method"]): Html {
  const body = markup`<span class="sp">SP ${p.sp}</span> ${backRank(p.setup)}`;
  const m = method?.values[p.sp];
  return markup`<li>${page ? markup`<a href="${page}#sp=${p.sp}">${body}</a>` : body} <span class="v">MBI ${p.mbi} · ${
    signed(p.eval_cp)
  } cp</span>${m && markup` <span class="m">${m[0] === null ? "mate" : `${signed(m[0])} cp`} at 400M</span>`}</li>`;
}

/** How many of the listed positions the method's run has searched so far, and that it is no index yet. */
export function methodListsSentence(b: Pick<Best, "positions" | "method">, n = LIST_LENGTH): string | null {
  const m = b.method;
  if (!m) return null;
  const { balanced, unbalanced } = extremes(b, n);
  const done = (ps: LandingPosition[]) => ps.filter((p) => p.sp in m.values).length;
  return `"At 400M" is the method's own budget, ${int(m.partial.done.used.length)} of ${
    int(m.partial.done.of)
  } positions searched so far (${done(balanced)} of the ${balanced.length} most balanced, ${
    done(unbalanced)
  } of the ${unbalanced.length} least): no index at that budget until all are.`;
}

/** The two lists side by side (one above the other on a phone). */
export function extremesHtml(b: Best): Html {
  const { balanced, unbalanced } = extremes(b);
  const page = b.page?.href ?? null;
  const notes = [listTiesSentence(b), listsSentence(b), methodListsSentence(b), glossaryText(["sp", "cp", "nodes"])]
    .filter((x) => x !== null);
  // whose values the lists are, and the file that holds them all
  const source = markup`Both lists: ${datasetLabel(b.engine, b.limit)}, n = ${
    int(b.n)
  } positions (every value: <a href="${b.key}/mbi.csv">mbi.csv</a>).`;
  return markup`<div class="extremes">
<div><h2 id="balanced-h">The ${balanced.length} most balanced</h2><ol class="positions" aria-labelledby="balanced-h">${
    balanced.map((p) => positionItem(p, page, b.method))
  }</ol></div>
<div><h2 id="unbalanced-h">The ${unbalanced.length} least balanced</h2><ol class="positions" aria-labelledby="unbalanced-h">${
    unbalanced.map((p) => positionItem(p, page, b.method))
  }</ol></div>
</div><p class="small">${source} ${notes.join(" ")}</p>`;
}

/** The search box: a plain form that opens the index's page with `?q=` (the page opens a single match). */
export function searchHtml(b: Best): Html {
  if (!b.page) return markup``;
  return markup`<form class="find" role="search" action="${b.page.href}" method="get">
<label for="q">Find a position: SP number, back rank (RNBQKBNR) or FEN</label>
<span class="row"><input id="q" name="q" type="search" autocomplete="off" spellcheck="false" placeholder="518, RNBQKBNR or a FEN" required><button type="submit">Show</button></span>
</form>`;
}

/** How far the index still moves with budget: the step into the best index on the ladder. */
export function budgetSentence(
  d: Pick<LandingData, "ladderRows">,
  b: Pick<Best, "key" | "limit">,
): SureSentence | null {
  const step = d.ladderRows.find((r) => r.next?.folder === b.key);
  if (!step?.next) return null;
  return {
    text: `Budget still matters: from ${int(step.nodes)} to ${b.limit} per position the ranks agree at Spearman ${
      fix(step.next.spearman, 2)
    }, and ${pct(step.next.share_over_10)} of positions move by more than 10 points.`,
    href: "#ladder-h",
    link: "the ladder of budgets",
  };
}

/**
 * How the index's values sit against the method's on the same positions, in one sentence (null for a snapshot that
 * did not record it): `This index reads 166 of them higher and 40 lower, by a median +7 cp [+6, +8]: values at the
 * method's budget run lower.`
 */
export function differenceText(p: Pick<MethodPartial, "difference">): string | null {
  const d = p.difference;
  if (!d) return null;
  const [lo, hi] = d.median.ci95;
  const side = lo > 0
    ? ": values at the method's budget run lower"
    : hi < 0
    ? ": values at the method's budget run higher"
    : "";
  return `This index reads ${int(d.higher)} of them higher and ${int(d.lower)} lower, by a median ${
    signed(d.median.estimate)
  } cp [${signed(lo)}, ${signed(hi)}]${side}.`;
}

/** How well the index agrees with the method's own budget: on its run's positions so far, else on the sample. */
export function sampleSentence(b: Best): SureSentence | null {
  if (b.method) {
    const p = b.method.partial;
    const a = p.agreement.all, d = p.distribution;
    const sides = methodSidesText(b);
    const diff = differenceText(p);
    // the peer agrees more than the index on these positions: said, with why it is never the index
    const peer = p.agreement.peer && rhoDefined(p.agreement.peer)
      ? ` The public eval960 table (${PEER.engine} at depth 32) agrees more, at ${fix(p.agreement.peer.rho, 3)} ${
        iv(p.agreement.peer.ci95)
      }; its budget is a search depth, different for each position, so it is compared with, never taken as, ` +
        "the index."
      : "";
    return {
      text:
        `${int(a.n)} of the ${int(p.done.of)} positions are searched so far at the method's own ${
          p.dataset.budget.replace(/ per position$/, "")
        } (an equal-chance sample).${sides ? ` ${sides}` : ""} On all ${int(a.n)}, this index's ranks agree with ` +
        `the method's at Spearman ${fix(a.rho, 3)} ${iv(a.ci95)}.${peer} The method's values there have a median of ${
          signed(d.median.estimate)
        } cp [${signed(d.median.ci95[0])}, ${signed(d.median.ci95[1])}] (its published run: +${
          p.published.median.toFixed(1)
        }).${diff ? ` ${diff}` : ""}`,
      href: "full/partial.json",
      link: "the method's run so far",
    };
  }
  for (const g of b.designs) {
    const f = g.sample?.summary?.figures;
    const row = f?.distance_to_method.find((r) => r.dataset === b.key);
    if (!f || !row || !g.sample) continue;
    return {
      text: `On ${g.sample.of} positions searched at the method's own ${g.sample.limit}, this index's ranks agree at ` +
        `Spearman ${fix(row.spearman_edges.rho, 3)} ${iv(row.spearman_edges.ci95)}; a position's ` +
        `value differs by ${row.median_abs_delta_cp} cp between the two at the median.`,
      href: b.page ? `${b.page.href}#validation` : g.sample.file,
      link: "the sample at the method's budget",
    };
  }
  return null;
}

/** "How sure is this?": the sentences the data supports with their links, the designs being played, and its words. */
export function sureHtml(d: LandingData): Html {
  const b = d.best;
  const s = b
    ? [budgetSentence(d, b), placesSentence(b), sampleSentence(b), methodCheckSentence(b), gamesSentence(b)]
      .concat(searchSentence(b)).filter((x): x is SureSentence => x !== null)
    : [];
  const running = b?.running ?? [];
  if (!s.length && !running.length) return markup``;
  const lead = b ? leadSentence(d, b) : null;
  return markup`<h2 id="sure-h">How sure is this?</h2>
${lead && markup`<p><strong>${lead}</strong></p>`}
<ul class="sure">${s.map((x) => markup`<li>${x.text} <a href="${x.href}">(${x.link})</a></li>`)}</ul>${
    running.map((r) => markup`<p class="small">${runningSentence(r)}</p>`)
  }${s.length ? markup`<p class="small">${glossaryText(["rho", "interval", "reliability"])}</p>` : ""}`;
}

/** A design being played in one or two short sentences: how far it has got, and what was predicted before its first game. */
export function runningSentence(r: RunningDesign): string {
  const p = r.predicted;
  const e = p?.prediction.expected;
  const from = p ? int(getProfile(p.from.design).selfplay.nodesPerMove) : "";
  return `Being played: ${r.design}, ${int(r.done)} of ${
    int(r.planned)
  } games played when this page was made; no figure from them is shown until they are complete.${
    p && e
      ? ` Predicted before the first game, from the ${from}-node games: rho ${fix(e.rho, 3)} (95% range ${
        fromTo(e.range95)
      }) with the values at ${p.from.budget}.`
      : ""
  }`;
}

/** The MBI the form starts with (the CLI's default condition). */
export const FORM_MIN_MBI = 90;

/** What the page embeds for the draw: the best index in words and its positions. */
export const drawData = (b: NonNullable<LandingData["best"]>): DrawData => ({
  key: b.key,
  index: `${b.engine}, fingerprint ${fingerprintValue(b.fingerprint)}, ${b.limit} per position`,
  positions: [...b.positions].sort((x, y) => x.sp - y.sp).map((p) => [p.sp, p.setup, p.mbi, p.edge_cp]),
});

/** The draw's section (empty without a best index or a script). */
export function drawSectionHtml(b: LandingData["best"], script: string): Html {
  if (!b || !script) return markup``;
  return markup`<section aria-labelledby="draw-h"><h2 id="draw-h">Draw a balanced start</h2>
<p>For an event's round: the same seed, condition and exclusions give the same position as <code>deno task draw</code>, and anyone can re-check it by hand (<a href="../docs/draw.md">how</a>). The command also keeps the event's log, so no position is drawn twice.</p>
<form id="draw" class="find">
<label for="draw-seed">Seed: the event, the round and a value announced in advance</label>
<span class="row"><input id="draw-seed" name="seed" type="text" autocomplete="off" spellcheck="false" placeholder="Example Open 2026, round 1, 4417" required></span>
<span class="row"><span class="pair"><label for="draw-min">MBI at least</label><input id="draw-min" name="min" type="text" inputmode="numeric" value="${FORM_MIN_MBI}" size="4"></span><span class="pair"><label for="draw-edge">edge at most (cp)</label><input id="draw-edge" name="edge" type="text" inputmode="numeric" size="4"></span></span>
<label for="draw-exclude">Exclude: SP numbers or back ranks, e.g. 518, 534</label>
<span class="row"><input id="draw-exclude" name="exclude" type="text" autocomplete="off" spellcheck="false"><button type="submit">Draw</button></span>
</form>
<noscript><p>The draw needs JavaScript here; <code>deno task draw --seed TEXT</code> draws the same.</p></noscript>
<div id="draw-out" aria-live="polite"></div>
<script type="application/json" id="draw-data">${jsonInScript(drawData(b))}</script>
<script>${scriptText(script)}</script>
</section>`;
}
