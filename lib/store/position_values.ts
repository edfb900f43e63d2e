/**
 * Reading position values for the index from any stage-1 dataset (checked
 * against its header like every evaluation file), plain JSONL objects, or CSV
 * with `sp` and `eval_cp` columns; errors name the file and line.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { lastIterationValues, POSITION_COUNT, type PositionValue } from "../method/mod.ts";
import { MbiError } from "../core/mod.ts";
import { readEvalDataset } from "./eval_dataset.ts";

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
    throw new MbiError("mbi-input", `${where}: sp "${sp ?? ""}" is not a whole number`);
  }
  if (spNum < 0 || spNum >= POSITION_COUNT) {
    throw new MbiError(
      "mbi-input",
      `${where}: SP ${spNum} out of range (allowed: 0..959)`,
    );
  }
  if (seen.has(spNum)) {
    throw new MbiError(
      "mbi-input",
      `${where}: duplicate SP ${spNum} (first on ${seen.get(spNum)})`,
    );
  }
  seen.set(spNum, where);
  const mateNum = mate === undefined || mate === null || mate === "" ? null : strictNumber(mate);
  if (mateNum !== null && !Number.isInteger(mateNum)) {
    throw new MbiError("mbi-input", `${where}: mate "${mate}" is not a whole number`);
  }
  if (evalCp === null || evalCp === undefined || evalCp === "") {
    if (mateNum !== null) return { sp: spNum, eval_cp: null, mate: mateNum };
    throw new MbiError("mbi-input", `${where}: eval_cp is empty for SP ${spNum}`);
  }
  const cp = strictNumber(evalCp);
  if (!Number.isFinite(cp)) {
    throw new MbiError("mbi-input", `${where}: eval_cp ${JSON.stringify(evalCp)} is not a number`);
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
    throw new MbiError("mbi-input", `${path}: cannot read the file`);
  }
  const seen = new Map<number, string>();
  const trimmed = text.trimStart();
  if (/^\{[^\n]*"kind":"mbi-evaluations"/.test(trimmed)) {
    // A stage-1 dataset: read and checked against its header like every evaluation file.
    const d = await readEvalDataset(path, { fields: "values" });
    if (!d) throw new MbiError("mbi-input", `${path}: the file is empty`);
    if (d.torn) {
      throw new MbiError(
        "mbi-input",
        `${path} ends in a torn line: run deno task eval-all with the same arguments to repair it`,
      );
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
      let obj: Record<string, unknown>;
      try {
        obj = JSON.parse(lines[i]);
      } catch {
        throw new MbiError("mbi-input", `${path} line ${i + 1}: not valid JSON`);
      }
      if (obj.kind === "mbi-evaluations") {
        header = obj as InputValues["header"];
        continue;
      }
      for (const col of ["sp", "eval_cp"]) {
        if (!(col in obj)) {
          throw new MbiError(
            "mbi-input",
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
      throw new MbiError(
        "mbi-input",
        `${path}: missing column ${col} (the header has: ${fields.join(", ") || "nothing"})`,
      );
    }
  }
  if (parsed.errors.length) {
    const e = parsed.errors[0];
    throw new MbiError("mbi-input", `${path} line ${(e.row ?? 0) + 2}: ${e.message}`);
  }
  const values = parsed.data.map((row, i) => checkValue(`${path} line ${i + 2}`, row.sp, row.eval_cp, row.mate, seen));
  return { values, header: undefined };
}
