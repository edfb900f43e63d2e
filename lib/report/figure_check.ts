/**
 * Whether the figures a hand-written text prints are in the files it links:
 * every number printed with two or more decimals (correlations, their
 * intervals, reliabilities, ceilings) must be some number of those files
 * rounded to the printed decimals. Numbers with fewer decimals are left out:
 * they are as often budgets, counts and the method's constants as results.
 * Written by hand: it is a search over JSON leaves and CSV cells, nothing a
 * library does.
 *
 * @module
 */

/** A figure as printed: its text, its value, and how many decimals it shows. */
export interface PrintedFigure {
  /** As it stands in the text (`−0.162`). */
  text: string;
  /** Its value. */
  value: number;
  /** Decimals printed. */
  decimals: number;
}

/** The figures of a text printed with at least `minDecimals` decimals (a minus sign may be `-` or `−`). */
export function printedFigures(text: string, minDecimals = 2): PrintedFigure[] {
  return [...text.matchAll(/(?<![\w.,])([−-]?)(\d+)\.(\d+)(?![\w.])/g)].flatMap((m) => {
    const decimals = m[3].length;
    if (decimals < minDecimals) return [];
    const value = Number(`${m[1] ? "-" : ""}${m[2]}.${m[3]}`);
    return [{ text: m[0], value, decimals }];
  });
}

/** Every number in a JSON value (recursively) or a CSV text's cells. */
export function numbersOf(content: string, kind: "json" | "csv"): number[] {
  if (kind === "csv") {
    return content.split(/[,\n]/).filter((c) => c.trim() !== "").map((c) => Number(c.trim())).filter(Number.isFinite);
  }
  const out: number[] = [];
  const walk = (x: unknown) => {
    if (typeof x === "number") out.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === "object") Object.values(x).forEach(walk);
  };
  walk(JSON.parse(content));
  return out;
}

/** Whether `figure` is one of `values` rounded to its printed decimals (half away from zero, or as JS prints it). */
export function figureFound(figure: PrintedFigure, values: readonly number[]): boolean {
  const tolerance = 0.5 * 10 ** -figure.decimals + 1e-12;
  return values.some((v) => Math.abs(v - figure.value) <= tolerance);
}
