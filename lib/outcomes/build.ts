/**
 * Building outcome tables: from a PGN collection (streamed, filtered, counted per start position and per time-control
 * class and rating band), or from a per-position table (a published aggregate). Both end as
 * `<results>/outcomes/<name>/` files ({@link writeOutcomeTable}); a table of another source or other filters under the
 * same name is never overwritten unless asked.
 *
 * @module
 */

import { basename, isAbsolute } from "node:path";
import { createHash } from "node:crypto";
import {
  CHESS960_RULE,
  describeFilters,
  type GroupRow,
  groupTotals,
  NO_FILTERS,
  type OutcomeFilters,
  type OutcomeRow,
  outcomeTotals,
  RATED_RULE,
  RATING_BANDS,
  SCORE_INTERVAL_DEFINITION,
  TIME_CONTROL_BOUNDS,
} from "../method/mod.ts";
import {
  checkOutcomeName,
  codeVersion,
  displayPath,
  outcomeNameOf,
  outcomePaths,
  type OutcomeTableMeta,
  parseOutcomeFile,
  readJsonIfExists,
  writeOutcomeTable,
} from "../store/mod.ts";
import { ingestPgn, type IngestProgress, type PgnIngest } from "./ingest.ts";
import { int, MbiError, same } from "../core/mod.ts";

/**
 * Options of a build: the table's name (default: from the source file's name), whether to overwrite a table of another
 * source or other filters, one line on what the games are (default: said from the counts), where the source comes from
 * (repository, file, commit), its licence (e.g. `CC BY-NC 4.0`), and progress of a PGN ingest.
 */
export interface BuildOptions {
  name?: string;
  replace?: boolean;
  description?: string;
  origin?: string;
  licence?: string;
  /** Its per-position values may not be shipped: they stay here; only aggregate figures are committed. */
  private?: boolean;
  /** The command that rebuilt it, recorded for a private table (how a user who downloads it repeats it). */
  command?: string;
  /** A position's own page in the source: a template with `{setup}`, `{setup_lower}` or `{sp}`. */
  positionUrl?: string;
  onProgress?: (p: IngestProgress) => void;
}

/** A source path as a table records it: relative to the repository inside it, else only the file's name (a user's own folders are not published). */
function sourcePath(path: string): string {
  const shown = displayPath(path);
  return isAbsolute(shown) ? basename(path) : shown;
}

const PLY_NOTE = "plies are counted from the movetext (tokens outside comments and variations), not validated";

/**
 * Writes table `name` with what every table records: its origin, licence, privacy and rebuild command (only what is
 * given), the score interval and the code. A table of another source or other filters there is kept unless replaced.
 */
async function writeTable(
  name: string,
  opts: BuildOptions,
  rows: readonly OutcomeRow[],
  groups: readonly GroupRow[],
  fields: Omit<OutcomeTableMeta, "kind" | "schema" | "name" | "origin" | "score_interval" | "code" | "files">,
): Promise<OutcomeTableMeta> {
  const { description, source, notes, ...counted } = fields;
  const old = await readJsonIfExists<OutcomeTableMeta>(outcomePaths(name).json).catch(() => undefined);
  if (old && !opts.replace && (old.source?.sha256 !== source.sha256 || !same(old.filters, fields.filters))) {
    const other = old.source?.sha256 !== source.sha256 ? `another source (${old.source?.file})` : "other filters";
    const message = `outcome table "${name}" exists with ${other}: choose another --name, or --replace it`;
    throw new MbiError("outcomes", message);
  }
  const terms = {
    ...(opts.licence ? { licence: opts.licence } : {}),
    ...(opts.positionUrl ? { position_url: opts.positionUrl } : {}),
    ...(opts.private ? { private: true, reproduce: opts.command ? [opts.command] : [] } : {}),
  };
  // outcomes.json keeps its key order: these, the terms, the caller's fields from `filters` to `groups`, then these
  const head = { kind: "mbi-outcomes" as const, schema: 1, name, description, source, origin: opts.origin ?? null };
  const tail = { score_interval: SCORE_INTERVAL_DEFINITION, notes, code: await codeVersion() };
  return await writeOutcomeTable({ ...head, ...terms, ...counted, ...tail }, rows, groups);
}

/** Builds a table from a PGN file (plain, .gz or .zst). */
export async function buildOutcomesFromPgn(
  path: string,
  filters: OutcomeFilters = NO_FILTERS,
  opts: BuildOptions = {},
): Promise<{ meta: OutcomeTableMeta; ingest: PgnIngest }> {
  const name = checkOutcomeName(opts.name ?? outcomeNameOf(path));
  const ingest = await ingestPgn(path, filters, opts.onProgress);
  const rows = ingest.counts.rows();
  const groups = ingest.counts.groupRows();
  const notes = [PLY_NOTE];
  if (ingest.damaged) {
    notes.push(
      `the source is damaged: decompression failed after about ${ingest.damaged.compressed_bytes_read} of ${ingest.source.bytes} bytes (${ingest.damaged.message}); the table holds the ${ingest.read} games read before`,
    );
  }
  const meta = await writeTable(name, opts, rows, groups, {
    description: opts.description ??
      `${int(ingest.kept)} Chess960 games from ${ingest.source.file} (filters: ${describeFilters(filters)})`,
    source: { ...ingest.source, path: sourcePath(path) },
    filters,
    rules: {
      time_control: TIME_CONTROL_BOUNDS,
      rated: RATED_RULE,
      rating_band: `mean Elo of both players: ${RATING_BANDS.join(", ")} (unknown: a rating missing)`,
      chess960: CHESS960_RULE,
    },
    counts: {
      read: ingest.read,
      kept: ingest.kept,
      chess960: ingest.chess960,
      skipped: ingest.skipped,
      dialects: ingest.dialects,
    },
    damaged: ingest.damaged,
    totals: outcomeTotals(rows),
    groups: groupTotals(groups),
    notes,
  });
  return { meta, ingest };
}

/** The skip reason of the games in the `unknown` column of a per-position table. */
export const UNKNOWN_SKIP = "unknown result (the table's unknown column)";

/** What is done with them. */
export const UNKNOWN_RULE = "games of unknown result (the unknown column) are left out: neither win, draw nor loss";

/** Builds a table from a per-position CSV (`sp` or `setup`; W/D/L or games and white_score). */
export async function buildOutcomesFromTable(
  path: string,
  opts: BuildOptions = {},
): Promise<{ meta: OutcomeTableMeta }> {
  const name = checkOutcomeName(opts.name ?? outcomeNameOf(path));
  const bytes = await Deno.readFile(path).catch((e) => {
    throw new MbiError("outcomes", `cannot read ${path}: ${(e as Error).message.split("\n")[0]}`);
  });
  if (bytes.length === 0) throw new MbiError("outcomes", `${path} is empty (0 bytes): expected a CSV table`);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const parsed = parseOutcomeFile(new TextDecoder().decode(bytes), path);
  const totals = outcomeTotals(parsed.rows);
  const skipped: Record<string, number> = parsed.unknown ? { [UNKNOWN_SKIP]: parsed.unknown } : {};
  const notes = [`columns used: ${parsed.columns.join(", ")}`];
  if (parsed.fromPercent) {
    notes.push(
      "counts derived from percentages: White's and Black's wins rounded to whole games, draws the rest; " +
        "with one decimal a position's score is known to about ±0.0005",
    );
  }
  if (parsed.unknown) {
    notes.push(
      `${parsed.unknown} games with an unknown result (the unknown column) are left out of every count and score`,
    );
  }
  if (totals.white_wins === null) {
    notes.push("scores only (no W/D/L): draw rates are unknown; the score interval is Wilson's without draws");
  }
  const meta = await writeTable(name, opts, parsed.rows, [], {
    description: opts.description ??
      `${int(totals.games)} games over ${totals.positions} positions from ${basename(path)}`,
    source: { kind: "table", file: basename(path), path: sourcePath(path), bytes: bytes.length, sha256 },
    filters: null,
    rules: { unknown: UNKNOWN_RULE },
    counts: { read: totals.games + parsed.unknown, kept: totals.games, chess960: null, skipped, dialects: {} },
    damaged: null,
    totals,
    groups: {},
    notes,
  });
  return { meta };
}
