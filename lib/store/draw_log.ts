/**
 * An event's draw log: one JSON line per round's draw (what was drawn, from
 * which seed among how many eligible positions of which dataset), read before
 * each draw so that no position is drawn twice in an event, and appended one
 * whole line at a time. A log that does not read back whole (a damaged line, a
 * line cut short) is refused, naming the line, and never written to: it is the
 * event's record, and only a person may mend it.
 *
 * @module
 */

import * as v from "valibot";
import { checkRecord, count, fileKind, integer, MbiError, schemaVersion, text } from "../core/mod.ts";

/** Schema version of draw log lines. */
export const DRAW_LOG_SCHEMA = 1;

/**
 * One draw: its round (1 for the first line of the log), when, the seed text
 * and its SHA-256, the position drawn (SP, back rank, FEN), its index among the
 * eligible ones and their count, the condition and the exclusions, and the
 * dataset (results key, engine, fingerprint, budget).
 */
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
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw new MbiError("draw-log", `cannot read the log ${path}: ${(e as Error).message.split("\n")[0]}`);
  }
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) !== "") {
    throw new MbiError(
      "draw-log",
      `${path} line ${lines.length} is cut short (no end of line): mend or remove it by hand; nothing was drawn`,
    );
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

/**
 * Appends one draw as a whole line (one write to a file opened for appending,
 * created when missing); the log was read and checked just before. A failed
 * write is a `write` error naming the file.
 */
export async function appendDraw(path: string, record: DrawRecord): Promise<void> {
  const bytes = new TextEncoder().encode(JSON.stringify(record) + "\n");
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(path, { append: true, create: true });
    let off = 0;
    while (off < bytes.length) off += await file.write(bytes.subarray(off));
  } catch (e) {
    throw new MbiError("write", `cannot append to the log ${path}: ${(e as Error).message.split("\n")[0]}`);
  } finally {
    file?.close();
  }
}
