/**
 * Per-position outcome tables as CSV: the files a user brings (counts or percentages, a Markdown page's first table,
 * SPs or back ranks) and the group file this workspace writes, with one-line errors naming file, line and column.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { marked, type Tokens } from "marked";
import { MbiError } from "../core/mod.ts";
import {
  type GroupRow,
  type OutcomeRow,
  outcomeRow,
  POSITION_COUNT,
  PositionError,
  scoreOnlyRow,
  setupToSp,
  spToSetup,
} from "../method/mod.ts";

/** A per-position table read from CSV: rows by SP, games of unknown result (left out), the columns used. */
export interface ParsedOutcomeCsv {
  rows: OutcomeRow[];
  unknown: number;
  columns: string[];
  /** True when W/D/L were derived from percentages (rounded counts). */
  fromPercent: boolean;
}

/** Percentage columns a published table may use, by outcome. */
const PCT_COLUMNS = {
  white: ["white_pct", "white_win_pct", "white_wins_pct"],
  draws: ["draw_pct", "draws_pct"],
  black: ["black_pct", "black_win_pct", "black_wins_pct"],
} as const;

/** How far three rounded percentages may sum from 100 (three roundings to one decimal: at most 0.15). */
const PCT_SUM_TOLERANCE = 0.2;

const fail = (message: string) => new MbiError("outcome-table", message);

/**
 * Reads a per-position table: `sp` (or `setup`, a back rank), and either W/D/L (`white_wins`/`wins`, `draws`,
 * `black_wins`/`losses`; `games`, when present, their sum), or `games` and W/D/L in percent (as published tables give
 * them: wins rounded to whole games, draws the rest), or `games` and `white_score` (0..1). An `unknown` column (games
 * without a known result) is summed and left out.
 */
export function parseOutcomeCsv(text: string, path: string): ParsedOutcomeCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, "").trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  if (parsed.errors.length) {
    const e = parsed.errors[0];
    throw fail(`${path} line ${(e.row ?? 0) + 2}: ${e.message}`);
  }
  const fields = parsed.meta.fields ?? [];
  const has = (n: string) => fields.includes(n);
  const spCol = has("sp") ? "sp" : has("setup") ? "setup" : undefined;
  const winCol = ["white_wins", "wins"].find(has);
  const lossCol = ["black_wins", "losses"].find(has);
  const wdl = winCol !== undefined && lossCol !== undefined && has("draws");
  const pct = {
    white: PCT_COLUMNS.white.find(has),
    draws: PCT_COLUMNS.draws.find(has),
    black: PCT_COLUMNS.black.find(has),
  };
  const fromPercent = !wdl && has("games") && Object.values(pct).every((c) => c !== undefined);
  if (!spCol || (!wdl && !fromPercent && !(has("games") && has("white_score")))) {
    throw fail(
      `${path}: columns ${fields.join(", ") || "none"}; expected sp (or setup) and either ` +
        "white_wins, draws, black_wins (or wins, draws, losses), or games with white_pct, draw_pct, black_pct, " +
        "or games and white_score",
    );
  }
  const columns = [
    spCol,
    ...(wdl
      ? [winCol!, "draws", lossCol!]
      : fromPercent
      ? ["games", pct.white!, pct.draws!, pct.black!]
      : ["games", "white_score"]),
  ];
  if (has("unknown")) columns.push("unknown");
  const seen = new Map<number, number>();
  const rows: OutcomeRow[] = [];
  let unknown = 0;
  parsed.data.forEach((rec, i) => {
    const line = i + 2;
    const where = `${path} line ${line}`;
    const cell = (col: string) => (rec[col] ?? "").trim();
    const count = (col: string) => {
      if (!/^\d+$/.test(cell(col))) throw fail(`${where}: ${col} "${cell(col)}" is not a whole number >= 0`);
      return Number(cell(col));
    };
    const sp = positionOf(cell(spCol), spCol, where);
    if (spCol === "sp" && has("setup") && cell("setup") && spToSetup(sp) !== cell("setup").toUpperCase()) {
      throw fail(`${where}: setup "${rec.setup}" is not the back rank of SP ${sp} (${spToSetup(sp)})`);
    }
    if (seen.has(sp)) throw fail(`${where}: SP ${sp} again (first on line ${seen.get(sp)})`);
    seen.set(sp, line);
    if (has("unknown") && cell("unknown") !== "") unknown += count("unknown");
    let row: OutcomeRow;
    // a score-only row (as outcomes.csv stores a table given as scores) leaves W/D/L empty
    const scoreOnly = !fromPercent && has("games") && has("white_score") &&
      (!wdl || [winCol!, "draws", lossCol!].every((c) => cell(c) === ""));
    if (fromPercent) {
      const games = count("games");
      const percent = (col: string) => {
        const x = Number(cell(col));
        if (cell(col) === "" || !(x >= 0 && x <= 100)) {
          throw fail(`${where}: ${col} "${cell(col)}" is not a percentage in 0..100`);
        }
        return x;
      };
      const [w, d, b] = [percent(pct.white!), percent(pct.draws!), percent(pct.black!)];
      if (Math.abs(w + d + b - 100) > PCT_SUM_TOLERANCE) {
        const sum = `${pct.white} + ${pct.draws} + ${pct.black} = ${Number((w + d + b).toFixed(3))}`;
        throw fail(`${where}: ${sum}, not 100 (within ${PCT_SUM_TOLERANCE})`);
      }
      const wins = Math.round((games * w) / 100), losses = Math.round((games * b) / 100);
      if (wins + losses > games) throw fail(`${where}: ${w}% and ${b}% of ${games} games round to more than ${games}`);
      row = outcomeRow(sp, { wins, draws: games - wins - losses, losses });
    } else if (!scoreOnly) {
      const c = { wins: count(winCol!), draws: count("draws"), losses: count(lossCol!) };
      const sum = c.wins + c.draws + c.losses;
      if (has("games") && cell("games") !== "" && count("games") !== sum) {
        throw fail(`${where}: games ${rec.games} is not ${winCol} + draws + ${lossCol} = ${sum}`);
      }
      const eloGames = has("elo_games") && cell("elo_games") ? count("elo_games") : 0;
      const meanElo = has("mean_elo") && cell("mean_elo") ? Number(rec.mean_elo) : NaN;
      const elo = Number.isFinite(meanElo) && eloGames ? { sum: meanElo * eloGames, games: eloGames } : undefined;
      row = outcomeRow(sp, c, elo);
    } else {
      const games = count("games");
      const s = Number(cell("white_score"));
      if (cell("white_score") === "" || !(s >= 0 && s <= 1)) {
        throw fail(`${where}: white_score "${rec.white_score}" is not a number in 0..1`);
      }
      row = scoreOnlyRow(sp, games, s);
    }
    if (row.games > 0) rows.push(row);
  });
  if (rows.length === 0) throw fail(`${path}: no position with games`);
  rows.sort((a, b) => a.sp - b.sp);
  return { rows, unknown, columns, fromPercent };
}

function positionOf(v: string, col: string, where: string): number {
  if (col === "sp") {
    if (!/^\d+$/.test(v) || Number(v) >= POSITION_COUNT) {
      throw fail(`${where}: sp "${v}" is not a start position number (allowed: 0..959)`);
    }
    return Number(v);
  }
  try {
    return setupToSp(v);
  } catch (e) {
    throw fail(`${where}: ${e instanceof PositionError ? e.message : `setup "${v}"`}`);
  }
}

/** A cell's Markdown as plain text: `[BBQNNRKR](x.md)` → `BBQNNRKR`, `**x**` → `x`. */
export const plainCell = (markdown: string): string =>
  markdown.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/(\*\*|__|`)/g, "").trim();

/** A Markdown document's first pipe table as plain cells (marked's lexer reads it), or null when it has none. */
export function firstMarkdownTable(markdown: string): { header: string[]; rows: string[][] } | null {
  const t = marked.lexer(markdown).find((x) => x.type === "table") as Tokens.Table | undefined;
  if (!t) return null;
  return { header: t.header.map((c) => plainCell(c.text)), rows: t.rows.map((r) => r.map((c) => plainCell(c.text))) };
}

/** Column names of published tables, in words, as this reader names them (a percent column when its cells end in %). */
const PUBLISHED_NAMES: [RegExp, string, string?][] = [
  [/^(sp|spi|spnumber|startposition|position)$/, "sp"],
  [/^(setup|board|backrank)$/, "setup"],
  [/^(games|playedgames|numberofgames|gamesplayed)$/, "games"],
  [/^(white|whitewins|whitewin)$/, "white_wins", "white_pct"],
  [/^(draw|draws)$/, "draws", "draw_pct"],
  [/^(black|blackwins|blackwin)$/, "black_wins", "black_pct"],
  [/^(averagepointsforwhite|whitescore|score|whitesscore)$/, "white_score"],
];

/** A Markdown page's first table (`| SPI | Board |`, `10.1%` cells) as the CSV {@link parseOutcomeCsv} reads. */
export function markdownOutcomeCsv(markdown: string, path: string): string {
  const t = firstMarkdownTable(markdown);
  if (!t) throw fail(`${path}: no Markdown table found (expected a pipe table)`);
  const percent = t.header.map((_, j) => t.rows.length > 0 && t.rows.every((r) => /%\s*$/.test(r[j] ?? "")));
  const names = t.header.map((h, j) => {
    const key = h.toLowerCase().replace(/[^a-z0-9]/g, "");
    const m = PUBLISHED_NAMES.find(([re]) => re.test(key));
    return m ? (percent[j] && m[2] ? m[2] : m[1]) : key || `column${j + 1}`;
  });
  const data = t.rows.map((r) => r.map((c, j) => (percent[j] ? c.replace(/%\s*$/, "").trim() : c)));
  return Papa.unparse({ fields: names, data }, { newline: "\n" }) + "\n";
}

/** Reads a per-position table file's text: a Markdown page (`.md`) by its first table, else CSV. */
export function parseOutcomeFile(text: string, path: string): ParsedOutcomeCsv {
  return /\.(md|markdown)$/i.test(path)
    ? parseOutcomeCsv(markdownOutcomeCsv(text, path), `${path} (its first table)`)
    : parseOutcomeCsv(text, path);
}

/** The columns of `outcomes_by_group.csv`: the group, then the position and its counts. */
export const GROUP_COLUMNS = ["kind", "group", "sp", "games", "white_wins", "draws", "black_wins"] as const;

/** Reads `outcomes_by_group.csv`. */
export function parseGroupCsv(text: string, path: string): GroupRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  return parsed.data.map((r, i) => {
    const counts = Object.fromEntries(GROUP_COLUMNS.slice(2).map((c) => [c, Number(r[c])]));
    if (!Object.values(counts).every(Number.isInteger)) throw fail(`${path} line ${i + 2}: not a group row`);
    return { kind: r.kind, group: r.group, ...counts } as GroupRow;
  });
}
