/**
 * What a run manifest says of the runs that wrote its file, in words for the
 * dataset card: how many runs it records, how many ended, and — when the file
 * was begun before the first run it records (a manifest from before it was
 * kept beside the file) — that the earlier runs are not recorded, rather than
 * calling it "every run".
 *
 * @module
 */

import { checkRecord, parseJsonText } from "../core/mod.ts";
import { displayPath, readTextIfExists } from "../store/mod.ts";
import { manifestPath, RunManifest } from "./resumable_run.ts";

/** How long after the file was begun its first recorded run may start and still be the run that began it. */
const BEGUN_WITHIN_MS = 60_000;

/** A manifest's account of its file's runs. */
export interface ManifestRuns {
  /** Runs recorded. */
  runs: number;
  /** Of those, the runs that recorded their end (the others were stopped, or are running). */
  ended: number;
  /** When the first recorded run started (ISO 8601). */
  firstStarted: string | null;
  /** When the file was begun (its header's `created`), if it says. */
  fileCreated: string | null;
  /** True when the first recorded run is the one that began the file. */
  fromTheStart: boolean;
}

/**
 * Reads the manifest beside a JSONL file (`games.jsonl` → `games.manifest.json`)
 * and the file's header; undefined when there is no manifest.
 */
export async function manifestRuns(jsonlPath: string): Promise<ManifestRuns | undefined> {
  const path = manifestPath(jsonlPath);
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  const fix = "run the stage that writes it";
  const m = checkRecord(
    RunManifest,
    parseJsonText(text, displayPath(path), "dataset", fix),
    displayPath(path),
    "dataset",
  );
  const started = m.runs.map((r) => r.started).filter((s): s is string => typeof s === "string").sort();
  const fileCreated = await headerCreated(jsonlPath);
  const firstStarted = started[0] ?? null;
  const fromTheStart = firstStarted !== null && fileCreated !== null &&
    Date.parse(firstStarted) - Date.parse(fileCreated) <= BEGUN_WITHIN_MS;
  return {
    runs: m.runs.length,
    ended: m.runs.filter((r) => typeof r.ended === "string").length,
    firstStarted,
    fileCreated,
    fromTheStart,
  };
}

/** The `created` time of a JSONL file's header line (null when it has none or the file is missing). */
async function headerCreated(jsonlPath: string): Promise<string | null> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(jsonlPath);
  } catch {
    return null;
  }
  try {
    // only the first line: a games file is tens of MB
    const dec = new TextDecoder();
    const buf = new Uint8Array(65_536);
    let line = "";
    for (let n = await file.read(buf); n !== null; n = await file.read(buf)) {
      line += dec.decode(buf.subarray(0, n), { stream: true });
      if (line.includes("\n")) break;
    }
    line = line.split("\n", 1)[0];
    const created = (JSON.parse(line) as { created?: unknown }).created;
    return typeof created === "string" ? created : null;
  } catch {
    return null;
  } finally {
    file.close();
  }
}

/** `2026-12-01T15:30:21.655Z` → `2026-12-01 15:30 UTC`. */
function minuteUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * The card's words for a manifest: "start and end of every run: 6 runs; 1
 * ended, the others were stopped or still running", or "… of the runs from
 * 2026-12-01 15:30 UTC on: 1 run; the file was begun 2026-12-01 09:20 UTC and
 * its earlier runs are not recorded" (or "… of the runs it records" when the
 * file or its runs do not say when they began); `of` follows "runs" (" of those games").
 * For a file still being written (`growing`) the words hold no count: "start
 * and end of every run of those games so far, a run added at every
 * resume", so that its description stays true while its runs are added.
 */
export function manifestRunsText(m: ManifestRuns, of = "", growing = false): string {
  const runs = `${m.runs} run${m.runs === 1 ? "" : "s"}`;
  const stopped = m.runs - m.ended;
  const ended = stopped === 0
    ? ""
    : m.ended === 0
    ? `, ${m.runs === 1 ? "stopped or still running" : "each stopped or still running"}`
    : `; ${m.ended} ended, the other${stopped === 1 ? " was" : "s were"} stopped or still running`;
  const tally = growing ? " so far, a run added at every resume" : `: ${runs}${ended}`;
  if (m.fromTheStart) return `start and end of every run${of}${tally}`;
  if (m.firstStarted === null || m.fileCreated === null) return `start and end of the runs${of} it records${tally}`;
  return `start and end of the runs${of} from ${minuteUtc(m.firstStarted)} on${tally}; the file was begun ${
    minuteUtc(m.fileCreated)
  } and its earlier runs are not recorded`;
}
