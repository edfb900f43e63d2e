/**
 * The self-play designs of a dataset side by side with the method's published
 * figure (rows from `designComparison`, lib/report/design_comparison.ts): one
 * declaration of the columns and their cells, written as an HTML table for
 * the page and as a Markdown table for the dataset card. A design being
 * played shows its progress and its prediction, no figure from its games.
 *
 * @module
 */

import { fix, type Html, int, iv, markup, pct } from "../core/mod.ts";
import { fingerprintValue } from "../method/mod.ts";
import type { SiteData } from "./data.ts";
import { code, md } from "./card_text.ts";
import { labelledTable } from "./labelled_table.ts";

type Row = SiteData["comparison"][number];

/** Where the table is written: the page (a snapshot, with the count of a design being played) or the card. */
type Where = "page" | "card";

/**
 * The columns: heading, the cell of a row in words ("–" where a row has no
 * such figure), and the file the cell links to on the page (the rho its
 * summary or sample file, a design being played its games, a prediction its
 * `prediction.json`). The prediction stands beside the rho it predicts.
 */
export const COMPARISON_COLUMNS: readonly {
  heading: string;
  cell: (r: Row, where: Where) => string;
  href?: (r: Row) => string | null;
}[] = [
  { heading: "self-play design", cell: (r) => r.design },
  { heading: "values at (per position)", cell: (r) => r.values.replace(/ per position$/, "") },
  {
    heading: "games",
    // the card is checked against its files, which grow while the games are played: it names the file, not a count
    cell: (r, where) =>
      r.kind !== "running"
        ? int(r.games.done)
        : where === "page"
        ? `${int(r.games.done)} of ${int(r.games.planned)} when this was made`
        : `being played: ${int(r.games.planned)} planned, those so far in its games file`,
    href: (r) => (r.kind === "running" ? r.href : null),
  },
  {
    heading: "rho(eval, White's score) [95%]",
    cell: (r) =>
      !r.rho ? "when the games are complete" : r.rho.rho === null ? "not defined" : r.kind === "published" // as the method's documents print it
        ? `${r.rho.rho} [${r.rho.ci95[0]}, ${r.rho.ci95[1]}]`
        : `${fix(r.rho.rho, 3)} ${iv(r.rho.ci95)}`,
    href: (r) => (r.kind === "running" ? null : r.href),
  },
  {
    heading: "predicted before the first game",
    cell: (r) =>
      r.prediction
        ? `${fix(r.prediction.rho, 3)} ${iv(r.prediction.range95)}${
          r.prediction.inside === null ? "" : r.prediction.inside ? ": inside" : ": outside"
        }`
        : "–",
    href: (r) => r.prediction_href,
  },
  {
    heading: "reliability [95%]",
    cell: (r) =>
      r.reliability ? `${fix(r.reliability.r, 3)}${r.reliability.ci95 ? ` ${iv(r.reliability.ci95)}` : ""}` : "–",
  },
  { heading: "ceiling √R", cell: (r) => (r.ceiling === null ? "–" : fix(r.ceiling, 3)) },
  { heading: "draws", cell: (r) => (r.draw_rate === null ? "–" : pct(r.draw_rate)) },
  { heading: "power at 0.76", cell: (r) => (r.power === null ? "–" : fix(r.power, 2)) },
];

/** Whether there is something to set beside the published figure: a design summarised or being played. */
export const hasComparison = (d: Pick<SiteData, "comparison">): boolean =>
  d.comparison.some((r) => r.kind !== "published");

/** The engines that played the rows' games, in words: `Stockfish 17.1 (fingerprint 2,030,154)`, joined by "and". */
function engines(d: Pick<SiteData, "comparison">): string {
  const names = new Set(
    d.comparison.flatMap((r) =>
      r.engine ? [`${r.engine.uci_name} (fingerprint ${fingerprintValue(r.engine.fingerprint)})`] : []
    ),
  );
  return [...names].join(" and ");
}

/** The table's caption: what it shows and who played the games (the method's documents name Stockfish 17.1). */
const caption = (d: Pick<SiteData, "comparison">) =>
  `The self-play designs beside the method's published figure: games by ${
    engines(d)
  }; Spearman's rho with its 95% bootstrap interval`;

/** The table for the page (each figure links to the file it is read from; on a phone each row is a block of labelled lines). */
export function comparisonHtml(d: Pick<SiteData, "comparison">): Html {
  if (!hasComparison(d)) return markup``;
  const rows = d.comparison.map((r) =>
    COMPARISON_COLUMNS.map((c) => {
      const href = c.href?.(r) ?? null;
      return href ? markup`<a href="${href}">${c.cell(r, "page")}</a>` : c.cell(r, "page");
    })
  );
  return markup`<div class="scroll">${
    labelledTable(caption(d), COMPARISON_COLUMNS.map((c) => c.heading), rows, "designs")
  }</div>`;
}

/** The table for the dataset card (each row's files named in its own column: its figure's, its prediction's). */
export function comparisonMarkdown(d: Pick<SiteData, "comparison">): string[] {
  if (!hasComparison(d)) return [];
  const cells = (xs: string[]) => `| ${xs.join(" | ")} |`;
  return [
    `${caption(d)}:`,
    "",
    cells([...COMPARISON_COLUMNS.map((c) => md(c.heading)), "file"]),
    `|${" --- |".repeat(COMPARISON_COLUMNS.length + 1)}`,
    ...d.comparison.map((r) =>
      cells([
        ...COMPARISON_COLUMNS.map((c) => md(c.cell(r, "card"))),
        [r.file ? code(r.file) : "the method's documents", ...(r.prediction_file ? [code(r.prediction_file)] : [])]
          .join(", "),
      ])
    ),
    "",
  ];
}
