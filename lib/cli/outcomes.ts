/**
 * `deno task outcomes --pgn FILE [--name N] [--rated] [--min-elo K] [--time-control C,…] [--min-plies P]
 * [--exclude-termination T,…] [--include-bad-castling] [--replace]`: per-position outcomes of the
 * Chess960 games of a PGN collection (plain, .gz, .zst), streamed.
 *
 * `deno task outcomes --table FILE [--name N] [--description TEXT] [--origin TEXT] [--replace]`: the same
 * from a per-position CSV (published aggregates). `--list` lists the tables.
 *
 * @module
 */

import { NO_FILTERS, type OutcomeFilters, TIME_CONTROL_CLASSES, type TimeControlClass } from "../method/pgn_headers.ts";
import { listOutcomeTables, outcomePaths, type OutcomeTableMeta } from "../store/outcome_table.ts";
import { displayPath } from "../store/provenance.ts";
import { buildOutcomesFromPgn, buildOutcomesFromTable } from "../stages/outcomes/build.ts";
import { describeSkipped, formatIngestProgress, type IngestProgress } from "../stages/outcomes/ingest.ts";
import { terminalProgress } from "../stages/progress.ts";
import { shippedTable } from "../stages/outcomes/report.ts";
import { type CliSpec, parseCli, positiveInt, runCli, UsageError } from "./common.ts";

const USAGE: CliSpec = {
  usage: "deno task outcomes --pgn FILE [--name N] [--rated] [--min-elo K] [--time-control C,...] [--min-plies P] " +
    "[--exclude-termination T,...] [--include-bad-castling] [--replace]\n" +
    "  | deno task outcomes --table FILE [--name N] [--description TEXT] [--origin TEXT] [--replace]\n" +
    "  | deno task outcomes --list\n" +
    "  per-position outcomes (W/D/L) of the Chess960 games of a PGN collection (plain, .gz, .zst), or of a per-position CSV",
  positionals: 0,
};

const int = (n: number) => n.toLocaleString("en-US");

/** Parses `--time-control`: a comma list of classes. */
export function parseTimeControls(v: string | undefined): TimeControlClass[] | null {
  if (v === undefined) return null;
  const list = v.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  const bad = list.find((c) => !(TIME_CONTROL_CLASSES as readonly string[]).includes(c));
  if (bad !== undefined || list.length === 0) {
    throw new UsageError(`--time-control ${v}: expected a comma list of ${TIME_CONTROL_CLASSES.join(", ")}`);
  }
  return list as TimeControlClass[];
}

function summary(meta: OutcomeTableMeta): string[] {
  const t = meta.totals;
  const lines = [
    `${meta.name}: ${meta.description}`,
    `read ${int(meta.counts.read)}, kept ${int(meta.counts.kept)}; skipped: ${describeSkipped(meta.counts.skipped)}`,
    `${t.positions} positions, ${
      int(t.games)
    } games (per position ${t.games_per_position.min}..${t.games_per_position.max}, median ${t.games_per_position.median}); White's score ${
      t.white_score.toFixed(4)
    }${t.draw_rate !== null ? `, draw rate ${t.draw_rate.toFixed(4)}` : ""}`,
  ];
  if (meta.damaged) {
    lines.push(
      `warning: the file is damaged — decompression stopped after about ${int(meta.damaged.compressed_bytes_read)} of ${
        int(meta.source.bytes)
      } bytes (${meta.damaged.message}); the table holds the ${int(meta.counts.read)} games read before`,
    );
  }
  lines.push(`-> ${displayPath(outcomePaths(meta.name).dir)}/`);
  return lines;
}

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      pgn: { type: "string" },
      table: { type: "string" },
      name: { type: "string" },
      rated: { type: "boolean" },
      "min-elo": { type: "string" },
      "time-control": { type: "string" },
      "min-plies": { type: "string" },
      "exclude-termination": { type: "string" },
      description: { type: "string" },
      origin: { type: "string" },
      replace: { type: "boolean" },
      list: { type: "boolean" },
      "include-bad-castling": { type: "boolean" },
    }, USAGE);
    if (values.list) {
      for (const n of listOutcomeTables()) console.log(n);
      return 0;
    }
    if ((values.pgn === undefined) === (values.table === undefined)) {
      throw new UsageError("give one of --pgn FILE (games) or --table FILE (per-position CSV)");
    }
    const opts = {
      name: values.name,
      replace: values.replace ?? false,
      description: values.description,
      origin: values.origin,
    };
    if (values.table !== undefined) {
      for (
        const f of [
          "rated",
          "min-elo",
          "time-control",
          "min-plies",
          "exclude-termination",
          "include-bad-castling",
        ] as const
      ) {
        if (values[f] !== undefined) throw new UsageError(`--${f} filters games: it applies to --pgn, not --table`);
      }
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
    const minElo = positiveInt("min-elo", values["min-elo"]);
    const filters: OutcomeFilters = {
      ...NO_FILTERS,
      rated: values.rated ?? false,
      min_elo: minElo ?? null,
      time_controls: parseTimeControls(values["time-control"]),
      min_plies: positiveInt("min-plies", values["min-plies"]) ?? null,
      exclude_terminations: (values["exclude-termination"] ?? "").split(",").map((s) => s.trim()).filter(Boolean),
      ...(values["include-bad-castling"] ? { castling_mismatch: "include" as const } : {}),
    };
    const progress = terminalProgress<IngestProgress>(15, formatIngestProgress);
    const { meta, ingest } = await buildOutcomesFromPgn(values.pgn!, filters, { ...opts, onProgress: progress });
    for (const l of summary(meta)) console.log(l);
    console.log(
      `${int(ingest.read)} games in ${ingest.seconds.toFixed(1)} s (${
        int(Math.round(ingest.read / ingest.seconds))
      } games/s, ${(ingest.textBytes / 1e6 / ingest.seconds).toFixed(0)} MB/s of PGN text)`,
    );
    return 0;
  });
}
