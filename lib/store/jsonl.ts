/**
 * Append-only JSONL files with a header line: crash-safe reading (a torn last line from a killed writer is detected and
 * cut off) and serialized appends. Written by hand: these append/repair semantics are specific to resumable runs.
 *
 * @module
 */

import { checkRecord, type ErrorCode, errorKind, MbiError } from "../core/mod.ts";
import type * as v from "valibot";
import { openAppend, writeError, writeFileAtomic } from "./write_guard.ts";

/** Raised for a JSONL file that is damaged beyond a torn last line, or is not a results file. */
export class JsonlError extends errorKind("jsonl") {}

/** Content of a JSONL file: the first line, the records (record i on line i + 2), and whether a torn tail was found. */
export interface JsonlContent<H, R> {
  header: H;
  records: R[];
  /** Byte length of the intact part (up to and including the last complete line). */
  intactBytes: number;
  /** True when the file ended in a partial line (a writer was killed mid-write). */
  torn: boolean;
}

const notOurs = (path: string, why: string) =>
  new JsonlError(`${path} is not a results file of this workspace (its first line is not ${why}); not touching it`);

/**
 * Reads a JSONL file: a last line without its newline, or not valid JSON, is torn (not returned); damage elsewhere
 * throws {@link JsonlError} naming the line. A file whose first line is not a JSON object is refused (so `--out` never
 * takes a user's file for a torn write). Undefined when the file is missing, empty or only a header cut by a kill.
 */
export async function readJsonl<H, R>(path: string): Promise<JsonlContent<H, R> | undefined> {
  const bytes = await Deno.readFile(path).catch((e) => {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  });
  if (!bytes) return undefined;
  // Offsets are counted on bytes, never on decoded text: a byte-order mark or a character of several bytes must
  // not move the cut of a torn tail (every complete line is kept byte for byte).
  const lastNewline = bytes.lastIndexOf(0x0a);
  if (lastNewline < 0) {
    // No complete line: empty, a header torn by a kill, or not ours.
    const text = new TextDecoder().decode(bytes);
    if (text === "" || /^\{"kind":"mbi-/.test(text)) return undefined;
    throw notOurs(path, "a header");
  }
  let torn = lastNewline < bytes.length - 1;
  const lines: Uint8Array[] = [];
  for (let start = 0, i = 0; i <= lastNewline; i++) {
    if (bytes[i] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parsed: unknown[] = [];
  let intact = lastNewline + 1;
  for (let i = 0; i < lines.length; i++) {
    let line: string;
    try {
      line = decoder.decode(lines[i]);
    } catch {
      throw new JsonlError(`${path} line ${i + 1} is not UTF-8 text (the file is damaged; not touching it)`);
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (i === lines.length - 1 && !torn && i > 0) {
        // A complete-looking but unparsable last record: also a torn write.
        torn = true;
        intact -= lines[i].length + 1;
        break;
      }
      if (i === 0) throw notOurs(path, "JSON");
      throw new JsonlError(`${path} line ${i + 1} is not valid JSON (the file is damaged; not repairing it)`);
    }
    if (i === 0 && (value === null || typeof value !== "object" || Array.isArray(value))) {
      throw notOurs(path, "a header");
    }
    parsed.push(value);
  }
  return { header: parsed[0] as H, records: parsed.slice(1) as R[], intactBytes: intact, torn };
}

/** {@link readJsonl}, then checks the header and every record; a failure is an error of `code` naming file and line. */
export async function readCheckedJsonl<H extends v.GenericSchema, R extends v.GenericSchema>(
  path: string,
  header: H,
  record: (header: v.InferOutput<H>) => R,
  what: string,
  code: ErrorCode,
): Promise<JsonlContent<v.InferOutput<H>, v.InferOutput<R>> | undefined> {
  const content = await readJsonl<unknown, unknown>(path).catch((e) => {
    throw e instanceof JsonlError ? new MbiError(code, e.message) : e;
  });
  if (!content) return undefined;
  const h = checkRecord(header, content.header, `${path} is not ${what} (line 1)`, code);
  const schema = record(h);
  const records = content.records.map((r, i) => checkRecord(schema, r, `${path} line ${i + 2}`, code));
  return { ...content, header: h, records };
}

/**
 * Repairs a file holding a record twice (two runs at once, before complete locks): when every repeat agrees with the
 * first of its key, the intact part is rewritten atomically without the repeats; else nothing is written and `differ`
 * (given the record and "lines a and b") is thrown. Returns how many records went.
 */
export async function dropRepeats<R>(
  path: string,
  content: JsonlContent<unknown, R> | undefined,
  key: (record: R) => string,
  agree: (first: R, again: R) => boolean,
  differ: (record: R, lines: string) => Error,
): Promise<number> {
  const first = new Map<string, { line: number; record: R }>();
  const drop = new Set<number>();
  content?.records.forEach((r, i) => {
    const seen = first.get(key(r));
    if (!seen) return void first.set(key(r), { line: i + 2, record: r });
    if (!agree(seen.record, r)) throw differ(r, `lines ${seen.line} and ${i + 2}`);
    drop.add(i + 2);
  });
  if (!content || drop.size === 0) return 0;
  const bytes = (await Deno.readFile(path)).subarray(0, content.intactBytes);
  const intact = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  await writeFileAtomic(path, intact.split("\n").filter((l, i) => l !== "" && !drop.has(i + 1)).join("\n") + "\n");
  return drop.size;
}

/** Appends one JSON value as a line to `path` (a log such as `errors.jsonl`), created when missing, never through a link. */
export async function appendJsonLine(path: string, value: unknown): Promise<void> {
  const log = await JsonlAppender.open(path, undefined, true);
  try {
    await log.append(value);
  } finally {
    await log.close();
  }
}

/** An open append-only JSONL file; appends are serialized, one write per line. */
export class JsonlAppender {
  #file: Deno.FsFile;
  #queue: Promise<void> = Promise.resolve();

  private constructor(file: Deno.FsFile, readonly path: string) {
    this.#file = file;
  }

  /** Opens `path` for appending, never through a link (`create`: a missing file is created), cut to `truncateTo` bytes. */
  static async open(path: string, truncateTo?: number, create = false): Promise<JsonlAppender> {
    try {
      const file = await openAppend(path, create);
      if (truncateTo !== undefined) await file.truncate(truncateTo);
      return new JsonlAppender(file, path);
    } catch (e) {
      throw writeError(path, e);
    }
  }

  /** Opens a resumable file: an existing one (its torn last line cut off), or a new one starting with `header()`. */
  static async resume<H, R>(
    path: string,
    existing: JsonlContent<H, R> | undefined,
    header: () => Promise<H>,
  ): Promise<JsonlAppender> {
    if (existing) return await JsonlAppender.open(path, existing.torn ? existing.intactBytes : undefined);
    await writeFileAtomic(path, JSON.stringify(await header()) + "\n");
    return await JsonlAppender.open(path);
  }

  /** Appends one JSON value as a line (whole line in one write). */
  append(value: unknown): Promise<void> {
    const bytes = new TextEncoder().encode(JSON.stringify(value) + "\n");
    this.#queue = this.#queue.then(async () => {
      try {
        for (let off = 0; off < bytes.length;) off += await this.#file.write(bytes.subarray(off));
      } catch (e) {
        throw writeError(this.path, e);
      }
    });
    return this.#queue;
  }

  /** Waits for pending appends and closes the file. */
  async close(): Promise<void> {
    await this.#queue;
    this.#file.close();
  }
}
