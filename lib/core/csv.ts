/**
 * CSV writing with papaparse, the library that reads the project's CSV, so quoting follows one implementation.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";

/** Renders rows as CSV with the given columns (header line first, `\n` line ends, a final newline). */
export function toCsv<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): string {
  const data = rows.map((r) => columns.map((c) => (r as Record<string, unknown>)[c] ?? ""));
  return Papa.unparse({ fields: [...columns], data }, { newline: "\n" }) + "\n";
}
