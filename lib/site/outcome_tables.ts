/**
 * The outcome tables of real games under the results root as the pages show
 * them (`<results root>/outcomes/<name>/outcomes.csv` with its
 * `outcomes.json`): the known columns with a value in some row, their labels
 * for people, and a description with the note on unevenly counted positions.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { join } from "node:path";
import { describedAs, outcomeFileTexts, readJsonIfExists, resultsRoot } from "../store/mod.ts";
import { thinlyCounted, unevenlyCounted } from "../outcomes/mod.ts";

/** An outcome table under `<results root>/outcomes/<name>/`. */
export interface OutcomeTable {
  /** Its folder name. */
  name: string;
  /** What it is, from `outcomes.json` when it says. */
  description: string;
  /** The note on unevenly counted positions (said once where the table is described), or null. */
  note: string | null;
  /** The positions that note names, with what a position's own view says of its count. */
  thin: Record<number, string>;
  /** Columns shown (present in the CSV with a value in some row, in this order). */
  columns: string[];
  /** Rows by SP: the shown columns' values. */
  bySp: Record<number, (number | string)[]>;
}

/** Columns of an outcome table the page shows, in this order, when the CSV has them. */
export const OUTCOME_COLUMNS = [
  "games",
  "wins",
  "white_wins",
  "draws",
  "losses",
  "black_wins",
  "white_score",
  "white_score_lo",
  "white_score_hi",
  "score_lo",
  "score_hi",
  "draw_rate",
  "mean_elo",
];

/** Each outcome column's label for people (every column of {@link OUTCOME_COLUMNS}; White's side unless it says). */
export const OUTCOME_LABELS: Record<string, string> = {
  games: "games",
  wins: "White wins",
  white_wins: "White wins",
  draws: "draws",
  losses: "White losses",
  black_wins: "Black wins",
  white_score: "White's score",
  white_score_lo: "White's score, 95% interval, low",
  white_score_hi: "White's score, 95% interval, high",
  score_lo: "White's score, 95% interval, low",
  score_hi: "White's score, 95% interval, high",
  draw_rate: "draw rate",
  mean_elo: "mean rating of the players",
};

/** Reads every `<results root>/outcomes/<name>/outcomes.csv` (with `outcomes.json` for its description). */
export async function readOutcomeTables(root = resultsRoot()): Promise<OutcomeTable[]> {
  const dir = join(root, "outcomes");
  let names: string[];
  try {
    names = [...Deno.readDirSync(dir)].filter((e) => e.isDirectory).map((e) => e.name).sort();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
  const out: OutcomeTable[] = [];
  for (const name of names) {
    let csv = await Deno.readTextFile(join(dir, name, "outcomes.csv")).catch(() => undefined);
    if (csv === undefined) continue;
    const meta = await readJsonIfExists<Record<string, unknown>>(join(dir, name, "outcomes.json")).catch(() =>
      undefined
    );
    // A private table's per-position values are never published: the pages show only its aggregates.
    if (meta?.private === true) continue;
    // A table of this workspace names its CSV files with their hashes: one set, or refused (never a mix published).
    if (Array.isArray(meta?.files)) {
      csv = (await outcomeFileTexts(join(dir, name), meta as { files: { name: string; sha256: string }[] }))[
        "outcomes.csv"
      ] ?? csv;
    }
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true, skipEmptyLines: true });
    const fields = parsed.meta.fields ?? [];
    if (!fields.includes("sp")) continue;
    // a column the table has but leaves empty (e.g. mean_elo of a per-position count) is not shown
    const columns = OUTCOME_COLUMNS.filter((c) =>
      fields.includes(c) && parsed.data.some((row) => row[c] !== undefined && row[c].trim() !== "")
    );
    const source = meta?.source as Record<string, unknown> | string | undefined;
    const description = [
      describedAs(meta),
      typeof source === "string" ? source : (source?.file ?? source?.name ?? source?.path) as string | undefined,
      typeof meta?.games_kept === "number" ? `${meta.games_kept.toLocaleString("en-US")} games kept` : undefined,
    ].filter((x) => typeof x === "string" && x !== "").join("; ");
    const bySp: OutcomeTable["bySp"] = {};
    for (const row of parsed.data) {
      const sp = Number(row.sp);
      if (!Number.isInteger(sp)) continue;
      bySp[sp] = columns.map((c) => row[c] === "" || isNaN(Number(row[c])) ? row[c] : Number(row[c]));
    }
    // a few positions counted far below the others (the human table's SP 518) get the note notebook 07 makes
    const counts = parsed.data.map((row) => ({ sp: Number(row.sp), games: Number(row.games) }))
      .filter((r) => Number.isInteger(r.sp) && Number.isFinite(r.games));
    const few = thinlyCounted(counts);
    const thin = Object.fromEntries(
      (few?.thin ?? []).map((r) => [
        r.sp,
        `counted far below the others: ${r.games.toLocaleString("en-US")} games against a median of ${
          few!.median.toLocaleString("en-US")
        }; the table does not say why`,
      ]),
    );
    out.push({
      name,
      description: (description || `outcome table ${name}`).replace(/\.$/, ""),
      note: unevenlyCounted(counts),
      thin,
      columns,
      bySp,
    });
  }
  return out;
}
