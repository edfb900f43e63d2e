/**
 * A growing dataset's published snapshot (`partial.json` beside its `evals.jsonl`): the positions its figures were
 * computed from. Pages and notebooks quote that count, not the file's live one, so that they agree with the figures
 * beside them and a progress commit of the run leaves them current.
 *
 * @module
 */

import { dirname, join } from "node:path";
import * as v from "valibot";
import { checkRecord, count, int, integer, parseJsonText, text } from "../core/mod.ts";
import { type EvalDataset } from "./eval_dataset.ts";
import { readTextIfExists } from "./write_guard.ts";
import { recordedPath } from "./provenance.ts";

/** Name of a snapshot file in its dataset's folder. */
export const SNAPSHOT_FILE = "partial.json";

/** The entries of a snapshot's `done` that say which positions it used (the rest of the file: report/method_partial.ts). */
export const SNAPSHOT_DONE = { of: count(), used: v.array(integer()) };

/** The part of a snapshot file read here: which dataset, and which of its positions. */
const SnapshotHead = v.object({ dataset: v.object({ path: text() }), done: v.object(SNAPSHOT_DONE) });

/** How far a dataset still being computed has gone, as pages quote it. */
export interface ShownProgress {
  /** Positions with a value: the snapshot's, else the file's. */
  done: number;
  /** Positions the dataset is planned to hold. */
  planned: number;
  /** The snapshot file the count comes from (recorded path), or null for the file's live count. */
  snapshot: string | null;
}

/** Where the snapshot of the dataset in `folder` lives. */
export const snapshotPath = (folder: string): string => join(folder, SNAPSHOT_FILE);

/** The count to quote for a dataset: its snapshot's positions when a snapshot of this very file exists, else live. */
export async function shownProgress(d: EvalDataset): Promise<ShownProgress> {
  const planned = d.header.positions.length;
  const path = snapshotPath(dirname(d.path));
  const raw = await readTextIfExists(path);
  if (raw !== undefined) {
    const head = checkRecord(
      SnapshotHead,
      parseJsonText(raw, path, "dataset", "run deno task method-partial to write it again"),
      path,
      "dataset",
    );
    if (head.dataset.path === recordedPath(d.path)) {
      return { done: head.done.used.length, planned, snapshot: recordedPath(path) };
    }
  }
  return { done: d.records.length, planned, snapshot: null };
}

/** "90 of 960 positions", and when the count is a snapshot's, that the run has gone on since. */
export const progressText = (p: ShownProgress): string =>
  `${int(p.done)} of ${int(p.planned)} positions${p.snapshot ? " in its published figures" : ""}`;
