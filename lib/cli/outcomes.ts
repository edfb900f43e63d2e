/**
 * `deno task outcomes`: per-position outcomes of the Chess960 games of a PGN collection (plain, .gz, .zst; streamed,
 * with filters), or of a per-position CSV of published aggregates.
 *
 * @module
 */

import { NO_FILTERS, type OutcomeFilters, TIME_CONTROL_CLASSES, type TimeControlClass } from "../method/mod.ts";
import { checkOutcomeName, displayPath, listOutcomeTables, outcomePaths, type OutcomeTableMeta } from "../store/mod.ts";
import {
  buildOutcomesFromPgn,
  buildOutcomesFromTable,
  describeSkipped,
  formatIngestProgress,
  type IngestProgress,
  shippedTable,
} from "../outcomes/mod.ts";
import { terminalProgress } from "../runs/mod.ts";
import { int } from "../core/mod.ts";
import { command, flag, runCommand, text, UsageError, valueOf, whole } from "./command.ts";

/** `--time-control C,…`: a comma list of classes. */
function timeControls(v: string, option: string): TimeControlClass[] {
  const list = v.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  const bad = list.find((c) => !(TIME_CONTROL_CLASSES as readonly string[]).includes(c));
  if (bad !== undefined || list.length === 0) {
    throw new UsageError(`--${option} ${v}: expected a comma list of ${TIME_CONTROL_CLASSES.join(", ")}`);
  }
  return list as TimeControlClass[];
}

/** The options that filter games: `--pgn` only. */
const FILTERS = ["rated", "min-elo", "time-control", "min-plies", "exclude-termination", "include-bad-castling"];

/** The command that rebuilds a table from a downloaded copy of its source (recorded in a private table). */
function rebuildCommand(values: Record<string, unknown>): string {
  const file = String(values.table ?? values.pgn ?? "").replace(/^.*\//, "");
  const quote = (x: string) => (/^[\w.,:@%+=\/-]+$/.test(x) ? x : `'${x.replaceAll("'", `'\\''`)}'`);
  const parts = ["deno task outcomes", values.table !== undefined ? "--table" : "--pgn", quote(file)];
  for (const k of ["name", "description", "origin", "licence", "position-url", ...FILTERS, "private"]) {
    const v = values[k];
    if (v === undefined || v === false) continue;
    parts.push(`--${k}`);
    if (v !== true) parts.push(quote(String(v)));
  }
  return parts.join(" ");
}

/** The declaration of `deno task outcomes`. */
export const COMMAND = command({
  name: "outcomes",
  description: "per-position outcomes (W/D/L) of the Chess960 games of a PGN collection, or of a per-position CSV",
  details: [
    "give one of --pgn FILE (games; plain, .gz or .zst, streamed) or --table FILE (published aggregates), or --list",
    "the table goes to results/outcomes/<name>/ (outcomes.csv, outcomes.json)",
  ],
  options: {
    pgn: text("FILE", "a PGN collection (plain, .gz, .zst)"),
    table: text(
      "FILE",
      "a per-position table, CSV or a Markdown page's first table: sp (or setup) with white_wins, draws, black_wins, or games with their percentages",
    ),
    list: flag("list the outcome tables there are"),
    name: text("N", "the table's name", { defaultText: "a shipped table's own, else the file's name" }),
    rated: flag("--pgn: rated games only"),
    "min-elo": whole("K", "--pgn: both players rated at least K"),
    "time-control": valueOf("C,...", `--pgn: only these classes (${TIME_CONTROL_CLASSES.join(", ")})`, timeControls),
    "min-plies": whole("P", "--pgn: games of at least P plies"),
    "exclude-termination": text("T,...", "--pgn: leave out games with these Termination header values"),
    "include-bad-castling": flag("--pgn: keep start FENs whose castling rights do not match the rooks"),
    description: text("TEXT", "--table: what the table holds", { defaultText: "a shipped table's own" }),
    origin: text("TEXT", "where it comes from (attribution: repository, file, commit)", {
      defaultText: "a shipped table's own",
    }),
    licence: text("TEXT", "its licence, e.g. CC BY-NC 4.0"),
    "position-url": text(
      "URL",
      "a position's own page in the source, with {setup}, {setup_lower} or {sp}; a position's view links it",
    ),
    private: flag(
      "its per-position values may not be shipped: they stay on this machine (a .gitignore in its folder); only aggregate figures are committed, and pages and notebooks show only those",
    ),
    replace: flag("replace a table of that name made from another file or with other filters"),
  },
});

function summary(meta: OutcomeTableMeta): string[] {
  const t = meta.totals, g = t.games_per_position;
  const draws = t.draw_rate !== null ? `, draw rate ${t.draw_rate.toFixed(4)}` : "";
  const lines = [
    `${meta.name}: ${meta.description}`,
    `read ${int(meta.counts.read)}, kept ${int(meta.counts.kept)}; skipped: ${describeSkipped(meta.counts.skipped)}`,
    `${t.positions} positions, ${int(t.games)} games (per position ${g.min}..${g.max}, median ${g.median}); ` +
    `White's score ${t.white_score.toFixed(4)}${draws}`,
  ];
  const d = meta.damaged;
  if (d) {
    lines.push(
      `warning: the file is damaged — decompression stopped after about ${int(d.compressed_bytes_read)} of ` +
        `${int(meta.source.bytes)} bytes (${d.message}); the table holds the ${int(d.games_before)} games read before`,
    );
  }
  lines.push(`-> ${displayPath(outcomePaths(meta.name).dir)}/`);
  return lines;
}

await runCommand(import.meta, COMMAND, async ({ values }) => {
  if (values.list) {
    for (const n of listOutcomeTables()) console.log(n);
    return 0;
  }
  if ((values.pgn === undefined) === (values.table === undefined)) {
    throw new UsageError("give one of --pgn FILE (games) or --table FILE (per-position CSV)");
  }
  // a name the user typed is checked as typed: a bad one is a usage error (exit 2), before anything is read
  if (values.name !== undefined) {
    try {
      checkOutcomeName(values.name);
    } catch (e) {
      throw new UsageError(`--name: ${(e as Error).message}`);
    }
  }
  const opts = {
    name: values.name,
    replace: values.replace ?? false,
    description: values.description,
    origin: values.origin,
    licence: values.licence,
    positionUrl: values["position-url"],
    private: values.private ?? false,
    command: rebuildCommand(values),
  };
  if (values.table !== undefined) {
    const filter = FILTERS.find((f) => f in values);
    if (filter) throw new UsageError(`--${filter} filters games: it applies to --pgn, not --table`);
    const shipped = shippedTable(values.table); // data/…: its name and attribution by default
    const { meta } = await buildOutcomesFromTable(values.table, {
      ...opts,
      name: opts.name ?? shipped?.name,
      description: opts.description ?? shipped?.description,
      origin: opts.origin ?? shipped?.origin,
    });
    for (const l of summary(meta)) console.log(l);
    return 0;
  }
  const filters: OutcomeFilters = {
    ...NO_FILTERS,
    rated: values.rated ?? false,
    min_elo: values["min-elo"] ?? null,
    time_controls: values["time-control"] ?? null,
    min_plies: values["min-plies"] ?? null,
    exclude_terminations: (values["exclude-termination"] ?? "").split(",").map((s) => s.trim()).filter(Boolean),
    ...(values["include-bad-castling"] ? { castling_mismatch: "include" as const } : {}),
  };
  const progress = terminalProgress<IngestProgress>(15, formatIngestProgress);
  const { meta, ingest } = await buildOutcomesFromPgn(values.pgn!, filters, { ...opts, onProgress: progress });
  for (const l of summary(meta)) console.log(l);
  const rate = `${int(Math.round(ingest.read / ingest.seconds))} games/s`;
  const mbps = `${(ingest.textBytes / 1e6 / ingest.seconds).toFixed(0)} MB/s of PGN text`;
  console.log(`${int(ingest.read)} games in ${ingest.seconds.toFixed(1)} s (${rate}, ${mbps})`);
});
