/**
 * The dataset card (`DATASET.md`): what the files are, their columns, provenance, how they were produced and checked,
 * known limits (computed from the data), licence and citation: one Markdown text, beside the files and on the page.
 *
 * @module
 */

import { CITATION, LICENCE, MBI_CSV_COLUMNS } from "../store/mod.ts";
import { BOARD_CREDITS } from "./board_config.ts";
import { EVALS_CSV_COLUMNS } from "../evaluation/mod.ts";
import { type OpeningSet, type PositionResult } from "../selfplay/mod.ts";
import { bestmoveOffPvText, datasetLabel, fingerprintValue, METHOD_EVAL_TEXT, verdictsText } from "../method/mod.ts";
import type { SiteData } from "./data.ts";
import { designBudgets } from "./designs.ts";
import { corr, designsCardSection, ONE_ENGINE, playedFrom } from "./card_designs.ts";
import { fix, fixedNonZero, int, mdCode as code, mdEscape as md, num } from "../core/mod.ts";

/** Size in words: `80.1 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1e6).toFixed(2)} MB`;
}

/** How a dataset is cited: the method's citation plus engine, fingerprint and budget. */
export function citationLine(d: SiteData): string {
  const fp = fingerprintValue(d.engine.fingerprint);
  return `${CITATION} Dataset: ${d.profile} profile, ${d.engine.uci_name}, fingerprint ${fp}, ${d.budgets}.`;
}

/** What each column of `mbi.csv` holds: one entry per column of the writer (the type keeps them in step). */
export const MBI_CSV_MEANINGS: Record<(typeof MBI_CSV_COLUMNS)[number], string> = {
  sp: "start position number 0..959 (standard Scharnagl numbering; 518 = RNBQKBNR)",
  setup: "White's back rank, files a to h",
  fen: "the start position as FEN with Shredder castling letters",
  eval_cp: "engine value in centipawns from White's point of view, from the last completed iteration",
  edge_cp: "abs(eval_cp): the size of the first-move edge",
  rank: "1-based rank of edge_cp, smallest first; ties share the mean of their ranks",
  mbi: "round(100 × (N − rank) / (N − 1)), half up: 100 = most balanced, 0 = largest edge",
  mbi_lo: "the position's MBI settling range (not a confidence interval)",
  mbi_hi: "the position's MBI settling range (not a confidence interval)",
};

/** What each column of `evals.csv` holds (one entry per column of the writer). */
export const EVALS_CSV_MEANINGS: Record<(typeof EVALS_CSV_COLUMNS)[number], string> = {
  sp: "as in mbi.csv",
  setup: "as in mbi.csv",
  fen: "as in mbi.csv",
  eval_cp: "value in centipawns (White's view); empty when the engine reported a mate",
  mate: "moves to mate from White's view, when reported",
  depth: "depth of the last completed iteration",
  nodes: "nodes the search used",
  bestmove: "the engine's best move (UCI; Chess960 castling as king takes rook)",
  pv: "principal variation of the last completed iteration, UCI moves separated by spaces",
};

/** What each per-position field of `selfplay.json` holds (every field of the type, so none is left out). */
export const SELFPLAY_POSITION_MEANINGS: { [K in keyof PositionResult]-?: string } = {
  sp: "start position number",
  setup: "White's back rank",
  eval_cp: "the stage-1 value (cp, White's view)",
  edge_cp: "abs(eval_cp)",
  mbi: "the index",
  stratum: "the edge stratum the position was drawn from (-1 for an explicit choice)",
  games: "games played",
  wins: "White's wins",
  draws: "draws",
  losses: "White's losses",
  score: "White's score: (wins + draws / 2) / games",
  score_ci95: "95% interval of the score (the file's `score_interval` says which)",
  avg_plies: "mean game length in plies",
  terminations: "how many games ended each way",
  distinct_games: "number of different move sequences among the games",
  duplicate_games: "games that repeat an earlier game of the position move for move (0 with a complete opening set)",
  repeats_after_opening:
    "games that reach the position an earlier game reached after its opening (a transposition, or the same moves) and then play the same moves to the same result",
  opening_plies: "plies of the position's opening lines",
};

/** What each field of an opening set in `selfplay/openings.jsonl` holds (every field of the type). */
export const OPENING_SET_MEANINGS: { [K in keyof OpeningSet]-?: string } = {
  sp: "start position number",
  lines: "the lines, in the set's order (game g takes one by its seed): each with `moves` (UCI), `san`, " +
    "`scores` (White's view) and `depths` of the searches that chose them",
  plies: "plies of the lines",
  searches: "searches made to build the set",
  games: "games the set was built for",
  shortfall: "lines missing for every game to have its own line (0 unless a position has too few near-best lines)",
};

/** Markdown rows `| column | meaning |` in the order of `columns`, columns with the same meaning in one row. */
function meaningRows(
  meanings: Record<string, string>,
  columns: readonly string[] = Object.keys(meanings),
  head = "column",
): string[] {
  const rows: { cols: string[]; meaning: string }[] = [];
  for (const c of columns) {
    const m = meanings[c];
    const last = rows[rows.length - 1];
    if (last && last.meaning === m) last.cols.push(c);
    else rows.push({ cols: [c], meaning: m });
  }
  return [
    `| ${head} | meaning |`,
    "| --- | --- |",
    ...rows.map((r) => `| ${r.cols.map((c) => `\`${c}\``).join(", ")} | ${md(r.meaning)} |`),
  ];
}

const filesSection = (d: SiteData): string[] => [
  "## Files",
  "",
  "| file | what | size | SHA-256 | licence |",
  "| --- | --- | ---: | --- | --- |",
  ...d.files.map((f) => `| \`${f.source}\` | ${md(f.what)} | ${formatBytes(f.bytes)} | \`${f.sha256}\` | ${LICENCE} |`),
  "",
  ...(d.held.length
    ? [
      `Also in the profile folder (${LICENCE} like the rest):`,
      "",
      ...d.held.map((f) => `- ${code(f.source)}: ${md(f.what)}`),
      "",
    ]
    : []),
  ...licenceLines(d),
];

/** The licences of what the dataset rests on: its files', a shipped outcome table's, the engine's and the code's. */
function licenceLines(d: SiteData): string[] {
  const tables = d.validations.map((v) => v.table);
  return [
    "Licences: the files above are data of the index, " +
    `${LICENCE} (https://creativecommons.org/licenses/by/4.0/), the licence the method gives its index. ` +
    `The engine that made them, ${
      md(d.engine.uci_name)
    }, is GPL-3.0 (run as a separate program, not part of these files). ` +
    (tables.includes("lichess-2020-human")
      ? "The human outcome table `data/lichess-human-by-setup.csv` behind the external validation is Apache-2.0 " +
        "(attribution in `data/lichess-human-by-setup.NOTICE.md`). "
      : "") +
    "The code that produced them is under the repository's `LICENSE`.",
  ];
}

/** A `###` part of the "Columns" section, when `shown`. */
const part = (shown: unknown, heading: string, ...lines: string[]) => shown ? ["", `### ${heading}`, "", ...lines] : [];

function columnsSection(d: SiteData): string[] {
  const interval = d.uncertainty
    ? `the position's MBI settling range: ${d.uncertainty}`
    : "the position's MBI settling range (empty when the evaluations carry no iterations)";
  const openings = d.held.filter((f) => f.source.endsWith("openings.jsonl"));
  return [
    "## Columns",
    ...part(
      true,
      "`mbi.csv`",
      ...meaningRows({ ...MBI_CSV_MEANINGS, mbi_lo: interval, mbi_hi: interval }, MBI_CSV_COLUMNS),
    ),
    ...part(true, "`evals.csv`", ...meaningRows(EVALS_CSV_MEANINGS, EVALS_CSV_COLUMNS)),
    ...part(
      d.selfplay,
      "`selfplay.json`",
      "The design (`config`, `engine`, `method`, `score_interval`), the inputs with their hashes, `n_positions`, " +
        "`n_games`, `n_duplicate_games`, `n_repeats_after_opening`, and per self-play position (`positions`):",
      "",
      ...meaningRows(SELFPLAY_POSITION_MEANINGS, undefined, "field"),
    ),
    ...part(
      openings.length,
      openings.map((f) => code(f.source)).join(", "),
      "The first line is the header (profile, the engine's fingerprint and options, the self-play design and its " +
        "positions); then one opening set per position:",
      "",
      ...meaningRows(OPENING_SET_MEANINGS, undefined, "field"),
    ),
    ...part(
      d.summary,
      `\`${d.summaryFile}\``,
      "`eval_vs_score`, `mbi_vs_score`, `mbi_vs_imbalance`: Spearman's rho with its 95% percentile and BCa bootstrap " +
        "intervals; `verdict` with the rules as applied; `reliability` and `power` of the design; `published`: the " +
        "method's figures; `inputs` with SHA-256.",
    ),
    ...part(
      d.files.some((f) => f.name === "games.pgn"),
      "`games.pgn`",
      'Standard PGN with `Variant "Chess960"`, `FEN`, and the tags `SP`, `Seed` (the game\'s seed: the game replays ' +
        "from it), `NodesPerMove` and `Termination`; each move carries the engine's score and depth as a comment. " +
        "`Date` is the day the games were played, as the games header records it.",
    ),
  ];
}

function provenanceSection(d: SiteData): string[] {
  const e = d.engine;
  const s = d.summary;
  return [
    "## Provenance",
    "",
    `- Engine: ${md(e.uci_name)} (registry id ${code(e.id)}, version ${md(e.version ?? "unknown")}, ${md(e.author)})`,
    `- Build SHA-256: \`${e.sha256}\`${
      e.files.length ? `; files: ${e.files.map((f) => `${code(f.name)} \`${f.sha256}\``).join(", ")}` : ""
    }`,
    `- NNUE nets: ${e.nets.length ? e.nets.map((n) => `${code(n)}`).join(", ") : "none reported"}`,
    `- Fingerprint (nodes of the 48 bench searches at depth 13): ${fingerprintValue(e.fingerprint)}${
      e.matches_reference ? " — the reference Stockfish 17.1's fingerprint" : ""
    }`,
    ...(e.matches_reference ? [`- ${ONE_ENGINE}`] : []),
    ...(d.bestmove_off_pv.length ? [`- ${md(bestmoveOffPvText(d.bestmove_off_pv.length, d.n))}`] : []),
    `- Budget: ${md(d.budgets)}`,
    ...d.designs.map((x) => `- Self-play design ${code(x.profile)}: ${md(designBudgets(x))}`),
    `- UCI options: ${md(d.options)}; \`ucinewgame\` and \`isready\` before every position`,
    `- Code: stage 1 by commit \`${d.code.evals.commit}\`${d.code.evals.dirty ? " (with local changes)" : ""}, ` +
    `the index by \`${d.code.mbi.commit}\`${d.code.mbi.dirty ? " (with local changes)" : ""}`,
    `- Stage 1 started ${d.created}`,
    `- Input files: ${d.inputs.map((i) => `${code(i.path)} \`${i.sha256}\``).join(", ")}`,
    ...(s ? [`- Stage 5 inputs: ${s.inputs.map((i) => `${code(i.path)} \`${i.sha256}\``).join(", ")}`] : []),
  ];
}

function producedSection(d: SiteData): string[] {
  const p = d.profile;
  const r = d.reproduce;
  const steps = [
    `Stage 1, \`deno task eval-all --profile ${p}\`: every start position searched once at ${d.limit}, ` +
    "value and PV from the last completed iteration (the interrupted one is never used), White's point of view.",
    d.distribution && "Stage 2: distribution, ties and rank agreement with other budgets (`distribution.json`).",
    `Stage 3, \`deno task derive-mbi --profile ${p}\`: ${md(d.definition.edge)}; ${md(d.definition.rank)}; ` +
    `${md(d.definition.mbi)}; ${md(d.definition.rounding)}; N = ${d.definition.n}.`,
    d.selfplay &&
    `Stage 4, \`deno task selfplay --profile ${p}\`: seeded engine self-play of positions drawn one per edge stratum.`,
    d.summary &&
    `Stage 5, \`deno task stats --profile ${p}\`: the correlations with seeded bootstrap intervals; the verdict is computed from the intervals.`,
  ].filter((s) => typeof s === "string");
  const v = d.verified;
  const otherSelfplay = d.held.filter((f) => /^selfplay~[^/]*\/games\.jsonl$/.test(f.source)).map((f) => f.source);
  return [
    "## How it was produced",
    "",
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    d.selfplay
      ? "All of it: `deno task pipeline --profile " + p + "`." +
        playedFrom(d, "Its self-play games were", d.selfplay, " ").join("")
      : d.designs.length
      ? `Self-play on this index: ${
        d.designs.map((g) => md(designBudgets(g))).join("; ")
      }. Each design is summarised under "Validation by self-play" below.`
      : otherSelfplay.length
      ? `Self-play and its statistics (stages 4 and 5) of this profile's design have not been run for this dataset; ` +
        `it holds games of another design (${
          otherSelfplay.map((f) => `${code(f)}`).join(", ")
        }), not summarised on this card.`
      : "Self-play and its statistics (stages 4 and 5) have not been run for this dataset: it holds stages 1–3 only.",
    "",
    "## How it was checked",
    "",
    "- One thread, a fixed hash size and a fixed node budget make every search deterministic: " +
    `\`deno task verify-reproduce --sp N --profile ${p}\` recomputes one position and compares value, depth, PV and nodes bit for bit.`,
    ...(v?.checks.length
      ? v.checks.map((c) =>
        `  - SP ${c.sp} recomputed with ${md(c.engine.uci_name)} (${code(c.engine.id)}, build \`${
          c.engine.sha256.slice(0, 12)
        }…\`) on ${md(c.machine.hostname)} (${md(c.machine.cpu)}), ${c.date}: ${
          c.match ? "identical" : `different (${md(c.differences.join("; "))})`
        } (\`verify-reproduce.json\`)`
      )
      : ["  - No check of a single position is recorded (`--record` writes one to `verify-reproduce.json`)."]),
    `- \`deno task reproduce --profile ${p}\` recomputes the whole profile from scratch in a scratch folder with the ` +
    "recorded engine and budgets and compares every file with these, record by record (timing fields and recorded times aside).",
    r
      ? `- Last recorded reproduction (\`reproduce.json\`): ${r.date} on ${md(r.machine.hostname)} (${
        md(r.machine.cpu)
      }, ${r.machine.cores} cores), ` +
        `${Math.round(r.duration_s)} s: ${r.identical ? "every file identical" : "differences found"}.`
      : "- No reproduction of the whole dataset is recorded (`deno task reproduce --record` writes `reproduce.json`).",
    ...(r
      ? [
        "",
        "| file | verdict | first difference |",
        "| --- | --- | --- |",
        ...r.files.map((f) => `| \`${f.file}\` | ${f.verdict} | ${md(f.difference ?? "")} |`),
        "",
        `(${md(r.set_aside)})`,
      ]
      : []),
  ];
}

/** The dataset's external validations, one row per outcome table, verdicts with their borderline notes. */
const validationSection = (d: SiteData): string[] => [
  "## External validation",
  "",
  ...(d.validations.length
    ? [
      "This dataset against real games, per outcome table (`deno task validate`; Spearman's rho with 95% percentile " +
      "bootstrap intervals; the ceiling √R is the largest correlation the table's scores can show):",
      "",
      "| outcome table | positions | games | rho(eval, score) | rho(MBI, \\|score − 0.5\\|) | ceiling | verdict | claim | file |",
      "| --- | ---: | ---: | --- | --- | ---: | --- | --- | --- |",
      ...d.validations.map((v) =>
        `| ${md(v.who)} | ${v.positions} | ${int(v.games)} | ${corr(v.eval_vs_score)} | ${corr(v.mbi_vs_imbalance)} | ${
          fix(v.reliability.ceiling, 3)
        } | ${md(verdictsText(v).validation)} | ${md(verdictsText(v).claim)} | ${code(v.file)} |`
      ),
    ]
    : [
      "No external validation of this dataset is recorded (`deno task validate --evals " + d.profile +
      " --outcomes NAME`).",
    ]),
];

/** Stage 2's distribution figures of this dataset, or what to run when it is missing. */
function distributionSection(d: SiteData): string[] {
  const e = d.distribution?.eval;
  if (!e) return ["## Distribution", "", "Stage 2 has not been run for this dataset: no distribution figures."];
  const neg = d.distribution!.negatives;
  return [
    "## Distribution",
    "",
    `Engine values of the ${e.count} positions (\`distribution.json\`): median ${
      fixedNonZero(e.median, 1)
    } cp, quartiles ${fixedNonZero(e.quartiles[0], 1)} .. ${fixedNonZero(e.quartiles[1], 1)} cp, range ${
      num(e.min)
    } .. ${num(e.max)} cp; ${neg.count} below 0 (Black's side)${
      neg.count ? `: ${neg.values.slice(0, 6).map((v) => `SP ${v.sp} ${num(v.eval_cp)} cp`).join(", ")}` : ""
    }; ${d.distribution!.ties.distinct_values} distinct values.`,
  ];
}

/** The dataset card of a profile as Markdown. */
export function datasetCard(d: SiteData): string {
  const lines = [
    `# Dataset card — Morozov Balance Index (MBI): ${md(datasetLabel(d.engine.uci_name, d.limit))}`,
    "",
    `Results key, for the record: \`${d.profile}\`.`,
    "",
    ...(d.banner ? [`> **${md(d.banner)}**`, ""] : []),
    "The Morozov Balance Index measures the size of White's first-move edge in each Chess960 start position. " +
    `An engine evaluates every start position at a fixed node budget, and the distance of that value from zero is ranked. ` +
    `The rank becomes an index from 100 (most balanced) to 0 (largest White edge). ` +
    `This dataset: ${d.n} positions, ${md(datasetLabel(d.engine.uci_name, d.limit))} ` +
    `(the method: ${METHOD_EVAL_TEXT}).`,
    "",
    ...filesSection(d),
    "",
    ...columnsSection(d),
    "",
    ...provenanceSection(d),
    "",
    ...distributionSection(d),
    "",
    ...producedSection(d),
    "",
    ...designsCardSection(d),
    ...(d.designs.length ? [""] : []),
    ...validationSection(d),
    "",
    "## Known limits",
    "",
    "Computed from the result files (`lib/report/limitations.ts`); each statement names the files it rests on.",
    "",
    ...d.limitations.map((l) => `- ${md(l.text)} (${l.sources.map((s) => `${code(s)}`).join(", ")})`),
    "",
    "## Licence and citation",
    "",
    `Methodology and dataset: ${LICENCE} (https://creativecommons.org/licenses/by/4.0/).`,
    "",
    `Code (and the page's board code): GPL-3.0-or-later (\`LICENSE\`). ${md(BOARD_CREDITS)}`,
    "",
    `Cite as: ${md(citationLine(d))}`,
    "",
  ];
  return lines.join("\n");
}
