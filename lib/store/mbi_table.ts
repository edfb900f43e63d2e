/**
 * Stage 3 outputs: the MBI table of a dataset as JSON (schema-versioned, with
 * provenance, citation and licence), CSV and a Markdown table sorted by MBI;
 * and reading position values from any stage-1 dataset, JSONL or CSV file.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { join } from "node:path";
import { writeFileAtomic, writeTextIfChanged } from "./atomic.ts";
import { POSITION_COUNT, startPosition } from "../method/chess960.ts";
import { sha256File, sha256Text } from "../core/hash.ts";
import { deriveMbi, type PositionValue, ROUNDING } from "../method/mbi.ts";
import { type CodeVersion, codeVersion, displayPath } from "./provenance.ts";
import { errorKind, MbiError } from "../core/errors.ts";
import { readEvalDataset } from "./eval_dataset.ts";
import { INTERVAL_DEFINITION, INTERVAL_ITERATIONS, lastIterationValues, mbiIntervals } from "../method/uncertainty.ts";
import { budgetBanner, evalBudgetText } from "../method/labels.ts";
import { type SearchLimit } from "../engine/limit.ts";
import { toCsv } from "../core/csv.ts";
import { same } from "../core/compare.ts";

/** Schema version of the MBI table (2: per-position intervals, content hashes, budget label). */
export const MBI_SCHEMA = 2;

/** The method's citation. */
export const CITATION = "Morozov R. Chess960 Balance Index (MBI). ch960.com/balance, 2026. CC BY 4.0.";

/** Licence of the methodology and dataset. */
export const LICENCE = "CC BY 4.0";

/** One row of the published table. */
export interface MbiTableRow {
  /** Start position number. */
  sp: number;
  /** Back rank. */
  setup: string;
  /** Start FEN (Shredder-FEN castling). */
  fen: string;
  /** Engine value, cp, White's view. */
  eval_cp: number;
  /** |eval_cp|. */
  edge_cp: number;
  /** 1-based rank by edge (ties: mean rank). */
  rank: number;
  /** The index 0..100. */
  mbi: number;
  /** Lower end of the position's interval (see `uncertainty`); null when the input has no iterations. */
  mbi_lo: number | null;
  /** Upper end of the position's interval. */
  mbi_hi: number | null;
}

/** The MBI table file (`mbi.json`). */
export interface MbiTable {
  /** File kind. */
  kind: "mbi-table";
  /** Schema version. */
  schema: number;
  /** Profile (or "custom" for derive-mbi on another file). */
  profile: string;
  /** Definition of the index as computed. */
  definition: {
    edge: string;
    rank: string;
    mbi: string;
    rounding: string;
    n: number;
  };
  /** Where the values came from: the file, its hash, and the hash of its values (what the table depends on). */
  input: {
    path: string;
    sha256: string;
    values_sha256: string;
    engine: unknown;
    limit: unknown;
    options: unknown;
  };
  /** How the per-position interval is defined (null when the input has no iteration history). */
  uncertainty: { definition: string; iterations: number } | null;
  /** The banner for people: the budget beside the method's (null at the method's budget). */
  banner: string | null;
  /** Code that made the table. */
  code: CodeVersion;
  /** When the table was first written with this content. */
  created: string;
  /** How to cite the method. */
  citation: string;
  /** Licence. */
  licence: string;
  /** Rows sorted by SP. */
  rows: MbiTableRow[];
}

/** Raised for an input file that cannot be indexed; names the line. */
export class MbiInputError extends errorKind("mbi-input") {}

/** Values read from a file, with the file's stage-1 metadata when it has a header. */
export interface InputValues {
  /** Position values. */
  values: PositionValue[];
  /** Stage-1 header (engine, config), when the file is a stage-1 dataset. */
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

function checkValue(
  where: string,
  sp: unknown,
  evalCp: unknown,
  mate: unknown,
  seen: Map<number, string>,
): PositionValue {
  const spNum = strictNumber(sp);
  if (sp === undefined || sp === "" || !Number.isInteger(spNum)) {
    throw new MbiInputError(`${where}: sp "${sp ?? ""}" is not a whole number`);
  }
  if (spNum < 0 || spNum >= POSITION_COUNT) {
    throw new MbiInputError(
      `${where}: SP ${spNum} out of range (allowed: 0..959)`,
    );
  }
  if (seen.has(spNum)) {
    throw new MbiInputError(
      `${where}: duplicate SP ${spNum} (first on ${seen.get(spNum)})`,
    );
  }
  seen.set(spNum, where);
  const mateNum = mate === undefined || mate === null || mate === "" ? null : strictNumber(mate);
  if (mateNum !== null && !Number.isInteger(mateNum)) {
    throw new MbiInputError(`${where}: mate "${mate}" is not a whole number`);
  }
  if (evalCp === null || evalCp === undefined || evalCp === "") {
    if (mateNum !== null) return { sp: spNum, eval_cp: null, mate: mateNum };
    throw new MbiInputError(`${where}: eval_cp is empty for SP ${spNum}`);
  }
  const cp = strictNumber(evalCp);
  if (!Number.isFinite(cp)) {
    throw new MbiInputError(`${where}: eval_cp ${JSON.stringify(evalCp)} is not a number`);
  }
  return { sp: spNum, eval_cp: cp, mate: mateNum };
}

/**
 * Reads position values from a stage-1 dataset (JSONL with header), plain
 * JSONL objects, or CSV with `sp` and `eval_cp` columns. Errors name the line.
 */
export async function readPositionValues(path: string): Promise<InputValues> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch {
    throw new MbiInputError(`${path}: cannot read the file`);
  }
  const seen = new Map<number, string>();
  const trimmed = text.trimStart();
  if (/^\{[^\n]*"kind":"mbi-evaluations"/.test(trimmed)) {
    // A stage-1 dataset: read and checked against its header like every evaluation file.
    const d = await readEvalDataset(path);
    if (!d) throw new MbiInputError(`${path}: the file is empty`);
    if (d.torn) {
      throw new MbiInputError(
        `${path} ends in a torn line: run deno task eval-all with the same arguments to repair it`,
      );
    }
    return {
      values: d.records.map((r) => ({
        sp: r.sp,
        eval_cp: r.eval_cp,
        mate: r.mate,
        iterations: r.eval_cp === null ? undefined : lastIterationValues(r.raw, d.header.config.limit),
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
      let obj: Record<string, unknown>;
      try {
        obj = JSON.parse(lines[i]);
      } catch {
        throw new MbiInputError(`${path} line ${i + 1}: not valid JSON`);
      }
      if (obj.kind === "mbi-evaluations") {
        header = obj as InputValues["header"];
        continue;
      }
      for (const col of ["sp", "eval_cp"]) {
        if (!(col in obj)) {
          throw new MbiInputError(
            `${path} line ${i + 1}: missing field ${col}`,
          );
        }
      }
      values.push(
        checkValue(
          `${path} line ${i + 1}`,
          obj.sp,
          obj.eval_cp,
          obj.mate,
          seen,
        ),
      );
    }
    return { values, header };
  }
  const parsed = Papa.parse<Record<string, string>>(text.trim(), {
    header: true,
    skipEmptyLines: true,
  });
  const fields = parsed.meta.fields ?? [];
  for (const col of ["sp", "eval_cp"]) {
    if (!fields.includes(col)) {
      throw new MbiInputError(
        `${path}: missing column ${col} (the header has: ${fields.join(", ") || "nothing"})`,
      );
    }
  }
  if (parsed.errors.length) {
    const e = parsed.errors[0];
    throw new MbiInputError(`${path} line ${(e.row ?? 0) + 2}: ${e.message}`);
  }
  const values = parsed.data.map((row, i) => checkValue(`${path} line ${i + 2}`, row.sp, row.eval_cp, row.mate, seen));
  return { values, header: undefined };
}

/**
 * Builds the MBI table from values. When the input is a stage-1 dataset, all
 * its planned positions must be there (the index is defined only on a complete set).
 */
export async function buildMbiTable(
  path: string,
  input: InputValues,
  profile: string,
): Promise<MbiTable> {
  const planned = input.header?.positions;
  if (planned) {
    const have = new Set(input.values.map((v) => v.sp));
    const missing = planned.filter((sp) => !have.has(sp));
    if (missing.length) {
      throw new MbiError(
        "index-undefined",
        `${path} lacks ${missing.length} of its ${planned.length} positions (e.g. SP ${
          missing.slice(0, 3).join(", ")
        }): the index is defined only on a complete set; finish stage 1 first`,
      );
    }
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
      path: displayPath(path),
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

/** Hash of a table's rows as self-play uses them (SP, eval, edge, rank, MBI): equal rows, equal hash. */
export function mbiRowsHash(table: MbiTable): string {
  return sha256Text(JSON.stringify(table.rows.map((r) => [r.sp, r.eval_cp, r.edge_cp, r.rank, r.mbi])));
}

function engineName(engine: unknown): string | undefined {
  const e = engine as { uci_name?: unknown } | null | undefined;
  return typeof e?.uci_name === "string" ? e.uci_name : undefined;
}

/** The columns of `mbi.csv`, in order (the dataset card describes each). */
export const MBI_CSV_COLUMNS = [
  "sp",
  "setup",
  "fen",
  "eval_cp",
  "edge_cp",
  "rank",
  "mbi",
  "mbi_lo",
  "mbi_hi",
] as const satisfies readonly (keyof MbiTableRow)[];

/** CSV of the table: {@link MBI_CSV_COLUMNS} (the banner and definitions are in mbi.json). */
export function mbiCsv(table: MbiTable): string {
  return toCsv(table.rows, [...MBI_CSV_COLUMNS]);
}

/** Markdown table sorted by MBI (most balanced first), with the budget banner, the interval, citation and licence. */
export function mbiMarkdown(table: MbiTable): string {
  const sorted = [...table.rows].sort((a, b) => b.mbi - a.mbi || a.rank - b.rank || a.sp - b.sp);
  const limit = table.input.limit as SearchLimit | null;
  const engine = (table.input.engine as { uci_name?: string; fingerprint?: number } | null) ?? null;
  const interval = (r: MbiTableRow) => r.mbi_lo === null ? "" : ` | ${r.mbi_lo}–${r.mbi_hi}`;
  const head = [
    `# Morozov Balance Index — ${table.profile}`,
    "",
    ...(table.banner ? [`> **${table.banner}**`, ""] : []),
    `Engine: ${engine?.uci_name ?? "unknown"}${
      engine?.fingerprint ? ` (bench fingerprint ${engine.fingerprint.toLocaleString("en-US")})` : ""
    }; ` +
    `budget: ${limit ? evalBudgetText(limit) : "unknown"}; N = ${table.definition.n}.`,
    "",
    `${table.definition.mbi}; ${table.definition.rounding}.`,
    ...(table.uncertainty ? ["", `Interval: ${table.uncertainty.definition}.`] : []),
    "",
    `Values from \`${table.input.path}\`. ${table.citation} Licence: ${table.licence}.`,
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
export function mbiPaths(
  dir: string,
): { json: string; csv: string; md: string } {
  return {
    json: join(dir, "mbi.json"),
    csv: join(dir, "mbi.csv"),
    md: join(dir, "mbi.md"),
  };
}

/**
 * Writes mbi.json, mbi.csv and mbi.md atomically, each; the set is checked as
 * one by its readers (the views derived again from the table). When mbi.json
 * already holds the same rows from the same input, only views that are not its
 * own are rewritten (a rerun changes no file). Files of these names that this
 * workspace did not write are never written over.
 */
export async function writeMbiTable(
  dir: string,
  table: MbiTable,
): Promise<{ written: boolean }> {
  const paths = mbiPaths(dir);
  let absent = false;
  const old = await readMbiTable(paths.json).catch((e) => {
    if (e instanceof Deno.errors.NotFound) return void (absent = true);
    if (e instanceof MbiInputError && !/not an MBI table/.test(e.message)) return undefined; // ours: rewritten
    throw new MbiInputError(`${paths.json} is not an MBI table of this workspace; not writing over it`);
  });
  if (absent) {
    // Views without their table (the table deleted, or a kill before it was written) are rewritten when they
    // are views of this workspace (its CSV columns, its Markdown title); any other file of that name stays.
    const ours = [
      [paths.csv, (t: string) => t.split("\n")[0] === MBI_CSV_COLUMNS.join(",")],
      [paths.md, (t: string) => t.startsWith("# Morozov Balance Index")],
    ] as const;
    for (const [view, looksOurs] of ours) {
      const text = await Deno.readTextFile(view).catch(() => undefined);
      if (text !== undefined && !looksOurs(text)) {
        throw new MbiInputError(`${view} exists without its MBI table ${paths.json}; not writing over it`);
      }
    }
  }
  // Same values, same rows, same definitions: nothing to write (whatever the input file's bytes); a definition
  // worded anew (e.g. the method notes it cites moved) is a change of what the file says.
  const sameTable = (a: MbiTable, b: MbiTable) =>
    a.input.values_sha256 === b.input.values_sha256 && same(a.rows, b.rows) && same(a.uncertainty, b.uncertainty) &&
    a.banner === b.banner && same(a.definition, b.definition);
  if (old && sameTable(old, table)) {
    // Same table: its views must be its own (a kill between the writes of a set leaves new views by an old
    // table, or the reverse); they are written again from the table when they are not.
    const csv = await writeTextIfChanged(paths.csv, mbiCsv(old));
    const md = await writeTextIfChanged(paths.md, mbiMarkdown(old));
    return { written: csv || md };
  }
  // The views first, the table last: readers compare the views with the table (see stages/derived.ts).
  await writeFileAtomic(paths.csv, mbiCsv(table));
  await writeFileAtomic(paths.md, mbiMarkdown(table));
  await writeFileAtomic(paths.json, JSON.stringify(table, null, 1) + "\n");
  return { written: true };
}

/** Reads an `mbi.json`. */
export async function readMbiTable(path: string): Promise<MbiTable> {
  const text = await Deno.readTextFile(path); // NotFound is left to the caller (it names the command)
  let t: MbiTable;
  try {
    t = JSON.parse(text);
  } catch (e) {
    throw new MbiInputError(`${path} is damaged (${(e as Error).message}): run deno task derive-mbi to write it again`);
  }
  if (t?.kind !== "mbi-table") {
    throw new MbiInputError(`${path} is not an MBI table`);
  }
  if (t.schema > MBI_SCHEMA) {
    throw new MbiInputError(
      `${path} has schema ${t.schema}; this code reads up to ${MBI_SCHEMA}`,
    );
  }
  if (t.schema < MBI_SCHEMA) {
    throw new MbiInputError(`${path} has schema ${t.schema} (older code): run deno task derive-mbi to write it again`);
  }
  return t;
}

/** One row's MBI interval, when the table has one (`mbi_lo`, `mbi_hi`; null otherwise). */
export function rowInterval(row: object | undefined): { mbi_lo: number | null; mbi_hi: number | null } {
  const r = row as { mbi_lo?: unknown; mbi_hi?: unknown } | undefined;
  return {
    mbi_lo: typeof r?.mbi_lo === "number" ? r.mbi_lo : null,
    mbi_hi: typeof r?.mbi_hi === "number" ? r.mbi_hi : null,
  };
}

/**
 * A file's description of itself in words: a string, or the string `definition`
 * or `description` of an object (e.g. an MBI table's `uncertainty`, an outcome
 * table's metadata); null when there is none.
 */
export function describedAs(value: unknown): string | null {
  if (typeof value === "string") return value;
  const o = value as { definition?: unknown; description?: unknown } | null | undefined;
  const t = [o?.definition, o?.description].find((x) => typeof x === "string");
  return typeof t === "string" ? t : null;
}
