/**
 * The limitations of self-play designs, computed from their files: distinct games, White's overall score, whether the
 * design can test the published figure, how broad its opening sets start, and how far the method's budget on its
 * positions has got.
 *
 * @module
 */

import { join } from "node:path";
import { formatLimit } from "../engine/mod.ts";
import { recordedPath, selfplayDir, summaryPath } from "../store/mod.ts";
import { type MethodSampleState, methodSampleSummaryPath } from "./method_sample.ts";
import { type DesignResults } from "./design_comparison.ts";
import { type MethodPartial, methodPartialPath } from "./method_partial.ts";
import {
  isMethodSelfplay,
  METHOD_VARIANCES,
  offMethodText,
  type Profile,
  reliabilityUncertaintyText,
  rhoInterval,
  selfplayBudgetText,
} from "../method/mod.ts";
import { PUBLISHED, type Summary } from "../analysis/mod.ts";
import {
  type OpeningBreadth,
  openingBreadth,
  readOpenings,
  resultTotals,
  selfplayBudget,
  type SelfplayResults,
} from "../selfplay/mod.ts";
import type { Limitation } from "./limitation.ts";
import { fix, int, iv, pct, signed } from "../core/mod.ts";

/**
 * How far above a position's own stage-1 value the best first move's score in its opening search may lie before the
 * statement on opening sets names it (cp): a gap this large at the start of a Chess960 game is a short search's
 * misjudgement.
 */
export const OPENING_SCORE_GAP_CP = 100;

/** The statements of a self-play design's games (distinct games, White's score, power), from its files. */
export function selfplayStatements(sp: SelfplayResults, spPath: string, summary: Summary | undefined, sumPath: string) {
  const out: Limitation[] = [];
  const pos = sp.positions;
  const games = pos.reduce((a, p) => a + p.games, 0);
  const distinct = pos.reduce((a, p) => a + p.distinct_games, 0);
  const repeated = pos.filter((p) => p.distinct_games < p.games).sort((a, b) =>
    a.distinct_games / a.games - b.distinct_games / b.games || a.sp - b.sp
  );
  const worst = repeated[0];
  const after = sp.n_repeats_after_opening;
  const byPosition = sp.config.opening.distinct === "position";
  const repeats = after > 0
    ? ` ${int(after)} games transpose into the position another game of the same start reached after its opening, ` +
      "then repeat that game move for move. The openings were distinct by their moves, not by the positions they reach."
    : byPosition
    ? " The openings are distinct by the position they reach, so no game repeats another after its opening."
    : " No game repeats another after its opening.";
  out.push({
    id: "distinct-games",
    headline: after > 0
      ? `${int(after)} of ${int(games)} games repeat another after a transposed opening.`
      : repeated.length
      ? `${int(distinct)} distinct games among ${int(games)}.`
      : `all ${int(games)} games distinct, after their openings too.`,
    text: (repeated.length
      ? `Self-play: ${int(distinct)} distinct games among ${int(games)} (${repeated.length} of ${pos.length} ` +
        `positions repeat a game; fewest: SP ${worst.sp} with ${worst.distinct_games} of ${worst.games}); ` +
        "a repeated game adds no information, yet each copy is scored."
      : `Self-play: all ${int(games)} games ${after > 0 ? "differ in their moves" : "are distinct"} ` +
        `(${pos.length} positions × ${sp.config.games} games).`) +
      repeats,
    figures: {
      games,
      distinct_games: distinct,
      positions: pos.length,
      positions_with_repeats: repeated.length,
      repeats_after_opening: after,
      openings_distinct_by: byPosition ? "position" : "moves",
    },
    sources: [spPath],
  });
  const { wins, draws, losses } = resultTotals(pos);
  const score = (wins + draws / 2) / games;
  const drawRate = `draw rate ${pct(draws / games)}`;
  out.push({
    id: "white-score",
    headline: `White scores ${fix(score, 3)} (${drawRate}).`,
    text: `White's overall score in self-play at ${int(sp.config.nodes_per_move)} nodes per move is ${fix(score, 3)} ` +
      `over ${int(games)} games (${int(wins)} wins, ${int(draws)} draws, ${int(losses)} losses; ${drawRate}). ` +
      `The self-play checks the ordering at that budget, not any single position.`,
    figures: { games, wins, draws, losses, white_score: score, nodes_per_move: sp.config.nodes_per_move },
    sources: [spPath],
  });
  // stage 5 has not run yet: no power statement without its figures
  if (!summary?.reliability || !summary.power) return selfplayHeadlines(out);
  const c = summary.eval_vs_score;
  const published = PUBLISHED.rho_eval_score;
  const pw = summary.power;
  const design = pw.this_design;
  const expected = design.expected_rho;
  const canTest = design.power >= pw.required_power;
  // power says what the design could detect; only at the method's own budgets is it a test of the published figure
  // what is not at the method's budgets, said by name: the games may be at them while the values are not
  const off = offMethodText({
    profile: summary.profile,
    evalLimit: summary.eval_limit as { nodes: number },
    selfplay: { positions: summary.n_positions, games: sp.config.games, nodesPerMove: sp.config.nodes_per_move },
  });
  const atMethod = off === null;
  // the games at the method's budget, only the values not: the same games with the method's values are its test
  const gamesAtMethod = isMethodSelfplay({
    positions: summary.n_positions,
    games: sp.config.games,
    nodesPerMove: sp.config.nodes_per_move,
  });
  const ciText = !c
    ? ""
    : atMethod
    ? ` The observed rho(eval, score) is ${rhoInterval(c, c.ci95_percentile)}, at the method's budgets: a test of ` +
      "the published figure."
    : ` The observed rho(eval, score) is ${rhoInterval(c, c.ci95_percentile)}, measured with ${off}, not the ` +
      "method's, so it cannot confirm or refute the published figure." +
      (gamesAtMethod ? " The same games with the method's values on their positions are the method's own check." : "");
  const measured = pw.variances.source === "measured";
  const r = fix(design.reliability), ceiling = fix(Math.sqrt(design.reliability));
  const source = measured
    ? `measured in these games (reliability ${r}, ceiling ${ceiling})`
    : "not estimable from these games, whose scores spread no more than sampling noise; " +
      `with the variances of ${METHOD_VARIANCES.source} the reliability would be ${r} (ceiling ${ceiling})`;
  const g = pw.games_needed.at_this_positions;
  const more = !canTest && g !== null ? `; about ${int(g)} games per position would reach 0.8` : "";
  const u = summary.reliability_uncertainty;
  const uncertainty = u ? ` ${reliabilityUncertaintyText(u, pw.required_power, measured)}` : "";
  out.push({
    id: "power",
    headline: !canTest
      ? `too few games to detect a true ${published}: power ${fix(design.power)} (0.8 needed).`
      : atMethod
      ? `these games can test the published ${published} (power ${fix(design.power)}).`
      : `these games could detect a true ${published} (power ${fix(design.power)}); with ${off}, not the ` +
        `method's, they are no test of the published figure${
          gamesAtMethod ? "; with the method's values they are" : ""
        }.`,
    text:
      `Can this self-play design (${pos.length} positions × ${sp.config.games} games) test the published ${published}? ` +
      `The between-position variance of the scores is ${source}. A true ${published} would show as about ` +
      `${fix(expected)}, and the 95% interval would lie above 0 with probability ${fix(design.power)} ` +
      `(${canTest ? "enough" : "too low"} to resolve it; 0.8 is the usual bar)${more}.${ciText}${uncertainty}`,
    figures: {
      positions: pos.length,
      games_per_position: sp.config.games,
      reliability: design.reliability,
      ceiling: Math.sqrt(design.reliability),
      expected_rho_at_published: expected,
      power_at_published: design.power,
      power_source: "summary.json",
      variances: pw.variances.source,
      rho_eval_score: c?.rho ?? null,
      ci95_lo: c?.ci95_percentile[0] ?? null,
      ci95_hi: c?.ci95_percentile[1] ?? null,
      verdict: summary.verdict.validation ?? null,
    },
    sources: [spPath, sumPath],
  });
  return selfplayHeadlines(out);
}

/** The self-play statements' headlines, each said to be of self-play. */
const selfplayHeadlines = (ls: Limitation[]) => ls.map((l) => ({ ...l, headline: `Self-play: ${l.headline}` }));

/** The statements of a design's games and of its opening sets, from its files. */
export async function gamesStatements(design: Profile, sp: SelfplayResults, summary: Summary | undefined) {
  const spPath = recordedPath(join(selfplayDir(design), "selfplay.json"));
  const breadth = await openingStatement(design, sp);
  return [...selfplayStatements(sp, spPath, summary, recordedPath(summaryPath(design))), ...(breadth ? [breadth] : [])];
}

/** The statements of another self-play design of the dataset (named in ids and text), and of its method's sample. */
export async function designStatements(
  { design, selfplay: sp, summary, sample: state }: DesignResults,
  run?: MethodRun,
): Promise<Limitation[]> {
  const budget = selfplayBudgetText(selfplayBudget(sp));
  const out = (await gamesStatements(design, sp, summary)).map((l) => ({
    ...l,
    id: `${l.id}:${design.name}`,
    headline: l.headline.replace(/^Self-play: /, `Self-play ${budget}: `),
    // the design in readers' words; its files (named beside each statement) carry its results key
    text: `Self-play, ${budget}: ${l.text.replace(/^Self-play: /, "")}`,
  }));
  return state ? [...out, methodSampleStatement(design, state, run)] : out;
}

/**
 * How broad the opening sets start, from `openings.jsonl`: the positions whose lines all begin with one move, and those
 * whose best first move scored more than {@link OPENING_SCORE_GAP_CP} above the position's stage-1 value in the opening
 * search (undefined without opening sets).
 */
export async function openingStatement(design: Profile, sp: SelfplayResults): Promise<Limitation | undefined> {
  const path = join(selfplayDir(design), "openings.jsonl");
  const sets = (await readOpenings(path))?.records;
  if (!sets?.length) return undefined;
  const value = new Map(sp.positions.map((p) => [p.sp, p.eval_cp]));
  const b = sets.filter((s) => value.has(s.sp)).map(openingBreadth);
  const single = b.filter((x) => x.first_moves === 1);
  const gap = (x: OpeningBreadth) => x.best_first!.cp - value.get(x.sp)!;
  const off = b.filter((x) => x.best_first && gap(x) > OPENING_SCORE_GAP_CP).sort((x, y) =>
    gap(y) - gap(x) || x.sp - y.sp
  );
  const w = sp.config.opening;
  const worst = off[0];
  const best = worst?.best_first;
  const search = `${int(sp.config.nodes_per_move)} nodes, MultiPV ${w.multipv}`;
  const above = `more than ${OPENING_SCORE_GAP_CP} cp above the position's stage-1 value`;
  const singles = single.length
    ? `In ${single.length} of the ${b.length} positions every line begins with the same first move ` +
      `(SP ${single.map((x) => x.sp).join(", ")}), so their games differ only later`
    : "Every position's lines begin with more than one first move";
  const misjudged = off.length
    ? `In ${off.length}, the best first move scored ${above} (most: SP ${worst.sp}, ${best!.san} at ` +
      `${signed(best!.cp)} cp, depth ${best!.depth}, against ${signed(value.get(worst.sp)!)} cp), ` +
      "a misjudgement that leaves few moves inside the window."
    : `In none did the best first move score ${above}.`;
  return {
    id: "opening-breadth",
    headline:
      `Self-play: openings from ${int(sp.config.nodes_per_move)}-node searches: ${single.length} of ${b.length} ` +
      `positions have one first move; ${off.length} misjudged by > ${OPENING_SCORE_GAP_CP} cp.`,
    text:
      `Self-play: the opening sets come from short searches (${search}; moves within ${w.windowCp} cp of the best). ` +
      `${singles}. ${misjudged}`,
    figures: {
      positions: b.length,
      single_first_move: single.length,
      best_first_far_above_value: off.length,
      gap_cp: OPENING_SCORE_GAP_CP,
      worst_sp: worst?.sp ?? null,
      worst_first_cp: best?.cp ?? null,
    },
    sources: [recordedPath(path)],
  };
}

/** The method's run over all 960 positions as a statement quotes it: its published snapshot, and whether that snapshot's
 * rank agreement is with the statement's own index. */
export interface MethodRun {
  partial: MethodPartial;
  ofThisIndex: boolean;
}

/**
 * How far the method's budget on a design's positions has got and what it shows once complete; with the method's run
 * (`run`), how far that has got over all 960 (the design's positions are among them).
 */
export function methodSampleStatement(design: Profile, state: MethodSampleState, run?: MethodRun): Limitation {
  const { path: samplePath, dataset: sample, figures } = state;
  const done = sample.records.length, of = sample.header.positions.length;
  const method = formatLimit(sample.header.config.limit);
  const far = figures?.distance_to_method.find((r) => r.dataset === figures.drawn_from.dataset);
  const positionsOf = `the self-play design (${selfplayBudgetText(design.selfplay)})`;
  const only = `The method's budget (${method} per position) exists here only for`;
  const spearman = far ? `; Spearman ${fix(far.spearman_edges.rho, 3)} with this index` : "";
  const p = run?.partial;
  const runDone = p?.done.used.length ?? 0, runOf = p?.done.of ?? 0;
  // the run's snapshot says more than the design's sample once it holds more positions than the sample
  const grown = p && runDone > of ? p : undefined;
  const agreement = far
    ? ` On ${grown ? `the ${of} self-play positions` : "them"} this index's edges agree with it at Spearman ${
      fix(far.spearman_edges.rho, 3)
    } ` +
      `${iv(far.spearman_edges.ci95)}, median |Δ| ${far.median_abs_delta_cp} cp ` +
      `(mean Δ ${fix(far.mean_delta_cp, 1)} cp, this index minus the method's budget).`
    : figures
    ? ""
    : " Its figures are not computed yet (deno task method-sample).";
  let headline: string, text: string;
  if (done < of) {
    headline = `The method's budget (${method}): ${done} of ${of} sample positions so far.`;
    text = `${only} ${done} of the ${of} positions of ${positionsOf} so far. ` +
      "Nothing at it covers all 960 positions, and no other figure computed here is at it.";
  } else if (grown) {
    const soFar = runDone < runOf ? " so far" : "";
    const all = grown.agreement.all;
    headline = `The method's budget (${method}): ${int(runDone)} of ${int(runOf)} positions${soFar}` +
      (run?.ofThisIndex ? `; Spearman ${fix(all.rho, 3)} with this index on them.` : ".");
    text = `The method's budget (${method} per position) covers ${int(runDone)} of ${int(runOf)} positions${soFar}: ` +
      `the ${of} self-play positions and ${int(runDone - of)} of the run over the rest` +
      (runDone < runOf ? ", a sample, not an index over all of them." : ".") +
      (run?.ofThisIndex
        ? ` On all ${int(runDone)} this index's edges agree with it at Spearman ${fix(all.rho, 3)} ${iv(all.ci95)}` +
          (grown.difference
            ? `, and its values read a median ${signed(grown.difference.median.estimate)} cp ` +
              `${iv(grown.difference.median.ci95, 0)} from the method's (this index minus the method's budget).`
            : ".")
        : "") +
      agreement;
  } else {
    headline = `The method's budget (${method}) covers only ${of} sample positions${spearman}.`;
    text = `${only} the ${of} positions of ${positionsOf}: a sample, not an index over all 960 positions.${agreement}`;
  }
  return {
    id: `method-sample:${design.name}`,
    headline,
    text,
    figures: {
      positions_done: done,
      positions: of,
      limit: method,
      spearman_edges: far?.spearman_edges.rho ?? null,
      median_abs_delta_cp: far?.median_abs_delta_cp ?? null,
      mean_delta_cp: far?.mean_delta_cp ?? null,
      run_positions_done: grown ? runDone : null,
      run_spearman_edges: grown && run?.ofThisIndex ? grown.agreement.all.rho : null,
    },
    sources: [
      recordedPath(samplePath),
      ...(figures ? [recordedPath(methodSampleSummaryPath(samplePath, design))] : []),
      ...(grown ? [recordedPath(methodPartialPath())] : []),
    ],
  };
}

/**
 * What a position's own view says of its opening set, where there is something to say (pure): every line beginning with
 * one first move, or the best first move scored more than {@link OPENING_SCORE_GAP_CP} above the position's value by
 * the short opening search; null otherwise.
 */
export function openingNote(
  b: OpeningBreadth,
  valueCp: number,
  search: { nodes_per_move: number; windowCp: number },
): string | null {
  const best = b.best_first;
  if (!best) return null;
  const single = b.first_moves === 1;
  const gap = best.cp - valueCp > OPENING_SCORE_GAP_CP;
  if (!single && !gap) return null;
  const scored = `its ${int(search.nodes_per_move)}-node opening search scored ${best.san} at ${signed(best.cp)} cp ` +
    `(depth ${best.depth}) against the position's ${signed(valueCp)} cp`;
  const misjudged = `${scored}, a short search's misjudgement`;
  return single
    ? `Every game of this design begins with ${best.san}: no other first move came within ${search.windowCp} cp ` +
      `of it${gap ? `, and ${misjudged}` : ""}.`
    : `The best first move of its opening set, ${best.san}: ${misjudged}.`;
}

/** The opening notes of a design's positions (see {@link openingNote}), by SP; empty without opening sets. */
export async function openingNotes(design: Profile, sp: SelfplayResults): Promise<Record<number, string>> {
  const sets = (await readOpenings(join(selfplayDir(design), "openings.jsonl")))?.records ?? [];
  const value = new Map(sp.positions.map((p) => [p.sp, p.eval_cp]));
  const search = { nodes_per_move: sp.config.nodes_per_move, windowCp: sp.config.opening.windowCp };
  const out: Record<number, string> = {};
  for (const set of sets) {
    const v = value.get(set.sp);
    const note = v === undefined ? null : openingNote(openingBreadth(set), v, search);
    if (note) out[set.sp] = note;
  }
  return out;
}
