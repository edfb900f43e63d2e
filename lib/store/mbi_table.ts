/**
 * Stage 3 outputs: the MBI table of a dataset as JSON (schema-versioned, with
 * provenance, citation and licence), CSV and a Markdown table sorted by MBI;
 * and reading position values from any stage-1 dataset, JSONL or CSV file.
 *
 * @module
 */

import { join } from "node:path";
import { writeFileAtomic, writeTextIfChanged } from "./atomic.ts";
import {
  budgetBanner,
  deriveMbi,
  evalBudgetText,
  INTERVAL_DEFINITION,
  INTERVAL_ITERATIONS,
  mbiIntervals,
  type PositionValue,
  ROUNDING,
  startPosition,
} from "../method/mod.ts";
import {
  checkRecord,
  fileKind,
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
import type { InputValues } from "./position_values.ts";
import { type SearchLimit } from "../engine/mod.ts";

/** Schema version of the MBI table (2: per-position intervals, content hashes, budget label). */
export const MBI_SCHEMA = 2;

/** The method's citation. */
export const CITATION = "Morozov R. Chess960 Balance Index (MBI). ch960.com/balance, 2026. CC BY 4.0.";

/** Licence of the methodology and dataset. */
export const LICENCE = "CC BY 4.0";

export { type InputValues, readPositionValues } from "./position_values.ts";

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

/**
 * The MBI table file (`mbi.json`): kind, schema, profile (or "custom"), the
 * definition of the index as computed, where the values came from (the file,
 * its hash, the hash of its values, which the table depends on; the engine,
 * limit and options of a stage-1 input), the definition of the per-position
 * interval (null without an iteration history), the banner for people (null
 * at the method's budget), code, creation time, citation, licence, and the
 * rows sorted by SP.
 */
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
    `# Morozov Balance Index — ${mdEscape(table.profile)}`,
    "",
    ...(table.banner ? [`> **${mdEscape(table.banner)}**`, ""] : []),
    `Engine: ${mdEscape(engine?.uci_name ?? "unknown")}${
      engine?.fingerprint ? ` (bench fingerprint ${engine.fingerprint.toLocaleString("en-US")})` : ""
    }; ` +
    `budget: ${limit ? evalBudgetText(limit) : "unknown"}; N = ${table.definition.n}.`,
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
    if (isMbiError(e, "mbi-input") && !/not an MBI table/.test(e.message)) return undefined; // ours: rewritten
    throw new MbiError("mbi-input", `${paths.json} is not an MBI table of this workspace; not writing over it`);
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
        throw new MbiError("mbi-input", `${view} exists without its MBI table ${paths.json}; not writing over it`);
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
  const t = parseJsonText(text, path, "mbi-input", "run deno task derive-mbi") as { kind?: unknown; schema: number };
  if (t?.kind !== "mbi-table") {
    throw new MbiError("mbi-input", `${path} is not an MBI table`);
  }
  if (t.schema > MBI_SCHEMA) {
    throw new MbiError(
      "mbi-input",
      `${path} has schema ${t.schema}; this code reads up to ${MBI_SCHEMA}`,
    );
  }
  if (t.schema < MBI_SCHEMA) {
    throw new MbiError(
      "mbi-input",
      `${path} has schema ${t.schema} (older code): run deno task derive-mbi to write it again`,
    );
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
