/**
 * The limitations of a profile's results, computed from the result files that
 * are there — never a fixed list: each statement carries the numbers it rests
 * on and the files they came from, and says only what those numbers show
 * (e.g. whether ranks are more stable than values is read off the two
 * correlations, not assumed). Used by the site, the dataset card and the
 * notebooks.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { formatLimit } from "../engine/mod.ts";
import {
  datasetFolder,
  type DatasetScan,
  describedAs,
  displayPath,
  type EvalDataset,
  isOtherBudget,
  profileDir,
  readJsonIfExists,
  readMbiTable,
  resultsRoot,
  rowInterval,
  sameSetDatasets,
  selfplayDir,
  summaryPath,
} from "../store/mod.ts";
import { type MethodSampleState, methodSampleState, methodSampleSummaryPath } from "./method_sample.ts";
import { type DesignResults, designResults } from "./designs.ts";
import {
  fingerprintValue,
  formatBudgets,
  intervalCoverage,
  isMethodBudgets,
  METHOD_VARIANCES,
  nearEndNote,
  type Profile,
  quantileSorted,
  reliabilityUncertaintyText,
  rhoInterval,
  signedCp,
} from "../method/mod.ts";
import { PUBLISHED, rankAgreement, readSummary, type Summary, tieGroups } from "../analysis/mod.ts";
import { loadEvaluations } from "../evaluation/mod.ts";
import {
  openingBreadth,
  readOpenings,
  readSelfplayResults,
  selfplayBudget,
  type SelfplayResults,
} from "../selfplay/mod.ts";

/**
 * How far above a position's own stage-1 value the best first move's score in
 * its opening search may lie before the statement on opening sets names it (cp):
 * a gap this large at the start of a Chess960 game is a short search's misjudgement.
 */
export const OPENING_SCORE_GAP_CP = 100;

/** One limitation: a statement, the numbers it rests on and the files they came from. */
export interface Limitation {
  /** Stable id (e.g. `budget`, `rank-agreement:quick~eval500000`). */
  id: string;
  /** The statement, with its numbers, for people. */
  text: string;
  /** The numbers the statement rests on. */
  figures: Record<string, number | string | boolean | null>;
  /** Result files the numbers were read or computed from (display paths). */
  sources: string[];
}

const fix = (x: number, d = 2) => Number.isFinite(x) ? x.toFixed(d) : "undefined";
const pct = (x: number) => `${Math.round(100 * x)}%`;
const int = (n: number) => n.toLocaleString("en-US");

/** The Spearman CI of a pair in `engine_comparison.json`, when that file compared the two folders. */
async function comparisonCi(a: string, b: string): Promise<[number, number] | undefined> {
  const file = await readJsonIfExists<{ pairs?: { a: string; b: string; spearman?: { ci95?: [number, number] } }[] }>(
    join(resultsRoot(), "engine_comparison.json"),
  );
  const pair = file?.pairs?.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  return pair?.spearman?.ci95;
}

/**
 * Whether the ranks are more or less stable than the values, in words the
 * numbers carry: said only when the Pearson correlation of the values lies
 * outside the 95% interval of the Spearman correlation of the edges; otherwise
 * (or without an interval) the sentence says the figures do not tell.
 */
export function stabilityWords(spearman: number, pearson: number, ci: [number, number] | undefined): string {
  if (!ci) return "there is no interval here to tell whether the ranks are more or less stable than the values";
  // Outside the interval: the exact figures (3 decimals, so the words never contradict rounded numbers), and
  // "borderline" when the Pearson lies within BORDERLINE_MARGIN of the interval's end (docs/METHOD.md, "Verdicts").
  const outside = (words: string, side: "below" | "above") =>
    `so here the ranks are ${words} stable than the values (Pearson ${
      pearson.toFixed(3)
    } ${side} the Spearman interval ${ci[0].toFixed(3)}..${ci[1].toFixed(3)}${
      ((note) => note ? `; ${note}` : "")(nearEndNote(pearson, ci))
    })`;
  if (pearson < ci[0]) return outside("more", "below");
  if (pearson > ci[1]) return outside("less", "above");
  return `Pearson lies inside the Spearman interval, so these figures do not tell whether the ranks are more or less stable than the values (Spearman ${
    fix(spearman)
  })`;
}

function rankStatements(d: EvalDataset, others: EvalDataset[]): Promise<Limitation[]> {
  const mine = datasetFolder(d);
  return Promise.all(others.flatMap((o) => {
    const a = rankAgreement(d, o);
    if (!a) return [];
    return [(async () => {
      const folder = datasetFolder(o);
      const ci = await comparisonCi(mine, folder);
      const ciText = ci ? ` (95% CI ${fix(ci[0])}..${fix(ci[1])})` : "";
      const sameEngine = isOtherBudget(d, o);
      const who = sameEngine
        ? `the same engine at ${formatLimit(o.header.config.limit)} (${folder})`
        : `${o.header.engine.uci_name} at ${formatLimit(o.header.config.limit)} (${folder})`;
      const lead = sameEngine ? "One budget is one snapshot" : "Another engine ranks the positions differently";
      const text =
        `${lead}: between ${formatLimit(d.header.config.limit)} and ${who} the ranks of the edges agree at ` +
        `Spearman ${fix(a.spearman_edge)}${ciText} over ${a.common} positions; ` +
        `${
          pct(a.mbi_shift.share_over_10)
        } of positions move by more than 10 MBI points (median |ΔMBI| ${a.mbi_shift.median}). The values themselves (in cp) agree at Pearson ${
          fix(a.pearson_eval)
        }; ${stabilityWords(a.spearman_edge, a.pearson_eval, ci)}.`;
      return {
        id: `${sameEngine ? "rank-agreement" : "engine-agreement"}:${folder}`,
        text,
        figures: {
          other: folder,
          other_engine: o.header.engine.uci_name,
          other_limit: formatLimit(o.header.config.limit),
          common: a.common,
          spearman_edge: a.spearman_edge,
          spearman_edge_ci95_lo: ci?.[0] ?? null,
          spearman_edge_ci95_hi: ci?.[1] ?? null,
          spearman_eval: a.spearman_eval,
          pearson_eval: a.pearson_eval,
          share_mbi_over_10: a.mbi_shift.share_over_10,
          median_mbi_shift: a.mbi_shift.median,
        },
        sources: [displayPath(d.path), displayPath(o.path), ...(ci ? ["engine_comparison.json"] : [])],
      };
    })()];
  }));
}

/** Reliability, ceiling and power as stage 5 recorded them in `summary.json`. */
function recordedPower(
  s: Summary | undefined,
): { reliability: number; ceiling: number; power: number | null } | undefined {
  if (!s?.reliability || !s.power) return undefined;
  return { reliability: s.reliability.reliability, ceiling: s.reliability.ceiling, power: s.power.this_design.power };
}

function selfplayStatements(sp: SelfplayResults, spPath: string, summary: Summary | undefined, sumPath: string) {
  const out: Limitation[] = [];
  const pos = sp.positions;
  const games = pos.reduce((a, p) => a + p.games, 0);
  const distinct = pos.reduce((a, p) => a + p.distinct_games, 0);
  const repeated = pos.filter((p) => p.distinct_games < p.games).sort((a, b) =>
    a.distinct_games / a.games - b.distinct_games / b.games || a.sp - b.sp
  );
  const worst = repeated[0];
  out.push({
    id: "distinct-games",
    text: repeated.length
      ? `Self-play: ${int(distinct)} distinct games among ${
        int(games)
      } (${repeated.length} of ${pos.length} positions repeat a game; ` +
        `fewest: SP ${worst.sp} with ${worst.distinct_games} of ${worst.games}); a repeated game adds no information, yet each copy is scored.`
      : `Self-play: all ${int(games)} games are distinct (${pos.length} positions × ${sp.config.games} games).`,
    figures: { games, distinct_games: distinct, positions: pos.length, positions_with_repeats: repeated.length },
    sources: [spPath],
  });
  const wins = pos.reduce((a, p) => a + p.wins, 0);
  const draws = pos.reduce((a, p) => a + p.draws, 0);
  const losses = pos.reduce((a, p) => a + p.losses, 0);
  const score = (wins + draws / 2) / games;
  out.push({
    id: "white-score",
    text: `White's overall score in self-play at ${int(sp.config.nodes_per_move)} nodes per move is ${fix(score, 3)} ` +
      `over ${int(games)} games (${int(wins)} wins, ${int(draws)} draws, ${int(losses)} losses; draw rate ${
        pct(draws / games)
      }); ` +
      `the self-play checks the ordering at that budget, not any single position.`,
    figures: { games, wins, draws, losses, white_score: score, nodes_per_move: sp.config.nodes_per_move },
    sources: [spPath],
  });
  const recorded = recordedPower(summary);
  if (!recorded) return out; // stage 5 has not run yet: no power statement without its figures
  const c = summary?.eval_vs_score;
  const published = PUBLISHED.rho_eval_score;
  const pw = summary!.power;
  const design = pw.this_design;
  const expected = design.expected_rho;
  const canTest = design.power >= pw.required_power;
  const ciText = c
    ? ` The observed rho(eval, score) is ${
      rhoInterval(c, c.ci95_percentile, [" [", ", ", "]"], (x) => fix(x, 3))
    }, measured at this profile's budgets, so it cannot confirm or refute the figure published at the method's.`
    : "";
  const source = pw.variances.source === "measured"
    ? `measured in these games (reliability ${fix(design.reliability)}, ceiling ${fix(Math.sqrt(design.reliability))})`
    : `not estimable from these games, whose scores spread no more than sampling noise; with the variances of ${METHOD_VARIANCES.source} the reliability would be ${
      fix(design.reliability)
    } (ceiling ${fix(Math.sqrt(design.reliability))})`;
  const g = pw.games_needed.at_this_positions;
  out.push({
    id: "power",
    text:
      `Can this self-play design (${pos.length} positions × ${sp.config.games} games) test the published ${published}? ` +
      `The between-position variance of the scores is ${source}: a true ${published} would show as about ${
        fix(expected)
      }, and the 95% interval would lie above 0 with probability ${fix(design.power)} (${
        canTest ? "enough" : "too low"
      } to resolve it; 0.8 is the usual bar)${
        !canTest && g !== null ? `; about ${int(g)} games per position would reach 0.8` : ""
      }.${ciText}${
        summary!.reliability_uncertainty
          ? ` ${
            reliabilityUncertaintyText(
              summary!.reliability_uncertainty,
              pw.required_power,
              pw.variances.source === "measured",
            )
          }`
          : ""
      }`,
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
      verdict: summary?.verdict.validation ?? null,
    },
    sources: summary ? [spPath, sumPath] : [spPath],
  });
  return out;
}

/**
 * The limitations of a profile's results, from the files present: the budget
 * against the method's, one engine, ties, rank agreement with every other
 * complete dataset over the same positions (other budgets and engines), the
 * per-position MBI interval when the table has one, distinct self-play games,
 * White's overall score, and whether the self-play design can test the
 * published 0.76 (from `summary.json`'s power fields, else computed from
 * `selfplay.json`). Statements whose files are missing are left out.
 */
export async function computeLimitations(
  profile: Profile,
  scan?: DatasetScan,
  designs?: readonly DesignResults[],
): Promise<Limitation[]> {
  const d = await loadEvaluations(profile);
  const evalsPath = displayPath(d.path);
  const out: Limitation[] = [];
  const spPath = join(selfplayDir(profile), "selfplay.json");
  const sp = await readSelfplayResults(profile);
  const sumPath = summaryPath(profile);
  const summary = await readSummary(profile);
  const limit = d.header.config.limit;
  const facts = {
    profile: profile.name,
    evalLimit: limit,
    selfplay: sp ? selfplayBudget(sp) : undefined,
  };
  if (!isMethodBudgets(facts)) {
    out.push({
      id: "budget",
      text:
        `Not the method's budgets: ${formatBudgets(facts)}. Values, ranks and the index are those of this budget; ` +
        `cite them with engine, fingerprint and budget.`,
      figures: {
        eval_limit: formatLimit(limit),
        method_eval_nodes: 400_000_000,
        selfplay_positions: sp?.n_positions ?? null,
        selfplay_games: sp?.config.games ?? null,
        selfplay_nodes_per_move: sp?.config.nodes_per_move ?? null,
      },
      sources: sp ? [evalsPath, displayPath(spPath)] : [evalsPath],
    });
  }
  const e = d.header.engine;
  out.push({
    id: "one-engine",
    text: `One engine, one evaluation function: every value is one search of ${e.uci_name} (fingerprint ${
      fingerprintValue(e.fingerprint)
    }) per position at ${formatLimit(limit)}; engine evaluation is not human practice.`,
    figures: { engine: e.uci_name, fingerprint: e.fingerprint, limit: formatLimit(limit) },
    sources: [evalsPath],
  });
  const rows = d.records.filter((r) => r.eval_cp !== null).map((r) => ({ sp: r.sp, eval_cp: r.eval_cp! }));
  const ties = tieGroups(rows);
  if (ties.length < rows.length) {
    out.push({
      id: "ties",
      text: `The ${rows.length} values take only ${ties.length} distinct values at this budget (largest tie: ${
        ties[0].count
      } positions at ${ties[0].eval_cp} cp); tied positions share an average rank and one MBI.`,
      figures: {
        positions: rows.length,
        distinct_values: ties.length,
        largest_tie: ties[0].count,
        largest_tie_cp: ties[0].eval_cp,
      },
      sources: [evalsPath],
    });
  }
  const others = await sameSetDatasets(d, scan);
  const sameEngineFirst = [...others.filter((o) => isOtherBudget(d, o)), ...others.filter((o) => !isOtherBudget(d, o))];
  out.push(...await rankStatements(d, sameEngineFirst));
  const mbiPath = join(profileDir(profile), "mbi.json");
  const table = await readMbiTable(mbiPath).catch(() => undefined);
  const widths = (table?.rows ?? []).map(rowInterval).filter((r) => r.mbi_lo !== null && r.mbi_hi !== null)
    .map((r) => r.mbi_hi! - r.mbi_lo!).sort((a, b) => a - b);
  if (widths.length) {
    const over20 = widths.filter((w) => w > 20).length / widths.length;
    const how = describedAs((table as { uncertainty?: unknown }).uncertainty);
    // How often the next larger budget of the same engine falls inside these intervals (when that budget is here).
    const larger = others.filter((o) =>
      isOtherBudget(d, o) && "nodes" in o.header.config.limit && "nodes" in d.header.config.limit &&
      o.header.config.limit.nodes > d.header.config.limit.nodes
    ).sort((a, b) =>
      (a.header.config.limit as { nodes: number }).nodes - (b.header.config.limit as { nodes: number }).nodes
    )[0];
    const next = larger
      ? await readMbiTable(join(dirname(larger.path), "mbi.json")).catch(() => undefined)
      : undefined;
    const cov = next && table
      ? intervalCoverage(table.rows as { sp: number; mbi_lo: number; mbi_hi: number }[], next.rows)
      : undefined;
    out.push({
      id: "mbi-interval",
      text: `Each position's MBI carries an interval${how ? ` (${how})` : ""}: median width ${
        quantileSorted(widths, 0.5)
      } points, ${pct(over20)} of positions wider than 20 points.${
        cov
          ? ` It is a settling range, not a confidence interval: at ${formatLimit(larger!.header.config.limit)} (${
            datasetFolder(larger!)
          }) the MBI lies inside it for ${pct(cov.share)} of positions (${cov.inside} of ${cov.n}).`
          : " How often it holds a larger budget's MBI is not checked for this dataset: no complete dataset of the same engine at a larger budget is here."
      }`,
      figures: {
        positions: widths.length,
        median_width: quantileSorted(widths, 0.5),
        share_wider_than_20: over20,
        coverage_next_budget: cov?.share ?? null,
        next_budget: larger ? datasetFolder(larger) : null,
      },
      sources: [displayPath(mbiPath), ...(larger ? [displayPath(join(dirname(larger.path), "mbi.json"))] : [])],
    });
  }
  if (sp) out.push(...selfplayStatements(sp, displayPath(spPath), summary, displayPath(sumPath)));
  const breadth = sp && await openingStatement(profile, sp);
  if (breadth) out.push(breadth);
  // a design's own notebooks say, as the page of the index it was drawn from does, how far the method's budget on
  // its positions has got (none at the method's own budget: there the dataset is at it)
  const own = sp && !isMethodBudgets({ profile: profile.name, evalLimit: limit })
    ? await methodSampleState(profile, sp.positions.map((p) => p.sp))
    : undefined;
  if (own) out.push(methodSampleStatement(profile, own));
  for (const design of designs ?? await designResults(profile)) out.push(...await designStatements(design));
  return out;
}

/**
 * The statements of another self-play design of the dataset (ids and text
 * name it), and how far the method's budget on its positions has got.
 */
async function designStatements(
  { design, selfplay: sp, summary, sample: state }: DesignResults,
): Promise<Limitation[]> {
  const spPath = join(selfplayDir(design), "selfplay.json");
  const sumPath = summaryPath(design);
  const breadth = await openingStatement(design, sp);
  const out = [
    ...selfplayStatements(sp, displayPath(spPath), summary, displayPath(sumPath)),
    ...(breadth ? [breadth] : []),
  ]
    .map((l) => ({
      ...l,
      id: `${l.id}:${design.name}`,
      text: `Self-play design ${design.name}: ${l.text.replace(/^Self-play: /, "")}`,
    }));
  return state ? [...out, methodSampleStatement(design, state)] : out;
}

/**
 * How broad the opening sets start, from `openings.jsonl`: the positions whose
 * lines all begin with one move, and those whose best first move scored more
 * than {@link OPENING_SCORE_GAP_CP} above the position's stage-1 value in the
 * opening search (undefined without opening sets).
 */
async function openingStatement(design: Profile, sp: SelfplayResults): Promise<Limitation | undefined> {
  const path = join(selfplayDir(design), "openings.jsonl");
  const sets = (await readOpenings(path))?.records;
  if (!sets?.length) return undefined;
  const value = new Map(sp.positions.map((p) => [p.sp, p.eval_cp]));
  const b = sets.filter((s) => value.has(s.sp)).map(openingBreadth);
  const single = b.filter((x) => x.first_moves === 1);
  const off = b.filter((x) => x.best_first && x.best_first.cp - value.get(x.sp)! > OPENING_SCORE_GAP_CP)
    .sort((x, y) => (y.best_first!.cp - value.get(y.sp)!) - (x.best_first!.cp - value.get(x.sp)!) || x.sp - y.sp);
  const w = sp.config.opening;
  const worst = off[0];
  const search = `${int(sp.config.nodes_per_move)} nodes, MultiPV ${w.multipv}`;
  return {
    id: "opening-breadth",
    text:
      `Self-play: the opening sets come from short searches (${search}; moves within ${w.windowCp} cp of the best). ${
        single.length
          ? `In ${single.length} of the ${b.length} positions every line begins with the same first move (SP ${
            single.map((x) => x.sp).join(", ")
          }), so their games differ only later`
          : `Every position's lines begin with more than one first move`
      }; ${
        off.length
          ? `in ${off.length}, the best first move scored more than ${OPENING_SCORE_GAP_CP} cp above the position's stage-1 value (most: SP ${worst.sp}, ${
            worst.best_first!.san
          } at ${signedCp(worst.best_first!.cp)} cp, depth ${worst.best_first!.depth}, against ${
            signedCp(value.get(worst.sp)!)
          } cp), a misjudgement that leaves few moves inside the window.`
          : `in none did the best first move score more than ${OPENING_SCORE_GAP_CP} cp above the position's stage-1 value.`
      }`,
    figures: {
      positions: b.length,
      single_first_move: single.length,
      best_first_far_above_value: off.length,
      gap_cp: OPENING_SCORE_GAP_CP,
      worst_sp: worst?.sp ?? null,
      worst_first_cp: worst?.best_first?.cp ?? null,
    },
    sources: [displayPath(path)],
  };
}

/** How far the method's budget on a design's positions has got, and what it shows once complete. */
function methodSampleStatement(design: Profile, state: MethodSampleState): Limitation {
  const { path: samplePath, dataset: sample, figures } = state;
  const done = sample.records.length, of = sample.header.positions.length;
  const method = formatLimit(sample.header.config.limit);
  const far = figures?.distance_to_method.find((r) => r.dataset === figures.drawn_from.dataset);
  return {
    id: `method-sample:${design.name}`,
    text: done < of
      ? `The method's budget (${method} per position) exists here only for ${done} of the ${of} positions of ${design.name} so far (run in progress); nothing at it covers all 960 positions, and no other figure computed here is at it.`
      : `The method's budget (${method} per position) exists here only for the ${of} positions of ${design.name}: a sample, not an index over all 960 positions${
        far
          ? `; on them this index's edges agree with it at Spearman ${fix(far.spearman_edges.rho, 3)} [${
            fix(far.spearman_edges.ci95[0], 3)
          }, ${fix(far.spearman_edges.ci95[1], 3)}], median |Δ| ${far.median_abs_delta_cp} cp (mean Δ ${
            fix(far.mean_delta_cp, 1)
          } cp, this index minus the method's budget)`
          : figures
          ? ""
          : " (its figures are not computed yet: deno task method-sample)"
      }.`,
    figures: {
      positions_done: done,
      positions: of,
      limit: method,
      spearman_edges: far?.spearman_edges.rho ?? null,
      median_abs_delta_cp: far?.median_abs_delta_cp ?? null,
      mean_delta_cp: far?.mean_delta_cp ?? null,
    },
    sources: [displayPath(samplePath), ...(figures ? [displayPath(methodSampleSummaryPath(samplePath))] : [])],
  };
}
