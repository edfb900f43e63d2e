/**
 * The longer views of the notebooks: the distribution beside the method's, a position's standing, the self-play
 * settings, the verdicts, reliability and power, the limitations. The numbers come from the stage modules; these
 * functions only lay them out.
 *
 * @module
 */

import {
  budgetBanner,
  fingerprintValue,
  formatBudgets,
  formatOptions,
  offMethodText,
  PROFILES,
  reliabilityUncertaintyText,
  rhoDefined,
  rhoText,
  verdictsText,
} from "../method/mod.ts";
import { type DistributionSummary, publishedNegativesText, type Summary } from "../analysis/mod.ts";
import { getProfile, type MbiTable, summaryPath } from "../store/mod.ts";
import { basename } from "node:path";
import { type SelfplayResults } from "../selfplay/mod.ts";
import { checkAgainstPublished, type Limitation } from "../report/mod.ts";
import { fix, fixedNonZero, int, iv, markup, num } from "../core/mod.ts";
import { PALETTE } from "../plot/mod.ts";
import { type Displayable, html, htmlKeyValues, htmlTable } from "./display.ts";
import { backRankHtml } from "./board_view.ts";
import { formatLimit } from "../engine/mod.ts";

const fmt = (v: number, d = 1) => Number.isInteger(v) ? num(v) : fixedNonZero(v, d);

/** Stage 2: this profile's summary beside the method's published figures. */
export function distributionTable(s: DistributionSummary): Displayable {
  const m = s.method;
  const rows: [string, string, string][] = [
    ["budget per position", formatLimit(s.input.limit), m.budget],
    ["engine", s.input.engine, "Stockfish 17.1"],
    ["positions", String(s.eval.count), String(m.count)],
    ["min .. max (cp)", `${num(s.eval.min)} .. ${num(s.eval.max)}`, `${num(m.min)} .. ${num(m.max)}`],
    ["median (cp)", fmt(s.eval.median), fmt(m.median)],
    ["mean ± SD (cp)", `${fmt(s.eval.mean)} ± ${fmt(s.eval.sd)}`, "not published"],
    ["quartiles (cp)", `${fmt(s.eval.quartiles[0])}, ${fmt(s.eval.quartiles[1])}`, "not published"],
    ["positions >= 0", String(s.non_negative), String(m.count - m.negatives)],
    [
      "positions < 0 (values)",
      `${s.negatives.count} (${
        s.negatives.values.map((v) => `SP ${v.sp}: ${num(v.eval_cp)} cp`).join(", ") || "none"
      })`,
      publishedNegativesText(m),
    ],
    ["distinct values", String(s.ties.distinct_values), "not published"],
    ["depth reached", `${s.depth.min} .. ${s.depth.max} (median ${fmt(s.depth.median)})`, "not published"],
  ];
  return html(
    htmlTable(rows, [
      { header: "", value: (r) => r[0] },
      { header: "this dataset", value: (r) => r[1] },
      { header: "the method (published)", value: (r) => r[2] },
    ], "Distribution of the engine value, White's point of view: this dataset beside the method"),
  );
}

/** Stage 3: where one position stands, with its interval. */
export function positionStanding(table: MbiTable, sp: number): Displayable {
  const r = table.rows.find((x) => x.sp === sp);
  if (!r) return html(markup`<p>SP ${sp} is not in this table.</p>`);
  const sameEdge = table.rows.filter((x) => x.edge_cp === r.edge_cp).length;
  const moreBalanced = table.rows.filter((x) => x.edge_cp < r.edge_cp).length;
  const interval = r.mbi_lo !== null && r.mbi_hi !== null ? ` (settling range ${r.mbi_lo}–${r.mbi_hi})` : "";
  return html(
    markup`<p>${backRankHtml(r.setup)} <b>SP ${sp} (${r.setup})</b>: eval ${r.eval_cp} cp at ${
      formatLimit(table.input.limit)
    }, MBI <b>${r.mbi}</b>${interval}, rank ${r.rank} of ${table.rows.length}. ${moreBalanced} positions have a smaller edge; ${
      sameEdge - 1
    } others share its edge of ${r.edge_cp} cp.</p>`,
  );
}

/** Stage 4: the settings of the games, for people. */
export function selfplaySettings(r: SelfplayResults): Displayable {
  const c = r.config, a = c.adjudication, o = c.opening;
  return html(htmlKeyValues([
    ["positions", `${r.n_positions} (one per edge stratum, seeded)`],
    ["games per position", String(c.games)],
    ["node budget per move", `${int(c.nodes_per_move)} nodes`],
    [
      "opening lines",
      `each game its own line of the position's opening set: near-best moves (MultiPV ${o.multipv}, within ${o.windowCp} cp of the best) ` +
      `for at least ${o.plies} plies, deeper (up to ${o.maxPlies}) where a position has too few lines`,
    ],
    [
      "adjudication",
      `draw from move ${a.drawMoveNumber} on (ply ${2 * (a.drawMoveNumber - 1)}) after ${a.drawMoveCount} moves of ` +
      `each side within ±${a.drawScore} cp; ` +
      `resign after ${a.resignMoveCount} moves of both sides agreeing on ≥ ${a.resignScore} cp; draw at ${a.maxPlies} plies`,
    ],
    ["base seed", String(c.seed)],
    ["engine", `${r.engine.uci_name} (fingerprint ${fingerprintValue(r.engine.fingerprint)})`],
    ["UCI options", formatOptions(c.options)],
    ["score interval", r.score_interval],
  ], "Self-play settings"));
}

const ci = (c: [number, number] | null) => c ? iv(c) : "n/a";

/**
 * Stage 5: the computed verdicts with their intervals (3 decimals) and budgets; at other budgets than the method's,
 * that they cannot confirm or refute the published figure, and what the design could show of it.
 */
export function verdictView(s: Summary): Displayable {
  const c1 = s.eval_vs_score, c3 = s.mbi_vs_imbalance, p = s.published, sp = s.selfplay;
  const facts = {
    profile: s.profile,
    evalLimit: s.eval_limit as { nodes: number },
    selfplay: { positions: s.n_positions, games: sp.games_per_position, nodesPerMove: sp.nodes_per_move },
  };
  const budgets = formatBudgets(facts);
  const methods = budgetBanner(facts) === null;
  const published = methods
    ? `These are the method's budgets; the documents published ${p.rho_eval_score} [${p.ci95[0]}, ${p.ci95[1]}] for ` +
      `rho(eval, score) at them.`
    : `Measured with ${
      offMethodText(facts)
    }, not the method's (${p.budgets}), these figures cannot confirm or refute the ` +
      `published ${p.rho_eval_score} [${p.ci95[0]}, ${p.ci95[1]}]. What this design could show of it: ${
        checkAgainstPublished(c1, s.reliability).sentence
      }`;
  return html(
    markup`<p style="font-size:1.1em"><b>Verdict: ${verdictsText(s).validation}</b> — ${
      rhoDefined(c1)
        ? `the 95% percentile CI of rho(eval, score) is ${ci(c1.ci95_percentile)} (${
          c1.ci95_percentile[0] > 0 ? "above 0" : "not above 0"
        })`
        : `rho(eval, score) is ${rhoText(c1)}`
    }. <b>The index's claim is ${verdictsText(s).claim}</b> — ${
      rhoDefined(c3)
        ? `the CI of rho(MBI, |score − 0.5|) is ${ci(c3.ci95_percentile)} (${
          c3.ci95_percentile[1] < 0 ? "below 0" : "not below 0"
        })`
        : `rho(MBI, |score − 0.5|) is ${rhoText(c3)}`
    }.</p><p>Budgets behind these words: ${budgets}; ${int(s.n_games)} games, B = ${
      int(s.resamples)
    } resamples. ${published}</p><p><i>Rules: ${s.verdict.rules}.</i></p>`,
    `verdict: ${verdictsText(s).validation}; claim ${verdictsText(s).claim}`,
  );
}

/** Stage 5: reliability, ceiling and power (this design and the method's 60 × 50), and what a reader can do. */
export function powerView(s: Summary, caption?: string): Displayable {
  const pw = s.power;
  const f = (x: number | null, d = 3) => fix(x, d, "n/a");
  const t = pw.this_design, m = pw.method_design;
  const rows: [string, string, string][] = [
    ["design", `${t.positions} positions × ${t.games} games`, `${m.positions} × ${m.games}`],
    ["reliability of a position's score", f(t.reliability), f(m.reliability)],
    ["ceiling on an observed rho (√reliability)", f(Math.sqrt(t.reliability)), f(Math.sqrt(m.reliability))],
    [`expected observed rho if the true rho were ${pw.assumed_rho}`, f(t.expected_rho), f(m.expected_rho)],
    ["power: probability that the 95% interval lies above 0", f(t.power), f(m.power)],
  ];
  const source = pw.variances.source === "measured"
    ? "the variances measured in these games"
    : "docs/METHOD.md's variances";
  // the method's own design (same positions and games) is one column, not two equal ones
  const same = t.positions === m.positions && t.games === m.games;
  const table = htmlTable(
    rows,
    [
      { header: "", value: (x) => x[0] },
      {
        header: same ? `this design, the method's ${m.positions} × ${m.games}` : "this design",
        value: (x) => x[1],
        numeric: true,
      },
      ...(same ? [] : [{
        header: `the method's ${m.positions} × ${m.games}, same variances`,
        value: (x: string[]) => x[2],
        numeric: true,
      }]),
    ],
    `Reliability and power with ${source} (${basename(summaryPath(getProfile(s.profile)))})${
      caption ? ` — ${caption}` : ""
    }: ${s.n_positions} positions, ${int(s.n_games)} games`,
  );
  const measured = `Variances: ${pw.variances.note}.${
    s.reliability_uncertainty
      ? ` ${
        reliabilityUncertaintyText(s.reliability_uncertainty, pw.required_power, pw.variances.source === "measured")
      }`
      : ""
  }`;
  const g = pw.games_needed;
  let act: string;
  if (g.at_this_positions !== null) {
    const atMethod = g.at_method_positions === null || t.positions === m.positions
      ? ""
      : ` (${int(g.at_method_positions)} per position with the method's ${m.positions} positions)`;
    const orMore = pw.positions_needed === null
      ? ""
      : `, or ${int(pw.positions_needed)} positions at ${t.games} games each`;
    const unless = pw.variances.source === "method"
      ? " — if the positions differ as much as docs/METHOD.md states; these games cannot tell"
      : "";
    act = `To resolve a true ${pw.assumed_rho} with power ${pw.required_power}, this design needs about ${
      int(g.at_this_positions)
    } games per position at ${t.positions} positions${atMethod}${orMore}${unless}.`;
  } else {
    act = `Even with every position and many games the power stays below ${pw.required_power} at these variances.`;
  }
  const published = publishedAgainstCeiling(s);
  return html(
    markup`${table}<p>${measured}</p><p><b>The published figure against its design:</b> ${published}</p><p><b>What to do with it:</b> ${act}</p><p style="font-size:11px;color:${PALETTE.note}">Assumptions: ${pw.assumptions}.</p>`,
    act,
  );
}

/**
 * The published 0.76 against the ceiling of the method's 60 × 50 design at the summary's variances, read both ways
 * (as `checkAgainstPublished` does): as an observed rho of that design, above the ceiling it is out of reach (so the
 * variances, or the figure, are not what the method's games had) and below it within reach; as the true
 * correlation, it would show there as about 0.76·√R.
 */
export function publishedAgainstCeiling(s: Summary): string {
  const pw = s.power;
  const m = pw.method_design;
  const ceiling = Math.sqrt(m.reliability);
  const published = s.published.rho_eval_score;
  const f = (x: number) => fixedNonZero(x, 3);
  const source = pw.variances.source === "measured"
    ? "the variances measured in these games"
    : "the variances of docs/METHOD.md decision 6 (these games cannot estimate theirs)";
  const head = `the method's ${m.positions} × ${m.games} design, with ${source}, has a reliability of ${
    f(m.reliability)
  } and so a ceiling of ${
    f(ceiling)
  } on any observed rho. Read as an observed rho of that design, the published ${published} lies `;
  const shows = `it would show there as about ${f(m.expected_rho)}.`;
  // variances measured at another budget per move than the method's may not be those of the method's games
  const method = PROFILES.full.selfplay.nodesPerMove;
  const other = pw.variances.source === "measured" && s.selfplay.nodes_per_move !== method
    ? ` These variances were measured in games at ${int(s.selfplay.nodes_per_move)} nodes per move; games at the ` +
      `method's ${int(method)} may have other variances, and this reading holds only if theirs are alike.`
    : "";
  return (ceiling < published
    ? `${head}${f(published - ceiling)} above what the design can show at these variances: either the method's ` +
      `positions differed far more than these variances say, or the published figure is not what its games could give. ` +
      `Read as the true correlation, it is within reach: ${shows}`
    : `${head}within the design's reach (${f(ceiling - published)} below the ceiling): a true correlation of about ${
      f(Math.min(1, published / ceiling))
    }. Read as the true correlation, ${shows}`) + other;
}

/**
 * The limitations as the dataset page lists them: one line each (its headline), the full statement and its files
 * opened on demand; as text, the headlines.
 */
export function limitationsView(items: readonly Limitation[], title = "Limitations (computed from the result files)") {
  return html(
    markup`<h4>${title}</h4><p style="font-size:11px;color:${PALETTE.note}">One line each; open one for its figures and files.</p><ul>${
      items.map((l) =>
        markup`<li><details><summary>${l.headline}</summary>${l.text} <span style="font-size:11px;color:${PALETTE.note}">(${
          l.sources.join(", ")
        })</span></details></li>`
      )
    }</ul>`,
    items.map((l) => `- ${l.headline}`).join("\n"),
  );
}
