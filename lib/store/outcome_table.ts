/**
 * Outcome tables as files in `<results>/outcomes/<name>/`: `outcomes.csv` (a row per position), `outcomes_by_group.csv`
 * (W/D/L per time-control class and rating band, for PGN sources) and `outcomes.json`, written last and naming the CSV
 * files' hashes, so a table is complete when the hashes match.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { join } from "node:path";
import { checkRecord, count, fileKind, MbiError, opaque, schemaVersion, sha256Text, text, texts } from "../core/mod.ts";
import { type GroupRow, type OutcomeFilters, type OutcomeRow, type OutcomeTotals } from "../method/mod.ts";
import { readDirIfExists, writeJsonUnlessSame, writeTextIfChanged } from "./write_guard.ts";
import { CodeVersion } from "./provenance.ts";
import * as v from "valibot";
import { resultsRoot } from "./results_key.ts";
import { GROUP_COLUMNS, parseGroupCsv, parseOutcomeCsv } from "./outcome_csv.ts";

const OUTCOMES_SCHEMA = 1;

/** How a table name may look: letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const OUTCOME_NAME = /^[A-Za-z0-9][\w.-]{0,99}$/;

/** A table's title for a heading: its description up to the first comma or parenthesis ("4,568,750 human … games"). */
export function outcomeTitle(description: string): string {
  // a comma inside a number ("4,568,750") is not a clause's end
  const cut = description.search(/ \(|,(?!\d)/);
  return (cut < 0 ? description : description.slice(0, cut)).trim();
}

/** A table's title without its count: "Stockfish 17.1 self-play games". */
export const outcomeWho = (description: string): string => outcomeTitle(description).replace(/^[\d,]+ /, "");

/** Checks a table name; throws an `outcome-table` MbiError naming it and what is allowed. */
export function checkOutcomeName(name: string): string {
  if (OUTCOME_NAME.test(name)) return name;
  const rule = "use letters, digits, . _ - (starting with a letter or digit, at most 100)";
  throw new MbiError("outcome-table", `table name "${name}": ${rule}`);
}

/** A name for a table from its source file: `lichess_db_chess960_rated_2024-01.pgn.zst` → `lichess_db_chess960_rated_2024-01`. */
export function outcomeNameOf(file: string): string {
  const base = file.replace(/^.*\//, "").replace(/(\.(pgn|csv|gz|zst|txt))+$/i, "").replace(/[^\w.-]/g, "_");
  return base.replace(/^[^A-Za-z0-9]+/, "") || "outcomes";
}

/** The folder of all outcome tables: `<results>/outcomes`. */
export const outcomesRoot = (): string => join(resultsRoot(), "outcomes");

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
 * `outcomes.json`: a `private` table's per-position values stay on the machine that built it (only aggregates are
 * committed; `reproduce` rebuilds it); `position_url` is a template with `{setup}` or `{setup_lower}`; `filters` is null
 * for tables given per position; `files` holds the CSV files' hashes.
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
  counts: v.object({ read: count(), kept: count(), chess960: v.nullable(count()), skipped: counts, dialects: counts }),
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

/** The columns of `outcomes.csv`: the position and its counts, then what is derived from them. */
const ROW_COLUMNS = [
  ...["sp", "setup", "games", "white_wins", "draws", "black_wins"],
  ...["white_score", "score_lo", "score_hi", "draw_rate", "mean_elo", "elo_games"],
];

const r6 = (v: number | null) => (v === null || !Number.isFinite(v) ? "" : Number(v.toFixed(6)));

/** The rows as `outcomes.csv` text. */
export function outcomeRowsCsv(rows: readonly OutcomeRow[]): string {
  const data = rows.map((r) => [
    ...[r.sp, r.setup, r.games, r.white_wins ?? "", r.draws ?? "", r.black_wins ?? ""],
    ...[r.white_score, r.score_lo, r.score_hi, r.draw_rate].map(r6),
    r.mean_elo === null ? "" : Number(r.mean_elo.toFixed(1)),
    r.elo_games,
  ]);
  return Papa.unparse({ fields: ROW_COLUMNS, data }, { newline: "\n" }) + "\n";
}

/** The group rows as `outcomes_by_group.csv` text. */
export function groupRowsCsv(rows: readonly GroupRow[]): string {
  const data = rows.map((r) => GROUP_COLUMNS.map((c) => r[c]));
  return Papa.unparse({ fields: [...GROUP_COLUMNS], data }, { newline: "\n" }) + "\n";
}

/** Writes a table: the CSV files, then `outcomes.json` with their hashes (each atomically, if changed); returns it. */
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

/** An outcome table read back: `outcomes.json`, the rows by SP, the group rows (empty without groups). */
export interface OutcomeTable {
  meta: OutcomeTableMeta;
  rows: OutcomeRow[];
  groups: GroupRow[];
}

/** Names of the tables under the results root that have an `outcomes.json`, sorted. */
export function listOutcomeTables(): string[] {
  return readDirIfExists(outcomesRoot())
    .filter((e) => e.isDirectory && OUTCOME_NAME.test(e.name))
    .filter((e) => {
      try {
        return Deno.statSync(join(outcomesRoot(), e.name, "outcomes.json")).isFile;
      } catch {
        return false;
      }
    })
    .map((e) => e.name).sort();
}

/**
 * The texts of the CSV files an `outcomes.json` names, checked against its hashes: a kill between the writes of a
 * table leaves new CSV files beside an old JSON, a mixed set, which every reader refuses by name.
 */
export async function outcomeFileTexts(
  dir: string,
  meta: Pick<OutcomeTableMeta, "files">,
): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const f of meta.files) {
    const text = await Deno.readTextFile(join(dir, f.name)).catch(() => undefined);
    if (text === undefined || sha256Text(text) !== f.sha256) {
      const why = text === undefined
        ? "missing"
        : "not the file outcomes.json names (its SHA-256 differs; a mixed set)";
      throw new MbiError("outcome-table", `${join(dir, f.name)} is ${why}: rebuild the table with deno task outcomes`);
    }
    texts[f.name] = text;
  }
  return texts;
}

/**
 * Reads a table's description (`outcomes.json`), checked against its schema; its CSV files are not read (a private
 * table's are absent from a fresh clone, and its description is all a page shows of it).
 */
export async function readOutcomeMeta(name: string): Promise<OutcomeTableMeta> {
  const p = outcomePaths(name);
  const meta = await Deno.readTextFile(p.json).then(JSON.parse).catch((e) => {
    const known = listOutcomeTables();
    throw new MbiError(
      "outcome-table",
      e instanceof Deno.errors.NotFound
        ? `no outcome table "${name}" (tables: ${known.join(", ") || "none"}; build one with deno task outcomes)`
        : `${p.json}: not readable JSON (${(e as Error).message.split("\n")[0]})`,
    );
  });
  if (meta?.kind !== "mbi-outcomes") throw new MbiError("outcome-table", `${p.json} is not an outcome table`);
  return checkRecord(OutcomeTableMeta, meta, p.json, "outcome-table");
}

/** Reads a table and checks its CSV files against the hashes in its JSON. */
export async function readOutcomeTable(name: string): Promise<OutcomeTable> {
  const p = outcomePaths(name);
  const meta = await readOutcomeMeta(name);
  if (meta.private === true && !(await Deno.stat(p.csv).then(() => true, () => false))) {
    const licence = meta.licence ? ` (${meta.licence})` : "";
    const run = meta.reproduce?.[0] ?? "deno task outcomes --table FILE";
    const how = `download its source (${meta.origin ?? meta.source.file}) and run ${run}`;
    const what = `outcome table "${name}" is private${licence}: its per-position values are not shipped`;
    throw new MbiError("outcome-table", `${what}; ${how}`);
  }
  const texts = await outcomeFileTexts(p.dir, meta);
  const rows = parseOutcomeCsv(texts["outcomes.csv"] ?? "", p.csv).rows;
  const groups = texts["outcomes_by_group.csv"] ? parseGroupCsv(texts["outcomes_by_group.csv"], p.groups) : [];
  return { meta, rows, groups };
}
