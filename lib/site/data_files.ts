/**
 * The files a dataset's page and card offer (downloads with their sizes and hashes, the other files in words), and the
 * outcome tables of real games as the pages show them (the private ones by their source's page per position).
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { basename, join, relative, sep } from "node:path";
import { int, pathExists, sha256File } from "../core/mod.ts";
import {
  describedAs,
  listOutcomeTables,
  MBI_CSV_COLUMNS,
  outcomeFileTexts,
  outcomePaths,
  outcomeWho,
  readDirIfExists,
  readJsonIfExists,
  type ResolvedDataset,
  resultsRoot,
  summarisedDesigns,
  summaryPath,
} from "../store/mod.ts";
import { EVALS_CSV_COLUMNS } from "../evaluation/mod.ts";
import { selfplayBudgetText } from "../method/mod.ts";
import { runningDesignOf } from "../report/mod.ts";
import { manifestRuns, manifestRunsText } from "../runs/mod.ts";
import { thinlyCounted, unevenlyCounted } from "../outcomes/mod.ts";

/** A path relative to a folder, with forward slashes: an href from a page in that folder. */
export const hrefFrom = (dir: string, target: string): string => relative(dir, target).split(sep).join("/");

/** The files of a dataset offered for download (those that exist), with what they hold. */
export async function downloads(ds: ResolvedDataset) {
  const { dir, selfplay: sp } = ds;
  const wanted: [string, string, string][] = [
    ["mbi.csv", ds.mbi.csv, `the index: ${MBI_CSV_COLUMNS.join(", ")} (CSV)`],
    ["mbi.json", ds.mbi.json, "the index with its definition and provenance (JSON)"],
    ["evals.csv", join(dir, "evals.csv"), `stage 1 per position: ${EVALS_CSV_COLUMNS.join(", ")} (CSV)`],
    ["distribution.json", ds.distribution, "stage 2: distribution, ties, depth, rank agreement (JSON)"],
    ["selfplay.json", join(sp, "selfplay.json"), "stage 4: self-play results per position (JSON)"],
    ["games.pgn", join(sp, "games.pgn"), "stage 4: every self-play game (PGN)"],
    [basename(ds.summary), ds.summary, "stage 5: correlations, intervals, verdicts (JSON)"],
  ];
  const out = [];
  for (const [name, path, what] of wanted) {
    const st = await Deno.stat(path).catch(() => undefined);
    if (!st?.isFile) continue;
    out.push({ name, source: path.slice(dir.length + 1), path, what, bytes: st.size, sha256: await sha256File(path) });
  }
  return out;
}

/** The files of a dataset's folder the card describes besides the downloads (those that exist). */
export async function heldFiles(ds: ResolvedDataset): Promise<{ source: string; what: string }[]> {
  const dir = ds.dir;
  // every self-play folder: the profile's own design first, then others (e.g. `selfplay~pos60~games50~move30000/`)
  const own = relative(dir, ds.selfplay);
  const others = dirEntries(dir).filter((e) => e.isDirectory && /^selfplay(~|$)/.test(e.name) && e.name !== own);
  const folders = [own, ...others.map((e) => e.name)];
  const wanted: [string, string][] = [
    ["evals.jsonl", "stage 1 with the raw engine lines; its first line is the header with the configuration"],
    ["evals.manifest.json", await manifestWords(join(dir, "evals.jsonl"), "")],
    ...(await Promise.all(folders.map(async (f): Promise<[string, string][]> => [
      [join(f, "games.jsonl"), "every game with its seed and moves"],
      [
        join(f, "openings.jsonl"),
        "the opening set of each self-play position: the distinct near-best lines its games start from",
      ],
      [
        join(f, "games.manifest.json"),
        await manifestWords(
          join(dir, f, "games.jsonl"),
          " of those games",
          runningDesignOf(ds.profile, f) !== undefined,
        ),
      ],
      // the own design's results and PGN are downloads; another design's are described here
      ...(f === own ? [] : [
        [join(f, "selfplay.json"), "stage 4: that design's results per position"] as [string, string],
        [join(f, "games.pgn"), "that design's games (PGN)"] as [string, string],
      ]),
    ]))).flat(),
    ...summarisedDesigns(ds.profile).map((p): [string, string] => [
      basename(summaryPath(p)),
      `stage 5 of the self-play design ${selfplayBudgetText(p.selfplay)}: correlations, intervals, verdicts`,
    ]),
    ["verify-reproduce.json", "the recorded checks of single positions recomputed from scratch"],
  ];
  return wanted.filter(([f]) => pathExists(join(dir, f))).map(([source, what]) => ({ source, what }));
}

/** What the manifest beside `jsonl` records, in words (see manifestRunsText; `growing`: a design being played). */
async function manifestWords(jsonl: string, of: string, growing = false): Promise<string> {
  const m = await manifestRuns(jsonl);
  return m ? manifestRunsText(m, of, growing) : ""; // no manifest: the entry is left out
}

/** A folder's entries, sorted by name (none when it cannot be read). */
export function dirEntries(dir: string): Deno.DirEntry[] {
  try {
    return [...Deno.readDirSync(dir)].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}

/** The private outcome tables that name a page per position in their source, as a position's view links them. */
export async function privateSources(): Promise<{ label: string; template: string }[]> {
  const out: { label: string; template: string }[] = [];
  for (const table of listOutcomeTables()) {
    const meta = await readJsonIfExists<{
      private?: boolean;
      position_url?: string;
      totals?: { games_per_position?: { median?: number } };
      description?: string;
    }>(outcomePaths(table).json);
    if (!meta?.private || !meta.position_url) continue;
    const who = outcomeWho(meta.description ?? table);
    const per = meta.totals?.games_per_position?.median;
    out.push({ label: per ? `${who} (${int(per)} from this start)` : who, template: meta.position_url });
  }
  return out;
}

/** An outcome table under `<results root>/outcomes/<name>/` (see readOutcomeTables). */
export type OutcomeTable = Awaited<ReturnType<typeof readOutcomeTables>>[number];

/** The outcome columns the pages show, in this order when the CSV has them, with their labels (White's side unless said). */
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
const OUTCOME_COLUMNS = Object.keys(OUTCOME_LABELS);

/** Reads every `<results root>/outcomes/<name>/outcomes.csv` (with `outcomes.json` for its description). */
export async function readOutcomeTables(root = resultsRoot()) {
  const dir = join(root, "outcomes");
  const out = [];
  for (const name of readDirIfExists(dir).filter((e) => e.isDirectory).map((e) => e.name).sort()) {
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
    const bySp: Record<number, (number | string)[]> = {};
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
      /** Its folder name, and what it is (from `outcomes.json` when it says). */
      name,
      description: (description || `outcome table ${name}`).replace(/\.$/, ""),
      /** The note on unevenly counted positions (said once where the table is described), or null. */
      note: unevenlyCounted(counts),
      /** The positions that note names, with what a position's own view says of its count. */
      thin,
      /** Columns shown (present in the CSV with a value in some row, in this order), and rows by SP. */
      columns,
      bySp,
    });
  }
  return out;
}
