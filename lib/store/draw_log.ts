/**
 * An event's draw log: one JSON line per round's draw, read before each draw so no position is drawn twice in an
 * event, and appended a whole line at a time. A log that does not read back whole is refused, naming the line, and
 * never written to: it is the event's record, and only a person may mend it.
 *
 * @module
 */

import * as v from "valibot";
import { checkRecord, count, fileKind, integer, MbiError, schemaVersion, text } from "../core/mod.ts";
import { readTextIfExists } from "./write_guard.ts";

const DRAW_LOG_SCHEMA = 1;

/** One draw: its round, the seed and its SHA-256, the position drawn, its index among the eligible, and the dataset. */
export const DrawRecord = v.object({
  kind: fileKind("mbi-draw"),
  schema: schemaVersion(DRAW_LOG_SCHEMA),
  round: count(),
  date: text(),
  seed: text(),
  sha256: text(),
  sp: integer(),
  setup: text(),
  fen: text(),
  index: count(),
  eligible: count(),
  condition: text(),
  excluded: v.array(integer(), "is not a list of positions"),
  dataset: text(),
  engine: text(),
  fingerprint: v.nullable(integer()),
  budget: text(),
});

/** One draw of a log. */
export type DrawRecord = v.InferOutput<typeof DrawRecord>;

/** Reads a draw log (an empty list when the file does not exist); a damaged one is a `draw-log` error naming the line. */
export async function readDrawLog(path: string): Promise<DrawRecord[]> {
  const text = await readTextIfExists(path).catch((e) => {
    throw new MbiError("draw-log", `cannot read the log ${path}: ${(e as Error).message.split("\n")[0]}`);
  });
  if (!text) return [];
  const lines = text.split("\n");
  if (lines.at(-1) !== "") {
    const fix = "mend or remove it by hand; nothing was drawn";
    throw new MbiError("draw-log", `${path} line ${lines.length} is cut short (no end of line): ${fix}`);
  }
  return lines.slice(0, -1).map((line, i) => {
    const where = `${path} line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new MbiError("draw-log", `${where} is not a draw (not JSON): mend it by hand; nothing was drawn`);
    }
    return checkRecord(DrawRecord, value, where, "draw-log");
  });
}

/** Appends one draw as a whole line in one write (the log was read and checked just before); else a `write` error. */
export async function appendDraw(path: string, record: DrawRecord): Promise<void> {
  const bytes = new TextEncoder().encode(JSON.stringify(record) + "\n");
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(path, { append: true, create: true });
    for (let off = 0; off < bytes.length;) off += await file.write(bytes.subarray(off));
  } catch (e) {
    throw new MbiError("write", `cannot append to the log ${path}: ${(e as Error).message.split("\n")[0]}`);
  } finally {
    file?.close();
  }
}
