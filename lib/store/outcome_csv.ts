/**
 * Per-position outcome tables as CSV: the files a user brings (counts or
 * percentages, a Markdown page's first table, SPs or back ranks) and the
 * group file this workspace writes, read into rows with one-line errors that
 * name the file, line and column.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
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
import { firstMarkdownTable } from "./markdown_table.ts";

/** A per-position table read from CSV. */
export interface ParsedOutcomeCsv {
  /** Rows by SP. */
  rows: OutcomeRow[];
  /** Games in the `unknown` column (results not known; left out of the rows). */
  unknown: number;
  /** The columns that were used. */
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

/**
 * Reads a per-position table: `sp` (or `setup`, a back rank), and either
 * W/D/L (`white_wins`/`wins`, `draws`, `black_wins`/`losses`; `games`, when
 * present, must be their sum), or `games` and W/D/L in percent
 * (`white_pct`/`white_win_pct`, `draw_pct`, `black_pct`/`black_win_pct`, as
 * published tables give them: White's and Black's wins rounded to whole games,
 * draws the rest, so counts from one-decimal percentages are rounded), or
 * `games` and `white_score` (0..1). An `unknown` column (games without a known
 * result) is summed and left out. Errors name the file, line, column and value.
 */
export function parseOutcomeCsv(text: string, path: string): ParsedOutcomeCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, "").trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  if (parsed.errors.length) {
    const e = parsed.errors[0];
    throw new MbiError("outcome-table", `${path} line ${(e.row ?? 0) + 2}: ${e.message}`);
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
  const fromPercent = !wdl && has("games") && pct.white !== undefined && pct.draws !== undefined &&
    pct.black !== undefined;
  if (!spCol || (!wdl && !fromPercent && !(has("games") && has("white_score")))) {
    throw new MbiError(
      "outcome-table",
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
    const count = (col: string) => {
      const v = (rec[col] ?? "").trim();
      if (!/^\d+$/.test(v)) throw new MbiError("outcome-table", `${where}: ${col} "${v}" is not a whole number >= 0`);
      return Number(v);
    };
    const sp = positionOf(rec, spCol, where);
    if (spCol === "sp" && has("setup") && rec.setup?.trim() && spToSetup(sp) !== rec.setup.trim().toUpperCase()) {
      throw new MbiError(
        "outcome-table",
        `${where}: setup "${rec.setup}" is not the back rank of SP ${sp} (${spToSetup(sp)})`,
      );
    }
    if (seen.has(sp)) throw new MbiError("outcome-table", `${where}: SP ${sp} again (first on line ${seen.get(sp)})`);
    seen.set(sp, line);
    if (has("unknown") && (rec.unknown ?? "").trim() !== "") unknown += count("unknown");
    let row: OutcomeRow;
    const blank = (c: string) => (rec[c] ?? "").trim() === "";
    // a score-only row (as outcomes.csv stores a table given as scores) leaves W/D/L empty
    const scoreOnly = !fromPercent && has("games") && has("white_score") &&
      (!wdl || [winCol!, "draws", lossCol!].every(blank));
    if (fromPercent) {
      const games = count("games");
      const percent = (col: string) => {
        const v = (rec[col] ?? "").trim();
        const x = Number(v);
        if (v === "" || !(x >= 0 && x <= 100)) {
          throw new MbiError("outcome-table", `${where}: ${col} "${v}" is not a percentage in 0..100`);
        }
        return x;
      };
      const [w, d, b] = [percent(pct.white!), percent(pct.draws!), percent(pct.black!)];
      if (Math.abs(w + d + b - 100) > PCT_SUM_TOLERANCE) {
        throw new MbiError(
          "outcome-table",
          `${where}: ${pct.white} + ${pct.draws} + ${pct.black} = ${Number((w + d + b).toFixed(3))}, not 100 ` +
            `(within ${PCT_SUM_TOLERANCE})`,
        );
      }
      const wins = Math.round((games * w) / 100), losses = Math.round((games * b) / 100);
      if (wins + losses > games) {
        throw new MbiError("outcome-table", `${where}: ${w}% and ${b}% of ${games} games round to more than ${games}`);
      }
      row = outcomeRow(sp, { wins, draws: games - wins - losses, losses });
    } else if (!scoreOnly) {
      const c = { wins: count(winCol!), draws: count("draws"), losses: count(lossCol!) };
      if (has("games") && (rec.games ?? "").trim() !== "" && count("games") !== c.wins + c.draws + c.losses) {
        throw new MbiError(
          "outcome-table",
          `${where}: games ${rec.games} is not ${winCol} + draws + ${lossCol} = ${c.wins + c.draws + c.losses}`,
        );
      }
      const eloGames = has("elo_games") && (rec.elo_games ?? "").trim() ? count("elo_games") : 0;
      const meanElo = has("mean_elo") && (rec.mean_elo ?? "").trim() ? Number(rec.mean_elo) : NaN;
      row = outcomeRow(
        sp,
        c,
        Number.isFinite(meanElo) && eloGames ? { sum: meanElo * eloGames, games: eloGames } : undefined,
      );
    } else {
      const games = count("games");
      const s = Number((rec.white_score ?? "").trim());
      if ((rec.white_score ?? "").trim() === "" || !(s >= 0 && s <= 1)) {
        throw new MbiError("outcome-table", `${where}: white_score "${rec.white_score}" is not a number in 0..1`);
      }
      row = scoreOnlyRow(sp, games, s);
    }
    if (row.games > 0) rows.push(row);
  });
  if (rows.length === 0) throw new MbiError("outcome-table", `${path}: no position with games`);
  rows.sort((a, b) => a.sp - b.sp);
  return { rows, unknown, columns, fromPercent };
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

/**
 * A per-position table given as a Markdown page (its first pipe table, e.g.
 * `| SPI | Board | # Played Games | White | Draw | Black | Average points for
 * White |` with `10.1%` cells) as the CSV {@link parseOutcomeCsv} reads:
 * columns named as it names them, `%` dropped from percent cells.
 */
export function markdownOutcomeCsv(markdown: string, path: string): string {
  const t = firstMarkdownTable(markdown);
  if (!t) throw new MbiError("outcome-table", `${path}: no Markdown table found (expected a pipe table)`);
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

function positionOf(rec: Record<string, string>, col: string, where: string): number {
  const v = (rec[col] ?? "").trim();
  if (col === "sp") {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n >= POSITION_COUNT) {
      throw new MbiError("outcome-table", `${where}: sp "${v}" is not a start position number (allowed: 0..959)`);
    }
    return n;
  }
  try {
    return setupToSp(v);
  } catch (e) {
    throw new MbiError("outcome-table", `${where}: ${e instanceof PositionError ? e.message : `setup "${v}"`}`);
  }
}

export function parseGroupCsv(text: string, path: string): GroupRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  return parsed.data.map((r, i) => {
    const g: GroupRow = {
      kind: r.kind as GroupRow["kind"],
      group: r.group,
      sp: Number(r.sp),
      games: Number(r.games),
      white_wins: Number(r.white_wins),
      draws: Number(r.draws),
      black_wins: Number(r.black_wins),
    };
    if (![g.sp, g.games, g.white_wins, g.draws, g.black_wins].every(Number.isInteger)) {
      throw new MbiError("outcome-table", `${path} line ${i + 2}: not a group row`);
    }
    return g;
  });
}
