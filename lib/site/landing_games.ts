/**
 * What the games say of the best index, for "How sure is this?": the method's own validation, every set of games'
 * rho(eval, score) with its noise, whether more search predicts the large game tables better, and the lead sentence.
 *
 * @module
 */

import { isMethodSelfplay, rhoDefined, rhoInterval, rhoText, strengthAdverb, strengthAdverbOf } from "../method/mod.ts";
import { outcomeWho } from "../store/mod.ts";
import type { LandingData } from "./landing_data.ts";
import { fix, int } from "../core/mod.ts";
import type { Summary } from "../analysis/mod.ts";
import { ceilingReadingText, correctedRangeText, publishedWhere } from "../report/mod.ts";

/** A sentence of "How sure is this?" (at most ~40 words), and where its figures are (`href`, with the link's words). */
export type SureSentence = { text: string; href: string; link: string };

/** The best index's part of the landing data. */
export type Best = NonNullable<LandingData["best"]>;

/** An interval in words, to 3 decimals: `0.210 to 0.639`. */
export const fromTo = (c: readonly [number, number]): string => `${fix(c[0], 3)} to ${fix(c[1], 3)}`;

/** A count of games in readers' words: 4,568,750 → "4.6 million". */
export const gamesWords = (n: number): string =>
  n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1).replace(/\.0$/, "")} million` : int(n);

/** What a self-play summary says of its design. */
export type SummaryDesign = { n_positions: number; selfplay: { games_per_position: number; nodes_per_move: number } };

/** A self-play summary's design as a budget: positions, games per position, nodes per move. */
export function summaryBudget(s: SummaryDesign): { positions: number; games: number; nodesPerMove: number } {
  const { games_per_position: games, nodes_per_move: nodesPerMove } = s.selfplay;
  return { positions: s.n_positions, games, nodesPerMove };
}

/** A design of the method's own self-play budget (60 positions × 50 games at 300,000 nodes per move). */
const isMethodDesign = (g: Best["designs"][number]): boolean => isMethodSelfplay(summaryBudget(g.summary));

/**
 * The method's own validation played here, once its games and their values at the method's budget are complete:
 * rho(those values, White's score), whether the published figure lies inside its interval, and the prediction.
 */
export function methodCheckSentence(b: Pick<Best, "designs" | "page" | "study">): SureSentence | null {
  for (const g of b.designs) {
    if (!isMethodDesign(g) || !g.sample?.summary) continue;
    const v = g.sample.summary.figures.validation.find((x) => x.values_from === g.sample!.file);
    if (!v) continue;
    const c = v.published_check;
    const games = `${int(g.summary.n_games)} games of ${g.selfplay.engine.uci_name} against itself, ${
      int(g.summary.n_positions)
    } positions at the method's ${int(g.summary.selfplay.nodes_per_move)} nodes per move`;
    const rho = rhoDefined(v.eval_vs_score)
      ? `give rho ${rhoInterval(v.eval_vs_score, v.eval_vs_score.ci95_percentile)}`
      : `give no correlation (${rhoText(v.eval_vs_score)})`;
    // the same games' rho corrected for their noise (outcome study), said as the other reading of the same check
    const corrected = b.study?.published.corrected;
    const noise = corrected?.values === v.values_from ? corrected : null;
    const noiseInside = noise ? publishedWhere(noise.corrected.ci95) === "inside" : false;
    const noiseText = noise
      ? `, ${noiseInside === c.published_inside ? "and" : "but"} ${noiseInside ? "inside" : "outside"} the one ` +
        `corrected for the games' noise (reliability ${fix(noise.reliability, 2)}): ${
          fix(noise.corrected.estimate, 2)
        } ${correctedRangeText(noise.corrected.ci95)}`
      : "";
    const other = noise ? ceilingReadingText(noise.reliability) : null;
    const published = rhoDefined(v.eval_vs_score)
      ? ` The method's published ${c.published.rho} [${c.published.ci95[0]}, ${c.published.ci95[1]}] lies ${
        c.published_inside ? "inside" : "outside"
      } that interval${noiseText}.${other ? ` ${other}` : ""}`
      : "";
    const p = g.prediction;
    const predicted = p && p.inside !== null
      ? ` Predicted before the first game: ${fix(p.expected.rho, 3)} (${fromTo(p.expected.range95)}); the result is ${
        p.inside ? "inside" : "outside"
      } that range.`
      : "";
    const own = g.summary.eval_vs_score;
    const withIndex = rhoDefined(own) ? ` (${rhoInterval(own, own.ci95_percentile)} with this index's values)` : "";
    return {
      text:
        `The method's own check, replayed: ${games}. They ${rho} between the values at ${v.budget} and White's score${withIndex}.` +
        published + predicted,
      href: b.page ? `${b.page.href}#validation` : g.sample.summary.file,
      link: "the method's check",
    };
  }
  return null;
}

/** Every self-play design's and outcome table's rho(eval, score) once, with their noise (the method's own aside). */
export function gamesSentence(b: Best): SureSentence | null {
  const parts = gamesParts(b);
  if (!parts.length) return null;
  const big = new Set(studyParts(b).map((p) => p.what));
  const cite = (ps: GamesPart[]) =>
    joinWords(ps.map((p, i) => `${p.what} give${i ? "" : " rho"} ${rhoInterval(p.c, p.c.ci95_percentile)}`)) +
    ` (reliability ${joinWords(ps.map((p) => fix(p.r, 3)))})`;
  const large = parts.filter((p) => big.has(p.what)), rest = parts.filter((p) => !big.has(p.what));
  // whether they confirm it is said once, by the lead sentence
  const text = large.length
    ? `In the largest game tables, ${cite(large)}.` + (rest.length ? ` Smaller or noisier sets: ${cite(rest)}.` : "")
    : `Against results: ${joinWords(rest.map((p) => `${p.what} give rho ${rhoInterval(p.c, p.c.ci95_percentile)}`))} ` +
      `between the value and White's score; per-position scores are noisy (reliability ${
        joinWords(rest.map((p) => fix(p.r, 2)))
      }).`;
  // the evidence table and the real games below it list each of these figures beside its file
  return { text, href: "#evidence-h", link: "the evidence" };
}

/** The interval of rho(eval, score) lies above 0: the games agree with the index's values. */
const agrees = (p: GamesPart): boolean => rhoDefined(p.c) && (p.c.ci95_percentile[0] as number) > 0;

/** A set of games: what it is, its rho(eval, score) with this index's values, and its reliability. */
interface GamesPart {
  what: string;
  c: { rho: number | null; ci95_percentile: readonly [number | null, number | null] };
  r: number;
}

/** A self-play design's games as a set of games. */
const selfplayPart = (s: Summary): GamesPart => ({
  what: `${int(s.n_games)} self-play games at ${int(s.selfplay.nodes_per_move)} nodes per move`,
  c: s.eval_vs_score,
  r: s.reliability.reliability,
});

/** The sets of games behind {@link gamesSentence}: what they are, their rho(eval, score) and reliability. */
function gamesParts(b: Best, all = false): GamesPart[] {
  const told = !all && methodCheckSentence(b) !== null;
  return [
    ...studyParts(b).map(({ what, c, r }) => ({ what, c, r })),
    ...b.designs.filter((g) => !(told && isMethodDesign(g))).map((g) => selfplayPart(g.summary)),
    ...(b.selfplay ? [selfplayPart(b.selfplay)] : []),
    ...b.validations.map((v) => ({
      what: `${gamesWords(v.games)} human games`,
      c: v.eval_vs_score,
      r: v.reliability.reliability,
    })),
  ];
}

/** The large game tables of the study not shown as validations (the engine self-play tables), largest first. */
export function studyParts(
  b: Pick<Best, "study" | "validations" | "key">,
): (GamesPart & { table: string; who: string; description: string })[] {
  const s = b.study;
  if (!s) return [];
  const shown = new Set(b.validations.map((v) => v.outcomes.name));
  return s.tables.filter((t) => !shown.has(t.name)).sort((x, y) => y.games - x.games).flatMap((t) => {
    const c = s.correlations.find((x) => x.table === t.name && x.dataset === b.key);
    if (!c) return [];
    const who = outcomeWho(t.description);
    const rho = { rho: c.eval_vs_score.rho, ci95_percentile: c.eval_vs_score.ci95 };
    const what = `${gamesWords(t.games)} ${who}`;
    return [{ table: t.name, who, what, description: t.description, c: rho, r: t.reliability.reliability }];
  });
}

/** Does more search predict the games better? Per large game table, the ladder's steps whose rho rises (the study). */
export function searchSentence(b: Pick<Best, "study" | "validations" | "key" | "page">): SureSentence | null {
  const s = b.study;
  if (!s) return null;
  const parts = studyParts(b).flatMap((p) => {
    const steps = s.steps.filter((x) => x.table === p.table && x.to !== "peer" && x.to !== "method");
    if (!steps.length) return [];
    const up = steps.filter((x) => x.ci95[0] > 0);
    const nodes = (key: string) => s.datasets.find((d) => d.key === key)?.nodes ?? 0;
    const how = up.length === steps.length
      ? `at every fourfold step (rho ${fix(steps[0].from_rho, 2)} at ${int(nodes(steps[0].from))} nodes, ${
        fix(steps.at(-1)!.to_rho, 2)
      } at ${int(nodes(steps.at(-1)!.to))})`
      : up.length
      ? `only up to ${int(Math.max(...up.map((x) => nodes(x.to))))} nodes`
      : "at no step";
    return [`the ${p.who} ${how}`];
  });
  if (!parts.length) return null;
  return {
    text: `More search predicts ${joinWords(parts)}.`,
    href: "outcomes/study.json",
    link: "every dataset against every table",
  };
}

/** Share of positions whose MBI moves by more than 10 points at which "more search still reorders it" (a tenth). */
export const STILL_MOVING = 0.1;

/**
 * The one plain sentence that leads "How sure is this?": whether more search still reorders the index (the step into
 * it moves at least {@link STILL_MOVING} of the positions by more than 10 points) and whether the games agree with it.
 */
export function leadSentence(d: Pick<LandingData, "ladderRows">, b: Best): string | null {
  const step = d.ladderRows.find((r) => r.next?.folder === b.key)?.next;
  const parts = gamesParts(b, true);
  const moving = step ? step.share_over_10 >= STILL_MOVING : null;
  const agreeing = parts.filter(agrees);
  const how = (ps: GamesPart[]) =>
    joinWords([...new Set(ps.map((p) => strengthAdverb(p.c.rho as number, p.c.ci95_percentile as [number, number])))]);
  const big = studyParts(b);
  const count = ["", "", "two ", "three ", "four "][big.length] ?? `${big.length} `;
  const games = big.length
    ? `the games of the ${count}largest public table${big.length > 1 ? "s" : ""} follow it ${
      strengthAdverbOf(big.map((p) => ({ rho: p.c.rho as number, ci: p.c.ci95_percentile as [number, number] })))
    } (${big.map((p, i) => `${i ? "" : "rho "}${fix(p.c.rho as number, 2)} in ${p.what}`).join(", ")})`
    : !parts.length
    ? null
    : agreeing.length === parts.length
    ? `games agree with it, ${how(agreeing)}`
    : agreeing.length
    ? `only the ${joinWords(agreeing.map((p) => p.what))} agree with it, ${how(agreeing)}`
    : "no set of games confirms it yet";
  const reasons = [
    moving === null ? null : moving ? "more search still reorders it" : "more search barely moves it",
    games,
  ].filter((x): x is string => x !== null);
  if (!reasons.length) return null;
  const unconfirmed = big.length ? !big.every(agrees) : agreeing.length < parts.length;
  // two clauses, each with its own subject: a comma before "and"
  const why = reasons.join(", and ");
  return moving || unconfirmed
    ? `In short: take this order as ${b.engine}'s best estimate at ${b.limit} per position, not a settled ranking. ${
      why[0].toUpperCase() + why.slice(1)
    }.`
    : `In short, the order looks settled: ${why}.`;
}

/** "a", "a and b", "a, b and c". */
export const joinWords = (xs: string[]): string =>
  xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
