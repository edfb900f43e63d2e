/**
 * The top of the landing page, the answer a reader came for: what the index
 * is in one sentence, the most and the least balanced positions of the best
 * index as back-rank diagrams (each opening its position), a search box that
 * goes to a position, and "How sure is this?" in three or four computed sentences,
 * each linking to its evidence. Every number comes from the landing data.
 *
 * @module
 */

import { fix, type Html, int, joinHtml, markup, pct } from "../core/mod.ts";
import { quantileSorted, selfplayBudgetText } from "../method/mod.ts";
import type { LandingData, LandingPosition } from "./landing_data.ts";
import { balanceExtremes } from "../analysis/mod.ts";
import type { RunningDesign } from "../report/mod.ts";
import { getProfile } from "../store/mod.ts";
import { backRank, signed } from "./page_script/table.ts";
import { glossaryText } from "./glossary.ts";
import {
  type Best,
  gamesSentence,
  leadSentence,
  methodCheckSentence,
  searchSentence,
  type SureSentence,
} from "./landing_games.ts";

/** How many positions each list shows. */
export const LIST_LENGTH = 10;

/** The dataset in readers' words: `Stockfish 17.1 at 8,000,000 nodes per position`. */
export const bestName = (b: Pick<Best, "engine" | "limit">): string => `${b.engine} at ${b.limit} per position`;

/** What the index is, in one sentence, naming the engine and budget it is measured at. */
export function whatIsSentence(b: Pick<Best, "engine" | "limit" | "n">): string {
  return `The Morozov Balance Index ranks the ${b.n} Chess960 start positions by how large White's first-move edge is, ` +
    `measured by ${bestName(b)}: 100 is the most balanced start, 0 the largest edge.`;
}

/** The listed extremes of the best index (see analysis' `balanceExtremes`). */
export function extremes(b: Pick<Best, "positions">, n = LIST_LENGTH): {
  balanced: LandingPosition[];
  unbalanced: LandingPosition[];
} {
  return balanceExtremes(b.positions, n);
}

/**
 * How the listed positions stood at the budget below the best index's (one
 * sentence; null without that rung): the range of their MBI there beside
 * here, so a reader sees whether the extremes hold while the ranking moves.
 */
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
 * Whether the listed positions keep their place (null without the rung below): how many of the most balanced are
 * among as many most balanced at the budget below (ties at the cut included), the same of the least; then, of those
 * the method's run has searched, how many lie on their list's side of the searched positions' median edge there
 * (the searched positions are an equal-chance sample, so their median stands for all 960's).
 */
export function placesSentence(b: Pick<Best, "positions" | "below" | "method">, n = LIST_LENGTH): SureSentence | null {
  const below = b.below;
  if (!below) return null;
  const { balanced, unbalanced } = extremes(b, n);
  if (!balanced.length || !unbalanced.length) return null;
  const there = Object.values(below.mbi).sort((x, y) => y - x);
  if (there.length < balanced.length + unbalanced.length) return null;
  const topCut = there[balanced.length - 1], bottomCut = there[there.length - unbalanced.length];
  const kept = balanced.filter((p) => below.mbi[p.sp] >= topCut).length;
  const keptLow = unbalanced.filter((p) => below.mbi[p.sp] <= bottomCut).length;
  const are = (k: number) => `${k} ${k === 1 ? "is" : "are"}`;
  let text = `Of the ${balanced.length} most balanced, ${are(kept)} among the ${balanced.length} most balanced ` +
    `at ${below.limit} per position too; of the ${unbalanced.length} least balanced, ${are(keptLow)} among the ` +
    `${unbalanced.length} least.`;
  const m = b.method;
  const edges = m
    ? Object.values(m.values).flatMap(([v]) => v === null ? [] : [Math.abs(v)]).sort((x, y) => x - y)
    : [];
  const edgeAt = (sp: number) => (m?.values[sp]?.[0] ?? null) === null ? null : Math.abs(m!.values[sp][0]!);
  const searched = [...balanced, ...unbalanced].filter((p) => edgeAt(p.sp) !== null);
  if (m && edges.length > 1 && searched.length) {
    const median = quantileSorted(edges, 0.5);
    const sided = balanced.filter((p) => (edgeAt(p.sp) ?? Infinity) <= median).length +
      unbalanced.filter((p) => (edgeAt(p.sp) ?? -Infinity) >= median).length;
    text += ` At the method's budget, ${sided} of the ${searched.length} listed positions searched so far lie on ` +
      `their list's side of the median edge of the ${edges.length} searched.`;
  }
  return { text, href: `${below.folder}/mbi.csv`, link: `the index at ${below.limit}` };
}

/** One position as a line of a list: SP, back rank and values, opening the position on the index's page. */
function positionItem(p: LandingPosition, page: string | null, method: Best["method"]): Html {
  const body = markup`<span class="sp">SP ${p.sp}</span> ${backRank(p.setup)}`;
  const m = method?.values[p.sp];
  return markup`<li>${page ? markup`<a href="${page}#sp=${p.sp}">${body}</a>` : body} <span class="v">MBI ${p.mbi} · ${
    signed(p.eval_cp)
  } cp</span>${m && markup` <span class="m">${m[0] === null ? "mate" : `${signed(m[0])} cp`} at 400M</span>`}</li>`;
}

/**
 * How many of the listed positions the method's run has searched so far, said once below the lists (null
 * without a snapshot): the run's count, and that it is no index yet.
 */
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
  const notes = [listsSentence(b), methodListsSentence(b)].filter((x) => x !== null);
  return markup`<div class="extremes">
<div><h2 id="balanced-h">The ${balanced.length} most balanced</h2><ol class="positions" aria-labelledby="balanced-h">${
    balanced.map((p) => positionItem(p, page, b.method))
  }</ol></div>
<div><h2 id="unbalanced-h">The ${unbalanced.length} least balanced</h2><ol class="positions" aria-labelledby="unbalanced-h">${
    unbalanced.map((p) => positionItem(p, page, b.method))
  }</ol></div>
</div>${notes.length ? markup`<p class="small">${notes.join(" ")}</p>` : ""}`;
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
 * How well the index agrees with the method's own budget: on the positions its run has searched so far (a
 * random part of the 960) when there is a snapshot, else on the self-play sample.
 */
export function sampleSentence(b: Best): SureSentence | null {
  if (b.method) {
    const p = b.method.partial;
    const a = p.agreement.all, d = p.distribution;
    return {
      text: `${int(a.n)} of the ${int(p.done.of)} positions are searched so far at the method's own ${
        p.dataset.budget.replace(/ per position$/, "")
      } (an equal-chance sample). On them this index's ranks agree at Spearman ${fix(a.rho, 3)} (95% interval ${
        fix(a.ci95[0], 3)
      } to ${fix(a.ci95[1], 3)}). Their median value is ${signed(d.median.estimate)} cp (${
        signed(d.median.ci95[0])
      } to ${signed(d.median.ci95[1])}; the method's published run: +${p.published.median.toFixed(1)}).`,
      href: "full/partial.json",
      link: "the method's run so far",
    };
  }
  for (const g of b.designs) {
    const f = g.sample?.summary?.figures;
    const row = f?.distance_to_method.find((r) => r.dataset === b.key);
    if (!f || !row || !g.sample) continue;
    const [lo, hi] = row.spearman_edges.ci95;
    return {
      text: `On ${g.sample.of} positions searched at the method's own ${g.sample.limit}, this index's ranks agree at ` +
        `Spearman ${fix(row.spearman_edges.rho, 3)} (95% interval ${fix(lo, 3)} to ${
          fix(hi, 3)
        }); a position's value differs by ${row.median_abs_delta_cp} cp between the two at the median.`,
      href: b.page ? `${b.page.href}#validation` : g.sample.file,
      link: "the sample at the method's budget",
    };
  }
  return null;
}

/** The words of "How sure is this?" in one line each, said once below it. */
export const SURE_GLOSSARY = glossaryText(["rho", "interval", "reliability"]);

/** The "How sure is this?" sentences the data supports: the budget, the listed positions, the samples, the games. */
export function sureSentences(d: LandingData): SureSentence[] {
  const b = d.best;
  if (!b) return [];
  return [
    budgetSentence(d, b),
    placesSentence(b),
    sampleSentence(b),
    methodCheckSentence(b),
    gamesSentence(b),
    searchSentence(b),
  ].filter((
    s,
  ): s is SureSentence => s !== null);
}

/** "How sure is this?": the sentences with their links, and the method's validation still being played. */
export function sureHtml(d: LandingData): Html {
  const s = sureSentences(d);
  const running = d.best?.running ?? [];
  if (!s.length && !running.length) return markup``;
  const lead = d.best ? leadSentence(d, d.best) : null;
  return markup`<h2 id="sure-h">How sure is this?</h2>
${lead && markup`<p><strong>${lead}</strong></p>`}
<p>${joinHtml(s.map((x) => markup`${x.text} <a href="${x.href}">(${x.link})</a>`), " ")}</p>${
    running.map((r) => markup`<p class="small">${runningSentence(r)}</p>`)
  }${s.length ? markup`<p class="small">${SURE_GLOSSARY}</p>` : ""}`;
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
        fix(e.range95[0], 3)
      } to ${fix(e.range95[1], 3)}) with the values at ${p.from.budget}.`
      : ""
  }`;
}

/** The design of a self-play summary in words (for tables). */
export const designWords = (
  s: { n_positions: number; selfplay: { games_per_position: number; nodes_per_move: number } },
) =>
  selfplayBudgetText({
    positions: s.n_positions,
    games: s.selfplay.games_per_position,
    nodesPerMove: s.selfplay.nodes_per_move,
  });
