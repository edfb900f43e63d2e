/**
 * The limitations of a profile's results, computed from the result files that are there — never a fixed list: each
 * statement carries the numbers it rests on and the files they came from, and says only what those numbers show (e.g.
 * whether ranks are more stable than values is read off the two correlations, not assumed).
 *
 * @module
 */

import { dirname, join } from "node:path";
import { formatLimit, sameLimit } from "../engine/mod.ts";
import {
  datasetFolder,
  type DatasetScan,
  describedAs,
  type EvalDataset,
  evalFolderName,
  isOtherBudget,
  type MbiTable,
  profileDir,
  readJsonIfExists,
  readMbiTable,
  recordedPath,
  resultsRoot,
  rowInterval,
  sameSetDatasets,
  selfplayDir,
} from "../store/mod.ts";
import { methodSampleState } from "./method_sample.ts";
import { readMethodPartial } from "./method_partial.ts";
import { designStatements, gamesStatements, methodSampleStatement } from "./limitations_selfplay.ts";
import { type DesignResults, designResults } from "./design_comparison.ts";
import {
  fingerprintValue,
  intervalCoverage,
  isMethodBudgets,
  isMethodSelfplay,
  METHOD_EVAL_TEXT,
  METHOD_SELFPLAY_TEXT,
  nearEndNote,
  offMethodText,
  type Profile,
  quantileSorted,
} from "../method/mod.ts";
import { rankAgreement, readSummary, tieGroups } from "../analysis/mod.ts";
import { loadEvaluations } from "../evaluation/mod.ts";
import { readSelfplayResults, selfplayBudget } from "../selfplay/mod.ts";
import { fix, fixedNonZero, int, iv, num, pct } from "../core/mod.ts";
import { type Limitation, saidOnce } from "./limitation.ts";

const comparisonPath = () => join(resultsRoot(), "engine_comparison.json");

/** The Spearman CI of a pair in `engine_comparison.json`, when that file compared the two folders. */
async function comparisonCi(a: string, b: string): Promise<[number, number] | undefined> {
  type Pair = { a: string; b: string; spearman?: { ci95?: [number, number] } };
  const file = await readJsonIfExists<{ pairs?: Pair[] }>(comparisonPath());
  const pair = file?.pairs?.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  return pair?.spearman?.ci95;
}

/**
 * Whether the ranks are more or less stable than the values, in words the numbers carry: said only when the Pearson
 * correlation of the values lies outside the 95% interval of the Spearman correlation of the edges; inside it, only
 * that, without the figures the sentence already gave (a clause each agreement repeats, so kept short); without an
 * interval, that there is none to tell.
 */
export function stabilityWords(pearson: number, ci: [number, number] | undefined): string {
  if (!ci) return "there is no interval here to tell whether the ranks are more or less stable than the values";
  // Outside the interval: the exact figures (3 decimals, so the words never contradict rounded numbers), and
  // "borderline" when the Pearson lies within BORDERLINE_MARGIN of the interval's end (docs/METHOD.md, "Verdicts").
  const note = nearEndNote(pearson, ci);
  const outside = (words: string, side: "below" | "above") =>
    `so here the ranks are ${words} stable than the values (Pearson ${fixedNonZero(pearson, 3)} ${side} ` +
    `the Spearman interval ${iv(ci)}${note ? `; ${note}` : ""})`;
  if (pearson < ci[0]) return outside("more", "below");
  if (pearson > ci[1]) return outside("less", "above");
  // inside: the interval is already in the sentence this clause ends, so only what it means
  return "inside the Spearman interval, so the ranks are as stable as the values";
}

/** A definition of clauses joined by "; " as sentences: `It is a; b` → `It is a. B.` */
const sentences = (definition: string) =>
  definition.split("; ").map((x, i) => `${i === 0 ? `It is ${x}` : `${x[0].toUpperCase()}${x.slice(1)}`}.`).join(" ");

function rankStatements(d: EvalDataset, others: EvalDataset[]): Promise<Limitation[]> {
  const mine = datasetFolder(d);
  return Promise.all(others.flatMap((o) => {
    const a = rankAgreement(d, o);
    if (!a) return [];
    return [(async () => {
      const folder = datasetFolder(o);
      const ci = await comparisonCi(mine, folder);
      const ciText = ci ? ` ${iv(ci, 2)}` : "";
      const sameEngine = isOtherBudget(d, o);
      const [engine, limit] = [o.header.engine.uci_name, formatLimit(o.header.config.limit)];
      const who = sameEngine ? `the same engine at ${limit}` : `${engine} at ${limit}`;
      const lead = sameEngine ? "One budget is one snapshot" : "Another engine ranks the positions differently";
      const share = pct(a.mbi_shift.share_over_10);
      // another engine at another budget: the reference engine at that engine's budget sets engine apart from budget
      const ref = sameEngine
        ? undefined
        : others.find((r) => isOtherBudget(d, r) && sameLimit(r.header.config.limit, o.header.config.limit));
      const atSame = ref && rankAgreement(ref, o);
      const sameCi = ref && atSame ? await comparisonCi(datasetFolder(ref), folder) : undefined;
      const engineAlone = atSame
        ? `At ${limit} both, ${ref!.header.engine.uci_name} and ${engine} agree at Spearman ${
          fix(atSame.spearman_edge)
        }${sameCi ? ` ${iv(sameCi, 2)}` : ""}: the engine alone moves the ranks that much.`
        : "";
      const text =
        `${lead}: between ${formatLimit(d.header.config.limit)} and ${who} the ranks of the edges agree at ` +
        `Spearman ${fix(a.spearman_edge)}${ciText} over ${a.common} positions. ` +
        `${share} of positions move by more than 10 MBI points (median |ΔMBI| ${a.mbi_shift.median}). ` +
        `The values themselves (in cp) agree at Pearson ${fix(a.pearson_eval)}; ` +
        `${stabilityWords(a.pearson_eval, ci)}.${engineAlone ? ` ${engineAlone}` : ""}`;
      const moved = `${share} of positions move more than 10 points`;
      return {
        id: `${sameEngine ? "rank-agreement" : "engine-agreement"}:${folder}`,
        headline: sameEngine
          ? `Against ${limit}: Spearman ${fix(a.spearman_edge)} of the edges; ${moved}.`
          : `${engine} ranks differently: Spearman ${fix(a.spearman_edge)}; ${moved}.`,
        text,
        figures: {
          other: folder,
          other_engine: engine,
          other_limit: limit,
          common: a.common,
          spearman_edge: a.spearman_edge,
          spearman_edge_ci95_lo: ci?.[0] ?? null,
          spearman_edge_ci95_hi: ci?.[1] ?? null,
          spearman_eval: a.spearman_eval,
          pearson_eval: a.pearson_eval,
          share_mbi_over_10: a.mbi_shift.share_over_10,
          median_mbi_shift: a.mbi_shift.median,
          same_budget_other: ref ? datasetFolder(ref) : null,
          same_budget_spearman_edge: atSame ? atSame.spearman_edge : null,
        },
        sources: [
          recordedPath(d.path),
          recordedPath(o.path),
          ...(atSame ? [recordedPath(ref!.path)] : []),
          ...(ci || sameCi ? [recordedPath(comparisonPath())] : []),
        ],
      };
    })()];
  }));
}

/** A dataset's node budget per position (a depth budget sorts after every node budget). */
const nodes = (o: EvalDataset) => "nodes" in o.header.config.limit ? o.header.config.limit.nodes : Infinity;

/**
 * How often each smaller node budget's settling ranges held the next budget's MBI, up to this dataset's (`table`):
 * the same engine's datasets below it, smallest first, each pair of neighbours (none without two with ranges).
 */
async function coverageBelow(
  d: EvalDataset,
  sameEngine: readonly EvalDataset[],
  table: MbiTable | undefined,
): Promise<{ from: number; to: number; share: number; path: string }[]> {
  const own = nodes(d);
  if (!table || own === Infinity) return [];
  const chain = sameEngine.filter((o) => nodes(o) < own).sort((a, b) => nodes(a) - nodes(b));
  const tables = await Promise.all(chain.map(async (o) => {
    const path = join(dirname(o.path), "mbi.json");
    return { nodes: nodes(o), path, table: await readMbiTable(path).catch(() => undefined) };
  }));
  const steps = [...tables, { nodes: own, path: "", table }];
  const out: { from: number; to: number; share: number; path: string }[] = [];
  for (let i = 0; i + 1 < steps.length; i++) {
    const [a, b] = [steps[i], steps[i + 1]];
    if (!a.table || !b.table) continue;
    const ranged = a.table.rows.map((r) => ({ sp: r.sp, ...rowInterval(r) }))
      .filter((r) => r.mbi_lo !== null && r.mbi_hi !== null) as { sp: number; mbi_lo: number; mbi_hi: number }[];
    if (!ranged.length) continue;
    out.push({ from: a.nodes, to: b.nodes, share: intervalCoverage(ranged, b.table.rows).share, path: a.path });
  }
  return out;
}

/**
 * The limitations of a profile's results, from the files present: the budget against the method's, one engine, ties,
 * rank agreement with every other complete dataset over the same positions, the per-position MBI interval, and the
 * self-play designs' statements. Statements whose files are missing are left out.
 */
export async function computeLimitations(
  profile: Profile,
  scan?: DatasetScan,
  designs?: readonly DesignResults[],
): Promise<Limitation[]> {
  const d = await loadEvaluations(profile);
  const evalsPath = recordedPath(d.path);
  const out: Limitation[] = [];
  const spPath = join(selfplayDir(profile), "selfplay.json");
  const sp = await readSelfplayResults(profile);
  const summary = await readSummary(profile);
  const limit = d.header.config.limit;
  const facts = { profile: profile.name, evalLimit: limit, selfplay: sp ? selfplayBudget(sp) : undefined };
  const off = offMethodText(facts);
  if (off !== null) {
    out.push({
      id: "budget",
      headline: `Not the method's budgets: ${off}.`,
      text: `Not the method's budgets: ${off} (the method: ${METHOD_EVAL_TEXT}${
        facts.selfplay && !isMethodSelfplay(facts.selfplay) ? `; ${METHOD_SELFPLAY_TEXT}` : ""
      }). Values, ranks and the index are those of these budgets; cite them with engine, fingerprint and budget.`,
      figures: {
        eval_limit: formatLimit(limit),
        method_eval_nodes: 400_000_000,
        selfplay_positions: sp?.n_positions ?? null,
        selfplay_games: sp?.config.games ?? null,
        selfplay_nodes_per_move: sp?.config.nodes_per_move ?? null,
      },
      sources: sp ? [evalsPath, recordedPath(spPath)] : [evalsPath],
    });
  }
  const e = d.header.engine;
  out.push({
    id: "one-engine",
    headline: `One engine (${e.uci_name}), one search per position; not human practice.`,
    text: `One engine, one evaluation function: every value is one search of ${e.uci_name} ` +
      `(fingerprint ${fingerprintValue(e.fingerprint)}) per position at ${formatLimit(limit)}; ` +
      "engine evaluation is not human practice.",
    figures: { engine: e.uci_name, fingerprint: e.fingerprint, limit: formatLimit(limit) },
    sources: [evalsPath],
  });
  const rows = d.records.filter((r) => r.eval_cp !== null).map((r) => ({ sp: r.sp, eval_cp: r.eval_cp! }));
  const ties = tieGroups(rows);
  if (ties.length < rows.length) {
    const [largest, n] = [ties[0], rows.length];
    out.push({
      id: "ties",
      headline: `Only ${ties.length} distinct values among ${n}: tied positions share one MBI.`,
      text: `The ${n} values take only ${ties.length} distinct values at this budget (largest tie: ${largest.count} ` +
        `positions at ${num(largest.eval_cp)} cp); tied positions share an average rank and one MBI.`,
      figures: {
        positions: n,
        distinct_values: ties.length,
        largest_tie: largest.count,
        largest_tie_cp: largest.eval_cp,
      },
      sources: [evalsPath],
    });
  }
  const others = await sameSetDatasets(d, scan);
  // the same engine's other budgets first, smallest budget first; then the other engines
  const sameEngineFirst = [
    ...others.filter((o) => isOtherBudget(d, o)).sort((a, b) => nodes(a) - nodes(b)),
    ...others.filter((o) => !isOtherBudget(d, o)),
  ];
  out.push(...await rankStatements(d, sameEngineFirst));
  const mbiPath = join(profileDir(profile), "mbi.json");
  const table = await readMbiTable(mbiPath).catch(() => undefined);
  const widths = (table?.rows ?? []).map(rowInterval).filter((r) => r.mbi_lo !== null && r.mbi_hi !== null)
    .map((r) => r.mbi_hi! - r.mbi_lo!).sort((a, b) => a - b);
  if (widths.length) {
    const over20 = widths.filter((w) => w > 20).length / widths.length;
    const how = describedAs((table as { uncertainty?: unknown }).uncertainty);
    // How often the next larger node budget of the same engine falls inside these intervals (when it is here).
    const larger = sameEngineFirst.find((o) => isOtherBudget(d, o) && nodes(d) < nodes(o) && nodes(o) < Infinity);
    const nextPath = larger && join(dirname(larger.path), "mbi.json");
    const next = nextPath ? await readMbiTable(nextPath).catch(() => undefined) : undefined;
    const cov = next && table
      ? intervalCoverage(table.rows as { sp: number; mbi_lo: number; mbi_hi: number }[], next.rows)
      : undefined;
    const median = quantileSorted(widths, 0.5);
    // without a larger budget here, the same engine's smaller budgets say how often a settling range held the next
    const below = larger ? [] : await coverageBelow(d, sameEngineFirst.filter((o) => isOtherBudget(d, o)), table);
    const coverage = cov
      ? ` At ${formatLimit(larger!.header.config.limit)} ` +
        `(${datasetFolder(larger!)}) the MBI lies inside it for ${pct(cov.share)} of positions ` +
        `(${cov.inside} of ${cov.n}).`
      : " How often it holds a larger budget's MBI is not checked for this dataset: " +
        "no complete dataset of the same engine at a larger budget is here." +
        (below.length
          ? ` At the smaller budgets, the next budget's MBI fell inside a position's settling range for ${
            below.map((b) => `${pct(b.share)} (${int(b.from)} → ${formatLimit({ nodes: b.to })})`).join(", ")
          } of positions.`
          : "");
    out.push({
      id: "mbi-interval",
      headline: `Each MBI's [lo–hi] is a settling range, not a confidence interval (median width ${median}).`,
      // the headline and the table's own definition (`how`) say once that it is not a confidence interval
      text: `Each position's MBI carries a settling range: median width ${median} points, ${pct(over20)} of ` +
        `positions wider than 20 points.${how ? ` ${sentences(how)}` : ""}${coverage}`,
      figures: {
        positions: widths.length,
        median_width: median,
        share_wider_than_20: over20,
        coverage_next_budget: cov?.share ?? null,
        next_budget: larger ? datasetFolder(larger) : null,
      },
      sources: [
        recordedPath(mbiPath),
        ...(nextPath ? [recordedPath(nextPath)] : []),
        ...below.map((b) => recordedPath(b.path)),
      ],
    });
  }
  if (sp) out.push(...await gamesStatements(profile, sp, summary));
  // a design's own notebooks say, as the page of the index it was drawn from does, how far the method's budget on
  // its positions has got (none at the method's own budget: there the dataset is at it)
  const own = sp && !isMethodBudgets({ profile: profile.name, evalLimit: limit })
    ? await methodSampleState(profile, sp.positions.map((p) => p.sp))
    : undefined;
  const partial = await readMethodPartial();
  const run = partial && { partial, ofThisIndex: partial.agreement.index === datasetFolder(d) };
  if (own) out.push(methodSampleStatement(profile, own, run));
  // a design's own results (its notebooks) speak of it alone; a dataset's, of every design drawn from it
  const isDesign = profile.name !== evalFolderName(profile);
  const shown = (designs ?? await designResults(profile)).filter((x) => !isDesign || x.design.name === profile.name);
  for (const design of shown) out.push(...await designStatements(design, run));
  return saidOnce(out);
}
