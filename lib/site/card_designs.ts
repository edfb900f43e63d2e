/**
 * The self-play designs played on the index, for the card and the page: beside the method's published figure (one
 * declaration of the columns, as HTML and Markdown; a design being played shows progress, no figure), the card's
 * "Validation by self-play", which table the games were played from, and why several builds are one engine.
 *
 * @module
 */

import { bestmoveOffPvText, fingerprintValue, type RhoEstimate, rhoInterval, verdictsText } from "../method/mod.ts";
import { loadRegistry } from "../engine/mod.ts";
import { MBI_ROWS_HASH_TEXT } from "../store/mod.ts";
import { type SelfplayResults } from "../selfplay/mod.ts";
import type { SiteData } from "./data.ts";
import { designBudgets, type SiteSample } from "./designs.ts";
import { labelledTable } from "./style.ts";
import { fix, type Html, int, iv, markup, mdCode as code, mdEscape as md, pct } from "../core/mod.ts";

type Row = SiteData["comparison"][number];

/** Where the table is written: the page (a snapshot, with the count of a design being played) or the card. */
type Where = "page" | "card";

/** The columns: heading, a row's cell in words ("–" for no such figure), and the file it links to on the page. */
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

/** A rho with its 95% percentile interval, as the card writes it: `0.412 (0.301 .. 0.52)`. */
export const corr = (c: RhoEstimate & { ci95_percentile: [number, number] }): string =>
  md(rhoInterval(c, c.ci95_percentile, [" (", " .. ", ")"]));

/** The other self-play designs played on this index, and the method's budget on their positions. */
export function designsCardSection(d: SiteData): string[] {
  if (!hasComparison(d)) return [];
  return ["## Validation by self-play", "", ...comparisonMarkdown(d), ...(d.designs.length ? designsTable(d) : [])];
}

/** Each summarised design's three correlations, verdicts and files, and the method's budget on its positions. */
const designsTable = (d: SiteData): string[] => [
  "Self-play designs played on this index (positions drawn one per edge stratum; `deno task selfplay` and " +
  "`deno task stats` with the design's profile), Spearman's rho with 95% percentile bootstrap intervals:",
  "",
  "| design | positions × games | nodes/move | rho(eval, score) | rho(MBI, score) | rho(MBI, \\|score − 0.5\\|) | reliability R | ceiling √R | power at 0.76 | verdict | claim | file |",
  "| --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: | --- | --- | --- |",
  ...d.designs.map(({ profile, summary: s, summaryFile }) =>
    `| ${code(profile)} | ${s.n_positions} × ${s.selfplay.games_per_position} (${int(s.n_games)} games) | ${
      int(s.selfplay.nodes_per_move)
    } | ${corr(s.eval_vs_score)} | ${corr(s.mbi_vs_score)} | ${corr(s.mbi_vs_imbalance)} | ${
      fix(s.reliability.reliability, 3)
    } | ${fix(s.reliability.ceiling, 3)} | ${s.power.this_design.power.toFixed(2)} | ${
      md(verdictsText(s).validation)
    } | ${md(verdictsText(s).claim)} | ${code(summaryFile)} |`
  ),
  "",
  ...d.designs.flatMap((g) => {
    const m = g.sample;
    const sample = !m
      ? `The method's budget has not been run on its ${g.summary.n_positions} positions.`
      : !m.summary
      ? `The method's budget on its positions (${code(m.file)}, ${md(m.limit)} per position, ${
        md(m.engine.uci_name)
      }): ${m.evaluated} of ${m.of} evaluated${
        m.evaluated < m.of ? ", run in progress" : ""
      }; its figures follow when it is complete${m.next ? ` (${code(m.next)})` : ""}.${verifiedText(m)}${offPv(m)}`
      : `The method's budget on its positions (${code(m.file)}, ${md(m.limit)} per position): ` +
        m.summary.figures.validation.map((v) =>
          `with the values at ${md(v.budget)}, rho(eval, score) ${corr(v.eval_vs_score)}, ${
            md(verdictsText(v).validation)
          }`
        ).join("; ") + ` (${code(m.summary.file)}).${verifiedText(m)}${offPv(m)}`;
    const e = g.selfplay.engine;
    const c = g.summary.code;
    return [
      `- Self-play, ${md(designBudgets(g))}: games by ${md(e.uci_name)} (${code(e.id)}, fingerprint ${
        fingerprintValue(e.fingerprint)
      }, build \`${e.sha256.slice(0, 12)}…\`), stage 5 by code \`${c.commit.slice(0, 12)}\`${
        c.dirty ? " with uncommitted changes" : ""
      }. ` +
      `${md(g.published.sentence)} ${sample}`,
      ...playedFrom(d, "These games were", g.selfplay),
    ];
  }),
];

/** Which MBI table a design's games were played from: the rows hash `selfplay.json` records, beside the table's. */
export function playedFrom(d: SiteData, subject: string, selfplay: SelfplayResults, bullet = "  - "): string[] {
  const input = selfplay.inputs.find((i) => i.rows_sha256 !== undefined);
  if (!input) return [];
  const same = input.rows_sha256 === d.rows_sha256;
  const now = d.files.find((f) => f.name === "mbi.json")?.sha256;
  const short = (h: string) => `\`${h.slice(0, 12)}…\``;
  return [
    `${bullet}${subject} played from the positions of ${code(input.path)} with rows hash ${
      short(input.rows_sha256!)
    } (${MBI_ROWS_HASH_TEXT}). ${
      same ? "These are the rows of the current table" : "These are **not** the rows of the current table"
    }${
      same && now !== undefined && now !== input.sha256
        ? `; the file was written again since with the same rows (file hash ${short(input.sha256)} then, ${
          short(now)
        } now)`
        : ""
    }.`,
  ];
}

/** Why a sample's `bestmove`s may differ from their PVs, when some do (a sentence, empty when none). */
const offPv = (m: SiteSample) =>
  m.bestmove_off_pv.length ? ` ${md(bestmoveOffPvText(m.bestmove_off_pv.length, m.evaluated))}` : "";

/** Why builds with different hashes are one engine here: they search node for node alike. */
export const ONE_ENGINE =
  `One engine, several builds: the method's documents name the official Stockfish 17.1 binary by its SHA-256 (\`${
    loadRegistry().engines.find((x) => x.id === "sf17.1-official")?.sha256 ?? "not in the registry"
  }\`); this workspace builds its own (WASM from npm, native from Debian's source), so their hashes differ from it and from each other. ` +
  "What makes them one engine is the search. One thread, a fixed hash and a node budget give the same nodes, value and PV " +
  "in every build whose bench fingerprint is the reference's; each build named here has been checked to be one.";

/** The recorded recomputations of a sample's positions, as a sentence (empty when none). */
export const verifiedText = (m: SiteSample): string =>
  m.verified.length
    ? ` Recomputed from scratch (\`verify-reproduce.json\` beside it): ${
      m.verified.map((c) =>
        `SP ${c.sp} with ${md(c.engine.uci_name)} (build \`${c.engine.sha256.slice(0, 12)}…\`), ${
          c.date.slice(0, 10)
        }: ${c.match ? "identical" : `different (${md(c.differences.join("; "))})`}`
      ).join("; ")
    }.`
    : "";
