/**
 * Stage 3 outputs: the MBI table of a dataset as JSON (schema-versioned, with
 * provenance, citation and licence), CSV and a Markdown table sorted by MBI;
 * and reading position values from any stage-1 dataset, JSONL or CSV file.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { join, relative } from "node:path";
import { writeFileAtomic } from "./atomic.ts";
import { POSITION_COUNT, startPosition } from "../method/chess960.ts";
import { sha256File } from "../core/hash.ts";
import { deriveMbi, IndexUndefinedError, type PositionValue, ROUNDING } from "../method/mbi.ts";
import { REPO_ROOT } from "../core/paths.ts";
import { type CodeVersion, codeVersion } from "./provenance.ts";
import { MbiError } from "../core/errors.ts";

/** Schema version of the MBI table. */
export const MBI_SCHEMA = 1;

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
  /** Where the values came from. */
  input: {
    path: string;
    sha256: string;
    engine: unknown;
    limit: unknown;
    options: unknown;
  };
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
export class MbiInputError extends MbiError {
  /** Creates the error with a one-line message. */
  constructor(message: string) {
    super("mbi-input", message);
    this.name = "MbiInputError";
  }
}

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

function checkValue(
  where: string,
  sp: unknown,
  evalCp: unknown,
  mate: unknown,
  seen: Map<number, string>,
): PositionValue {
  const spNum = typeof sp === "number" ? sp : Number(String(sp ?? "").trim());
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
  const mateNum = mate === undefined || mate === null || mate === "" ? null : Number(mate);
  if (evalCp === null || evalCp === undefined || evalCp === "") {
    if (mateNum !== null) return { sp: spNum, eval_cp: null, mate: mateNum };
    throw new MbiInputError(`${where}: eval_cp is empty for SP ${spNum}`);
  }
  const cp = typeof evalCp === "number" ? evalCp : Number(String(evalCp).trim());
  if (!Number.isFinite(cp)) {
    throw new MbiInputError(`${where}: eval_cp "${evalCp}" is not a number`);
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
      throw new IndexUndefinedError(
        `${path} lacks ${missing.length} of its ${planned.length} positions (e.g. SP ${
          missing.slice(0, 3).join(", ")
        }): the index is defined only on a complete set; finish stage 1 first`,
      );
    }
  }
  const values = deriveMbi(input.values);
  const rows = values.map((v) => {
    const p = startPosition(v.sp);
    return {
      sp: v.sp,
      setup: p.setup,
      fen: p.fen,
      eval_cp: v.eval_cp,
      edge_cp: v.edge_cp,
      rank: v.rank,
      mbi: v.mbi,
    };
  });
  const rel = relative(REPO_ROOT, path);
  return {
    kind: "mbi-table",
    schema: MBI_SCHEMA,
    profile,
    definition: {
      edge: "edge_cp = |eval_cp| (distance from zero, METHOD.md decision 1)",
      rank: "1-based rank of edge_cp ascending; ties share the mean of their ranks",
      mbi: "MBI = round(100 * (N - rank) / (N - 1)); 100 = smallest edge",
      rounding: ROUNDING,
      n: rows.length,
    },
    input: {
      path: rel.startsWith("..") ? path : rel,
      sha256: await sha256File(path),
      engine: input.header?.engine ?? null,
      limit: input.header?.config?.limit ?? null,
      options: input.header?.config?.options ?? null,
    },
    code: await codeVersion(),
    created: new Date().toISOString(),
    citation: CITATION,
    licence: LICENCE,
    rows,
  };
}

/** CSV of the table: sp, setup, fen, eval_cp, edge_cp, rank, mbi. */
export function mbiCsv(table: MbiTable): string {
  const lines = table.rows.map((r) => [r.sp, r.setup, r.fen, r.eval_cp, r.edge_cp, r.rank, r.mbi].join(","));
  return ["sp,setup,fen,eval_cp,edge_cp,rank,mbi", ...lines].join("\n") + "\n";
}

/** Markdown table sorted by MBI (most balanced first), with citation and licence. */
export function mbiMarkdown(table: MbiTable): string {
  const sorted = [...table.rows].sort((a, b) => b.mbi - a.mbi || a.rank - b.rank || a.sp - b.sp);
  const head = [
    `# Morozov Balance Index — ${table.profile}`,
    "",
    `N = ${table.definition.n}; ${table.definition.mbi}; ${table.definition.rounding}.`,
    `Values from \`${table.input.path}\`${table.input.limit ? ` (limit ${JSON.stringify(table.input.limit)})` : ""}.`,
    "",
    `${table.citation} Licence: ${table.licence}.`,
    "",
    "| MBI | rank | SP | setup | eval cp | edge cp |",
    "| ---: | ---: | ---: | --- | ---: | ---: |",
  ];
  return [
    ...head,
    ...sorted.map((r) => `| ${r.mbi} | ${r.rank} | ${r.sp} | ${r.setup} | ${r.eval_cp} | ${r.edge_cp} |`),
  ].join("\n") +
    "\n";
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
 * Writes mbi.json, mbi.csv and mbi.md atomically. When mbi.json already holds
 * the same rows from the same input, nothing is rewritten (a rerun changes no file).
 */
export async function writeMbiTable(
  dir: string,
  table: MbiTable,
): Promise<{ written: boolean }> {
  const paths = mbiPaths(dir);
  const old = await readMbiTable(paths.json).catch(() => undefined);
  if (
    old && old.input.sha256 === table.input.sha256 &&
    JSON.stringify(old.rows) === JSON.stringify(table.rows)
  ) {
    return { written: false };
  }
  await writeFileAtomic(paths.json, JSON.stringify(table, null, 1) + "\n");
  await writeFileAtomic(paths.csv, mbiCsv(table));
  await writeFileAtomic(paths.md, mbiMarkdown(table));
  return { written: true };
}

/** Reads an `mbi.json`. */
export async function readMbiTable(path: string): Promise<MbiTable> {
  const t = JSON.parse(await Deno.readTextFile(path)) as MbiTable;
  if (t.kind !== "mbi-table") {
    throw new MbiInputError(`${path} is not an MBI table`);
  }
  if (t.schema > MBI_SCHEMA) {
    throw new MbiInputError(
      `${path} has schema ${t.schema}; this code reads up to ${MBI_SCHEMA}`,
    );
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
