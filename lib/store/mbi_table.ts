/**
 * Stage 3: its input, position values from a stage-1 dataset (checked like every evaluation file), plain JSONL objects
 * or CSV with `sp` and `eval_cp` columns (errors name the file and line); its outputs, the MBI table of a dataset as
 * JSON (with provenance, citation and licence), CSV and Markdown.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { join } from "node:path";
import { cleanerCode, writeFileAtomic, writeTextIfChanged } from "./write_guard.ts";
import {
  budgetBanner,
  deriveMbi,
  evalBudgetText,
  INTERVAL_DEFINITION,
  INTERVAL_ITERATIONS,
  lastIterationValues,
  mbiIntervals,
  POSITION_COUNT,
  type PositionValue,
  ROUNDING,
  startPosition,
} from "../method/mod.ts";
import {
  checkRecord,
  fileKind,
  int,
  integer,
  isMbiError,
  MbiError,
  mdCode,
  mdEscape,
  parseJsonText,
  removeDeadTemps,
  same,
  sha256File,
  sha256Text,
  text,
  toCsv,
} from "../core/mod.ts";
import { CodeVersion, codeVersion, recordedPath } from "./provenance.ts";
import * as v from "valibot";
import { readEvalDataset } from "./eval_dataset.ts";
import { type SearchLimit } from "../engine/mod.ts";

/** Schema version of the MBI table (2: per-position intervals, content hashes, budget label). */
export const MBI_SCHEMA = 2;

/** The method's citation. */
export const CITATION = "Morozov R. Chess960 Balance Index (MBI). ch960.com/balance, 2026. CC BY 4.0.";

/** Licence of the methodology and dataset. */
export const LICENCE = "CC BY 4.0";

/** Values read from a file, with its stage-1 header (engine, config) when it is a stage-1 dataset. */
export interface InputValues {
  values: PositionValue[];
  header?: {
    engine?: unknown;
    config?: { limit?: unknown; options?: unknown };
    positions?: number[];
    profile?: string;
  };
}

/** A number written as a number: a JSON number, or text like `-12` or `3.5` (not `0x1F`, `1e3`, `[20]` or ``). */
function strictNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return NaN;
}

function checkValue(where: string, sp: unknown, cp: unknown, mate: unknown, seen: Map<number, string>): PositionValue {
  const fail = (message: string) => new MbiError("mbi-input", `${where}: ${message}`);
  const spNum = strictNumber(sp);
  if (sp === undefined || sp === "" || !Number.isInteger(spNum)) throw fail(`sp "${sp ?? ""}" is not a whole number`);
  if (spNum < 0 || spNum >= POSITION_COUNT) throw fail(`SP ${spNum} out of range (allowed: 0..959)`);
  if (seen.has(spNum)) throw fail(`duplicate SP ${spNum} (first on ${seen.get(spNum)})`);
  seen.set(spNum, where);
  const mateNum = mate === undefined || mate === null || mate === "" ? null : strictNumber(mate);
  if (mateNum !== null && !Number.isInteger(mateNum)) throw fail(`mate "${mate}" is not a whole number`);
  if (cp === null || cp === undefined || cp === "") {
    if (mateNum !== null) return { sp: spNum, eval_cp: null, mate: mateNum };
    throw fail(`eval_cp is empty for SP ${spNum}`);
  }
  const value = strictNumber(cp);
  if (!Number.isFinite(value)) throw fail(`eval_cp ${JSON.stringify(cp)} is not a number`);
  return { sp: spNum, eval_cp: value, mate: mateNum };
}

/** Reads position values from a stage-1 dataset, plain JSONL objects, or CSV with `sp` and `eval_cp` columns. */
export async function readPositionValues(path: string): Promise<InputValues> {
  const text = await Deno.readTextFile(path).catch(() => {
    throw new MbiError("mbi-input", `${path}: cannot read the file`);
  });
  const seen = new Map<number, string>();
  const trimmed = text.trimStart();
  if (/^\{[^\n]*"kind":"mbi-evaluations"/.test(trimmed)) {
    const d = await readEvalDataset(path, { fields: "values" });
    if (!d) throw new MbiError("mbi-input", `${path}: the file is empty`);
    if (d.torn) {
      const fix = "run deno task eval-all with the same arguments to repair it";
      throw new MbiError("mbi-input", `${path} ends in a torn line: ${fix}`);
    }
    return {
      values: d.records.map((r) => ({
        sp: r.sp,
        eval_cp: r.eval_cp,
        mate: r.mate,
        iterations: r.eval_cp === null ? undefined : lastIterationValues(r.raw ?? [], d.header.config.limit),
      })),
      header: d.header as InputValues["header"],
    };
  }
  if (trimmed.startsWith("{")) {
    const lines = text.split("\n");
    const values: PositionValue[] = [];
    let header: InputValues["header"];
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].trim() === "") continue;
      const where = `${path} line ${i + 1}`;
      let obj: Record<string, unknown>;
      try {
        obj = JSON.parse(lines[i]);
      } catch {
        throw new MbiError("mbi-input", `${where}: not valid JSON`);
      }
      if (obj.kind === "mbi-evaluations") {
        header = obj as InputValues["header"];
        continue;
      }
      const absent = ["sp", "eval_cp"].find((col) => !(col in obj));
      if (absent) throw new MbiError("mbi-input", `${where}: missing field ${absent}`);
      values.push(checkValue(where, obj.sp, obj.eval_cp, obj.mate, seen));
    }
    return { values, header };
  }
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  const fields = parsed.meta.fields ?? [];
  const absent = ["sp", "eval_cp"].find((col) => !fields.includes(col));
  if (absent) {
    const has = fields.join(", ") || "nothing";
    throw new MbiError("mbi-input", `${path}: missing column ${absent} (the header has: ${has})`);
  }
  if (parsed.errors.length) {
    const e = parsed.errors[0];
    throw new MbiError("mbi-input", `${path} line ${(e.row ?? 0) + 2}: ${e.message}`);
  }
  const values = parsed.data.map((row, i) => checkValue(`${path} line ${i + 2}`, row.sp, row.eval_cp, row.mate, seen));
  return { values, header: undefined };
}

/** One row of the published table: SP, back rank, start FEN, engine value (cp, White's view), |eval_cp|, 1-based rank by edge (ties: mean rank), the index 0..100, and the ends of the position's interval (null when the input has no iterations). */
export const MbiTableRow = v.object({
  sp: integer(),
  setup: text(),
  fen: text(),
  eval_cp: v.number("is not a number"),
  edge_cp: v.number("is not a number"),
  rank: v.number("is not a number"),
  mbi: integer(),
  mbi_lo: v.nullable(v.number("is not a number or null")),
  mbi_hi: v.nullable(v.number("is not a number or null")),
}, "is not a table row");

/** One row of the published table. */
export type MbiTableRow = v.InferOutput<typeof MbiTableRow>;

/** The MBI table file (`mbi.json`): the input it depends on (its values' hash), the interval's definition, the rows. */
export const MbiTable = v.object({
  kind: fileKind("mbi-table"),
  schema: integer("is not a schema number"),
  profile: text(),
  definition: v.object({ edge: text(), rank: text(), mbi: text(), rounding: text(), n: integer() }),
  input: v.object({
    path: text(),
    sha256: text(),
    values_sha256: text(),
    engine: v.unknown(),
    limit: v.unknown(),
    options: v.unknown(),
  }),
  uncertainty: v.nullable(v.object({ definition: text(), iterations: integer() })),
  banner: v.nullable(text("is not a text or null")),
  code: CodeVersion,
  created: text(),
  citation: text(),
  licence: text(),
  rows: v.array(MbiTableRow, "is not a list of rows"),
});

/** The MBI table file (`mbi.json`). */
export type MbiTable = v.InferOutput<typeof MbiTable>;

/** Builds the MBI table from values; a stage-1 dataset must hold all its planned positions (a complete set). */
export async function buildMbiTable(path: string, input: InputValues, profile: string): Promise<MbiTable> {
  const planned = input.header?.positions ?? [];
  const have = new Set(input.values.map((v) => v.sp));
  const missing = planned.filter((sp) => !have.has(sp));
  if (missing.length) {
    const some = missing.slice(0, 3).join(", ");
    const lacks = `lacks ${missing.length} of its ${planned.length} positions (e.g. SP ${some})`;
    const why = "the index is defined only on a complete set; finish stage 1 first";
    throw new MbiError("index-undefined", `${path} ${lacks}: ${why}`);
  }
  const values = deriveMbi(input.values);
  const bySp = new Map(input.values.map((v) => [v.sp, v]));
  const withHistory = values.every((v) => (bySp.get(v.sp)?.iterations?.length ?? 0) > 0);
  const intervals = withHistory
    ? mbiIntervals(values.map((v) => bySp.get(v.sp)!.iterations!), values.map((v) => v.edge_cp))
    : undefined;
  const rows = values.map((v, i) => {
    const p = startPosition(v.sp);
    return {
      sp: v.sp,
      setup: p.setup,
      fen: p.fen,
      eval_cp: v.eval_cp,
      edge_cp: v.edge_cp,
      rank: v.rank,
      mbi: v.mbi,
      mbi_lo: intervals ? intervals[i][0] : null,
      mbi_hi: intervals ? intervals[i][1] : null,
    };
  });
  const limit = input.header?.config?.limit as SearchLimit | undefined;
  return {
    kind: "mbi-table",
    schema: MBI_SCHEMA,
    profile,
    definition: {
      edge: "edge_cp = |eval_cp| (distance from zero, docs/METHOD.md decision 1)",
      rank: "1-based rank of edge_cp ascending; ties share the mean of their ranks",
      mbi: "MBI = round(100 * (N - rank) / (N - 1)); 100 = smallest edge",
      rounding: ROUNDING,
      n: rows.length,
    },
    input: {
      path: recordedPath(path),
      sha256: await sha256File(path),
      values_sha256: valuesHash(input.values),
      engine: input.header?.engine ?? null,
      limit: input.header?.config?.limit ?? null,
      options: input.header?.config?.options ?? null,
    },
    uncertainty: intervals ? { definition: INTERVAL_DEFINITION, iterations: INTERVAL_ITERATIONS } : null,
    banner: limit ? budgetBanner({ profile, evalLimit: limit, engine: engineName(input.header?.engine) }) : null,
    code: await codeVersion(),
    created: new Date().toISOString(),
    citation: CITATION,
    licence: LICENCE,
    rows,
  };
}

/** Hash of the values an index is derived from (SP, eval, mate; sorted by SP): equal values, equal hash, whatever the file's bytes. */
export function valuesHash(values: readonly PositionValue[]): string {
  const rows = [...values].sort((a, b) => a.sp - b.sp).map((v) => [v.sp, v.eval_cp, v.mate ?? null]);
  return sha256Text(JSON.stringify(rows));
}

/** What {@link mbiRowsHash} hashes, in words for the dataset card (so it can be recomputed from `mbi.json`). */
export const MBI_ROWS_HASH_TEXT =
  "SHA-256 of the JSON array of [sp, eval_cp, edge_cp, rank, mbi] of every row of `mbi.json`, in its order, without spaces";

/** Hash of a table's rows as self-play uses them (SP, eval, edge, rank, MBI): equal rows, equal hash. */
export const mbiRowsHash = (table: MbiTable): string =>
  sha256Text(JSON.stringify(table.rows.map((r) => [r.sp, r.eval_cp, r.edge_cp, r.rank, r.mbi])));

function engineName(engine: unknown): string | undefined {
  const e = engine as { uci_name?: unknown } | null | undefined;
  return typeof e?.uci_name === "string" ? e.uci_name : undefined;
}

/** The columns of `mbi.csv`, in order (the dataset card describes each). */
export const MBI_CSV_COLUMNS = ["sp", "setup", "fen", "eval_cp", "edge_cp", "rank", "mbi", "mbi_lo", "mbi_hi"] as const;

/** CSV of the table: {@link MBI_CSV_COLUMNS} (the banner and definitions are in mbi.json). */
export const mbiCsv = (table: MbiTable): string => toCsv(table.rows, [...MBI_CSV_COLUMNS]);

/** Markdown table sorted by MBI (most balanced first), with the budget banner, the interval, citation and licence. */
export function mbiMarkdown(table: MbiTable): string {
  const sorted = [...table.rows].sort((a, b) => b.mbi - a.mbi || a.rank - b.rank || a.sp - b.sp);
  const limit = table.input.limit as SearchLimit | null;
  const engine = (table.input.engine as { uci_name?: string; fingerprint?: number } | null) ?? null;
  const interval = (r: MbiTableRow) => r.mbi_lo === null ? "" : ` | ${r.mbi_lo}–${r.mbi_hi}`;
  const fingerprint = engine?.fingerprint ? ` (bench fingerprint ${int(engine.fingerprint)})` : "";
  const budget = limit ? evalBudgetText(limit) : "unknown";
  const head = [
    `# Morozov Balance Index — ${mdEscape(table.profile)}`,
    "",
    ...(table.banner ? [`> **${mdEscape(table.banner)}**`, ""] : []),
    `Engine: ${mdEscape(engine?.uci_name ?? "unknown")}${fingerprint}; budget: ${budget}; N = ${table.definition.n}.`,
    "",
    `${table.definition.mbi}; ${table.definition.rounding}.`,
    ...(table.uncertainty ? ["", `Interval: ${table.uncertainty.definition}.`] : []),
    "",
    `Values from ${mdCode(table.input.path)}. ${table.citation} Licence: ${table.licence}.`,
    "",
    `| MBI | rank | SP | setup | eval cp | edge cp${table.uncertainty ? " | interval" : ""} |`,
    `| ---: | ---: | ---: | --- | ---: | ---:${table.uncertainty ? " | :---: |" : " |"}`,
  ];
  return [
    ...head,
    ...sorted.map((r) => `| ${r.mbi} | ${r.rank} | ${r.sp} | ${r.setup} | ${r.eval_cp} | ${r.edge_cp}${interval(r)} |`),
  ].join("\n") + "\n";
}

/** Output paths of a table in `dir`. */
export function mbiPaths(dir: string): { json: string; csv: string; md: string } {
  return { json: join(dir, "mbi.json"), csv: join(dir, "mbi.csv"), md: join(dir, "mbi.md") };
}

/**
 * Writes mbi.json, mbi.csv and mbi.md atomically, each (readers check the set as one). When mbi.json already holds the
 * same table, only views that are not its own are rewritten (a rerun changes no file). Files of these names that this
 * workspace did not write are never written over.
 */
export async function writeMbiTable(dir: string, table: MbiTable): Promise<{ written: boolean }> {
  const paths = mbiPaths(dir);
  let absent = false;
  const old = await readMbiTable(paths.json).catch((e) => {
    if (e instanceof Deno.errors.NotFound) return void (absent = true);
    if (isMbiError(e, "mbi-input") && !/not an MBI table/.test(e.message)) return undefined; // ours: rewritten
    throw new MbiError("mbi-input", `${paths.json} is not an MBI table of this workspace; not writing over it`);
  });
  if (absent) {
    // Views without their table (deleted, or a kill before it was written) are rewritten only when they look ours.
    const ours = [
      [paths.csv, (t: string) => t.split("\n")[0] === MBI_CSV_COLUMNS.join(",")],
      [paths.md, (t: string) => t.startsWith("# Morozov Balance Index")],
    ] as const;
    for (const [view, looksOurs] of ours) {
      const text = await Deno.readTextFile(view).catch(() => undefined);
      if (text !== undefined && !looksOurs(text)) {
        throw new MbiError("mbi-input", `${view} exists without its MBI table ${paths.json}; not writing over it`);
      }
    }
  }
  // Same values, rows and definitions: nothing to write, whatever the input file's bytes (a definition worded anew is
  // a change of what the file says).
  const sameTable = (a: MbiTable, b: MbiTable) =>
    a.input.values_sha256 === b.input.values_sha256 && same(a.rows, b.rows) && same(a.uncertainty, b.uncertainty) &&
    a.banner === b.banner && same(a.definition, b.definition);
  // A table written by uncommitted code is written again when committed code computes the same (its provenance).
  if (old && sameTable(old, table) && !cleanerCode(old, table)) {
    // Its views must be its own (a kill between the writes of a set mixes them): written again when they are not.
    await removeDeadTemps(paths.json); // what a killed write of the table left
    const csv = await writeTextIfChanged(paths.csv, mbiCsv(old));
    const md = await writeTextIfChanged(paths.md, mbiMarkdown(old));
    return { written: csv || md };
  }
  // The views first, the table last: readers compare the views with the table (see analysis/derived.ts).
  await writeFileAtomic(paths.csv, mbiCsv(table));
  await writeFileAtomic(paths.md, mbiMarkdown(table));
  await writeFileAtomic(paths.json, JSON.stringify(table, null, 1) + "\n");
  return { written: true };
}

/** Reads an `mbi.json`. */
export async function readMbiTable(path: string): Promise<MbiTable> {
  const text = await Deno.readTextFile(path); // NotFound is left to the caller (it names the command)
  const t = parseJsonText(text, path, "mbi-input", "run deno task derive-mbi to write it again") as {
    kind?: unknown;
    schema: number;
  };
  if (t?.kind !== "mbi-table") throw new MbiError("mbi-input", `${path} is not an MBI table`);
  if (t.schema > MBI_SCHEMA) {
    throw new MbiError("mbi-input", `${path} has schema ${t.schema}; this code reads up to ${MBI_SCHEMA}`);
  }
  if (t.schema < MBI_SCHEMA) {
    const fix = "run deno task derive-mbi to write it again";
    throw new MbiError("mbi-input", `${path} has schema ${t.schema} (older code): ${fix}`);
  }
  return checkRecord(MbiTable, t, path, "mbi-input");
}

/** One row's MBI interval, when the table has one (`mbi_lo`, `mbi_hi`; null otherwise). */
export function rowInterval(row: object | undefined): { mbi_lo: number | null; mbi_hi: number | null } {
  const r = row as { mbi_lo?: unknown; mbi_hi?: unknown } | undefined;
  return {
    mbi_lo: typeof r?.mbi_lo === "number" ? r.mbi_lo : null,
    mbi_hi: typeof r?.mbi_hi === "number" ? r.mbi_hi : null,
  };
}

/** A file's description of itself: a string, or an object's string `definition` or `description`; else null. */
export function describedAs(value: unknown): string | null {
  if (typeof value === "string") return value;
  const o = value as { definition?: unknown; description?: unknown } | null | undefined;
  const t = [o?.definition, o?.description].find((x) => typeof x === "string");
  return typeof t === "string" ? t : null;
}
