/**
 * Outcome tables as files: `<results>/outcomes/<name>/outcomes.csv` (one row
 * per start position), `outcomes_by_group.csv` (W/D/L per position within
 * each time-control class and rating band, for PGN sources) and
 * `outcomes.json` (schema, source file with size and SHA-256, filters, games
 * read, kept and skipped by reason, totals, the hashes of the CSV files, code
 * version). The JSON is written last, so a table is complete when its JSON
 * names CSV files with matching hashes. Also the reading of per-position
 * tables given as CSV (published aggregates).
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { join } from "node:path";
import { checkRecord, count, fileKind, MbiError, opaque, schemaVersion, sha256Text, text, texts } from "../core/mod.ts";
import {
  type GroupRow,
  type OutcomeFilters,
  type OutcomeRow,
  outcomeRow,
  type OutcomeTotals,
  POSITION_COUNT,
  PositionError,
  scoreOnlyRow,
  setupToSp,
  spToSetup,
} from "../method/mod.ts";
import { writeJsonUnlessSame, writeTextIfChanged } from "./atomic.ts";
import { CodeVersion } from "./provenance.ts";
import { firstMarkdownTable } from "./markdown_table.ts";
import * as v from "valibot";
import { resultsRoot } from "./results_key.ts";

/** Schema version of outcome tables. */
export const OUTCOMES_SCHEMA = 1;

/** How a table name may look: letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const OUTCOME_NAME = /^[A-Za-z0-9][\w.-]{0,99}$/;

/**
 * An outcome table's title for a heading, in readers' words: its description
 * up to the first comma or parenthesis ("4,568,750 human Chess960 games on
 * Lichess"; "19,200,000 Stockfish 16 self-play games").
 */
export function outcomeTitle(description: string): string {
  // a comma inside a number ("4,568,750") is not a clause's end
  const cut = description.search(/ \(|,(?!\d)/);
  return (cut < 0 ? description : description.slice(0, cut)).trim();
}

/** Checks a table name; throws an `outcome-table` MbiError naming it and what is allowed. */
export function checkOutcomeName(name: string): string {
  if (!OUTCOME_NAME.test(name)) {
    throw new MbiError(
      "outcome-table",
      `table name "${name}": use letters, digits, . _ - (starting with a letter or digit, at most 100)`,
    );
  }
  return name;
}

/** A name for a table from its source file: `lichess_db_chess960_rated_2024-01.pgn.zst` → `lichess_db_chess960_rated_2024-01`. */
export function outcomeNameOf(file: string): string {
  const base = file.replace(/^.*\//, "").replace(/(\.(pgn|csv|gz|zst|txt))+$/i, "").replace(/[^\w.-]/g, "_");
  return base.replace(/^[^A-Za-z0-9]+/, "") || "outcomes";
}

/** The folder of all outcome tables: `<results>/outcomes`. */
export function outcomesRoot(): string {
  return join(resultsRoot(), "outcomes");
}

/** The files of one table. */
export function outcomePaths(name: string) {
  const dir = join(outcomesRoot(), checkOutcomeName(name));
  return {
    dir,
    json: join(dir, "outcomes.json"),
    csv: join(dir, "outcomes.csv"),
    groups: join(dir, "outcomes_by_group.csv"),
    validation: join(dir, "validation"),
  };
}

/** The source file of a table: kind, file name, path as given (relative to the repository when inside it), size, SHA-256 of its bytes, and the compression found (PGN sources). */
export const SourceFile = v.object({
  kind: v.picklist(["pgn", "table"], "is not pgn or table"),
  file: text(),
  path: text(),
  bytes: count(),
  sha256: text(),
  compression: v.optional(v.picklist(["none", "gzip", "zstd"], "is not none, gzip or zstd")),
});

/** The source file of a table. */
export type SourceFile = v.InferOutput<typeof SourceFile>;

/** Where a damaged compressed file ended: the decompressor's message, compressed bytes read (to within one 1 MiB piece), text bytes scanned and complete games read before it failed. */
export const DamagedInput = v.object({
  message: text(),
  compressed_bytes_read: count(),
  text_bytes: count(),
  games_before: count(),
});

/** Where a damaged compressed file ended. */
export type DamagedInput = v.InferOutput<typeof DamagedInput>;

const counts = v.record(v.string(), count(), "is not a map of counts");

/**
 * `outcomes.json`: kind, schema, table name (its folder), one line for people
 * on what the games are, the source file, where it comes from and under which
 * licence (when known), whether it is private (its per-position values may not
 * be shipped: they stay on the machine that built it, and only aggregate
 * figures are committed) with the commands that rebuild it, the address of a
 * position's own page in the source (a template with `{setup}` or `{setup_lower}`), the filters applied (null for tables given per
 * position) and the rules in words, games read, kept and skipped by reason,
 * where a damaged source ended (null), totals of the kept games, games per
 * time-control class and rating band (PGN sources), the per-position score
 * interval in words, the CSV files with their SHA-256, notes, code.
 */
export const OutcomeTableMeta = v.object({
  kind: fileKind("mbi-outcomes"),
  schema: schemaVersion(OUTCOMES_SCHEMA),
  name: text(),
  description: text(),
  source: SourceFile,
  origin: v.nullable(text("is not a text or null")),
  licence: v.optional(v.nullable(text("is not a text or null"))),
  private: v.optional(v.boolean("is not true or false")),
  reproduce: v.optional(texts("is not a list of commands")),
  position_url: v.optional(text()),
  filters: v.nullable(opaque<OutcomeFilters>()),
  rules: v.record(v.string(), v.string(), "is not a map of rules in words"),
  counts: v.object({
    read: count(),
    kept: count(),
    chess960: v.nullable(count()),
    skipped: counts,
    dialects: counts,
  }),
  damaged: v.nullable(DamagedInput),
  totals: opaque<OutcomeTotals>(),
  groups: v.record(v.string(), counts, "is not a map of groups"),
  score_interval: text(),
  files: v.array(v.object({ name: text(), sha256: text() }), "is not a list of files"),
  notes: texts("is not a list of notes"),
  code: CodeVersion,
});

/** `outcomes.json`. */
export type OutcomeTableMeta = v.InferOutput<typeof OutcomeTableMeta>;

const ROW_COLUMNS = [
  "sp",
  "setup",
  "games",
  "white_wins",
  "draws",
  "black_wins",
  "white_score",
  "score_lo",
  "score_hi",
  "draw_rate",
  "mean_elo",
  "elo_games",
] as const;

const GROUP_COLUMNS = ["kind", "group", "sp", "games", "white_wins", "draws", "black_wins"] as const;

const r6 = (v: number | null) => (v === null || !Number.isFinite(v) ? "" : Number(v.toFixed(6)));

/** The rows as `outcomes.csv` text. */
export function outcomeRowsCsv(rows: readonly OutcomeRow[]): string {
  const data = rows.map((r) => [
    r.sp,
    r.setup,
    r.games,
    r.white_wins ?? "",
    r.draws ?? "",
    r.black_wins ?? "",
    r6(r.white_score),
    r6(r.score_lo),
    r6(r.score_hi),
    r6(r.draw_rate),
    r.mean_elo === null ? "" : Number(r.mean_elo.toFixed(1)),
    r.elo_games,
  ]);
  return Papa.unparse({ fields: [...ROW_COLUMNS], data }, { newline: "\n" }) + "\n";
}

/** The group rows as `outcomes_by_group.csv` text. */
export function groupRowsCsv(rows: readonly GroupRow[]): string {
  const data = rows.map((r) => GROUP_COLUMNS.map((c) => r[c]));
  return Papa.unparse({ fields: [...GROUP_COLUMNS], data }, { newline: "\n" }) + "\n";
}

/**
 * Writes a table: the CSV files first, then `outcomes.json` with their hashes
 * (each atomically; unchanged files are not rewritten). Returns the JSON written.
 */
export async function writeOutcomeTable(
  meta: Omit<OutcomeTableMeta, "files">,
  rows: readonly OutcomeRow[],
  groups: readonly GroupRow[],
): Promise<OutcomeTableMeta> {
  const p = outcomePaths(meta.name);
  const files: { name: string; sha256: string }[] = [];
  const csv = outcomeRowsCsv(rows);
  await writeTextIfChanged(p.csv, csv);
  files.push({ name: "outcomes.csv", sha256: sha256Text(csv) });
  if (groups.length) {
    const g = groupRowsCsv(groups);
    await writeTextIfChanged(p.groups, g);
    files.push({ name: "outcomes_by_group.csv", sha256: sha256Text(g) });
  } else {
    await Deno.remove(p.groups).catch(() => {});
  }
  if (meta.private) await writeTextIfChanged(join(p.dir, ".gitignore"), privateIgnore(meta.licence ?? null));
  else await Deno.remove(join(p.dir, ".gitignore")).catch(() => {});
  return await writeJsonUnlessSame(p.json, { ...meta, files }, ["code"]);
}

/** The per-position files of a table (never committed when the table is private). */
export const PER_POSITION_FILES = ["outcomes.csv", "outcomes_by_group.csv"] as const;

/** The `.gitignore` in a private table's folder: its per-position files stay on this machine. */
export function privateIgnore(licence: string | null): string {
  return `# This table's per-position values may not be shipped${licence ? ` (${licence})` : ""}: they stay on the\n` +
    "# machine that built it. outcomes.json and validation/ hold only aggregate figures.\n" +
    PER_POSITION_FILES.join("\n") + "\n";
}

/** Whether the table of that name is private (its `outcomes.json` says so). */
export async function isPrivateOutcomeTable(name: string): Promise<boolean> {
  const meta = await Deno.readTextFile(outcomePaths(name).json).then(JSON.parse).catch(() => undefined);
  return meta?.private === true;
}

/** True when a table's per-position values may not be published (pages and notebooks show only its aggregates). */
export function isPrivateTable(meta: Pick<OutcomeTableMeta, "private">): boolean {
  return meta.private === true;
}

/** An outcome table read back. */
export interface OutcomeTable {
  /** `outcomes.json`. */
  meta: OutcomeTableMeta;
  /** Per-position rows, by SP. */
  rows: OutcomeRow[];
  /** Group rows (empty when the source had no groups). */
  groups: GroupRow[];
}

/** Names of the tables under the results root that have an `outcomes.json`, sorted. */
export function listOutcomeTables(): string[] {
  try {
    return [...Deno.readDirSync(outcomesRoot())]
      .filter((e) => e.isDirectory && OUTCOME_NAME.test(e.name))
      .filter((e) => {
        try {
          return Deno.statSync(join(outcomesRoot(), e.name, "outcomes.json")).isFile;
        } catch {
          return false;
        }
      })
      .map((e) => e.name).sort();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
}

/**
 * The texts of the CSV files an `outcomes.json` names, checked against the
 * hashes it records: a kill between the writes of a table (the CSV files are
 * written first, the JSON last) leaves new CSV files beside an old JSON, a
 * mixed set, which every reader refuses by name.
 */
export async function outcomeFileTexts(
  dir: string,
  meta: Pick<OutcomeTableMeta, "files">,
): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const f of meta.files) {
    const text = await Deno.readTextFile(join(dir, f.name)).catch(() => undefined);
    if (text === undefined || sha256Text(text) !== f.sha256) {
      throw new MbiError(
        "outcome-table",
        `${join(dir, f.name)} is ${
          text === undefined ? "missing" : "not the file outcomes.json names (its SHA-256 differs; a mixed set)"
        }: rebuild the table with deno task outcomes`,
      );
    }
    texts[f.name] = text;
  }
  return texts;
}

/** Reads a table and checks its CSV files against the hashes in its JSON. */
export async function readOutcomeTable(name: string): Promise<OutcomeTable> {
  const p = outcomePaths(name);
  let meta;
  try {
    meta = JSON.parse(await Deno.readTextFile(p.json));
  } catch (e) {
    const known = listOutcomeTables();
    throw new MbiError(
      "outcome-table",
      e instanceof Deno.errors.NotFound
        ? `no outcome table "${name}" (tables: ${known.join(", ") || "none"}; build one with deno task outcomes)`
        : `${p.json}: not readable JSON (${(e as Error).message.split("\n")[0]})`,
    );
  }
  if (meta?.kind !== "mbi-outcomes") throw new MbiError("outcome-table", `${p.json} is not an outcome table`);
  meta = checkRecord(OutcomeTableMeta, meta, p.json, "outcome-table");
  if (isPrivateTable(meta) && !(await Deno.stat(p.csv).then(() => true, () => false))) {
    throw new MbiError(
      "outcome-table",
      `outcome table "${name}" is private${
        meta.licence ? ` (${meta.licence})` : ""
      }: its per-position values are not ` +
        `shipped; download its source (${meta.origin ?? meta.source.file}) and run ${
          meta.reproduce?.[0] ?? "deno task outcomes --table FILE"
        }`,
    );
  }
  const texts = await outcomeFileTexts(p.dir, meta);
  const rows = parseOutcomeCsv(texts["outcomes.csv"] ?? "", p.csv).rows;
  const groups = texts["outcomes_by_group.csv"] ? parseGroupCsv(texts["outcomes_by_group.csv"], p.groups) : [];
  return { meta, rows, groups };
}

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

function parseGroupCsv(text: string, path: string): GroupRow[] {
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
