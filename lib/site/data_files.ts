/**
 * The files a dataset's page and card offer: the downloads with their sizes
 * and hashes, the other files of its folder in words (runs from the
 * manifests), and the private outcome tables whose source has a page per
 * position.
 *
 * @module
 */

import { basename, join, relative } from "node:path";
import { int, pathExists, sha256File } from "../core/mod.ts";
import {
  listOutcomeTables,
  MBI_CSV_COLUMNS,
  outcomePaths,
  outcomeWho,
  readJsonIfExists,
  type ResolvedDataset,
  summarisedDesigns,
  summaryPath,
} from "../store/mod.ts";
import { EVALS_CSV_COLUMNS } from "../evaluation/mod.ts";
import { selfplayBudgetText } from "../method/mod.ts";
import { runningDesignOf } from "../report/mod.ts";
import { manifestRuns, manifestRunsText } from "../runs/mod.ts";

/** A file offered for download. */
export interface DownloadFile {
  /** Name in the site's `files/` folder. */
  name: string;
  /** Path relative to the profile folder. */
  source: string;
  /** Absolute path. */
  path: string;
  /** What it holds. */
  what: string;
  /** Size in bytes. */
  bytes: number;
  /** SHA-256. */
  sha256: string;
}

/** A file of the profile folder that is not offered for download but described on the card (present ones only). */
export interface HeldFile {
  /** Path relative to the profile folder. */
  source: string;
  /** What it holds. */
  what: string;
}

/** The files of a dataset offered for download (those that exist), with what they hold. */
export async function downloads(ds: ResolvedDataset): Promise<DownloadFile[]> {
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
  const out: DownloadFile[] = [];
  for (const [name, path, what] of wanted) {
    const st = await Deno.stat(path).catch(() => undefined);
    if (!st?.isFile) continue;
    out.push({ name, source: path.slice(dir.length + 1), path, what, bytes: st.size, sha256: await sha256File(path) });
  }
  return out;
}

/** The files of a dataset's folder the card describes besides the downloads (those that exist). */
export async function heldFiles(ds: ResolvedDataset): Promise<HeldFile[]> {
  const dir = ds.dir;
  // every self-play folder: the profile's own design first, then others (e.g. `selfplay~pos60~games50~move30000/`)
  const own = relative(dir, ds.selfplay);
  const folders = [own, ...listFolders(dir).filter((n) => /^selfplay(~|$)/.test(n) && n !== own).sort()];
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

/** Names of the subfolders of a folder (none when it is missing). */
function listFolders(dir: string): string[] {
  try {
    return [...Deno.readDirSync(dir)].filter((e) => e.isDirectory).map((e) => e.name);
  } catch {
    return [];
  }
}

/** The private outcome tables that name a page per position in their source, as a position's view links them. */
export async function privateSources(): Promise<{ label: string; template: string }[]> {
  const out: { label: string; template: string }[] = [];
  for (const table of listOutcomeTables()) {
    const meta = await readJsonIfExists<
      {
        private?: boolean;
        position_url?: string;
        totals?: { games_per_position?: { median?: number } };
        description?: string;
      }
    >(
      outcomePaths(table).json,
    );
    if (!meta?.private || !meta.position_url) continue;
    const who = outcomeWho(meta.description ?? table);
    const per = meta.totals?.games_per_position?.median;
    out.push({
      label: per ? `${who} (${int(per)} from this start)` : who,
      template: meta.position_url,
    });
  }
  return out;
}
