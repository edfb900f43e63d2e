/**
 * The one structural comparison of configurations, headers and records (microdiff): equal whatever the order of an
 * object's keys (two writers may order a header's keys differently, which `JSON.stringify` would call different),
 * with the differences as paths; a key holding `undefined` counts as absent, as in JSON.
 *
 * @module
 */

import diff from "microdiff";

/** Where a difference is: keys and array indices from the top. */
export type Path = (string | number)[];

/** Which paths a comparison sets aside. */
export type Ignore = (path: Path) => boolean;

/** One difference: its path (empty when the values themselves differ) and each side's value (`undefined` where absent). */
export interface Difference {
  path: Path;
  a: unknown;
  b: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** The differences between two values, outside the ignored paths (key order aside; empty when they are equal). */
export function differences(a: unknown, b: unknown, ignore: Ignore = () => false): Difference[] {
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) {
    return a === b || (Number.isNaN(a) && Number.isNaN(b)) ? [] : [{ path: [], a, b }];
  }
  return diff(a, b)
    .map((d) => ({
      path: d.path,
      a: d.type === "CREATE" ? undefined : d.oldValue,
      b: d.type === "REMOVE" ? undefined : d.value,
    }))
    .filter((d) => !(d.a === undefined && d.b === undefined) && !ignore(d.path));
}

/** True when two values are equal as data (key order aside), outside the ignored paths. */
export const same = (a: unknown, b: unknown, ignore?: Ignore): boolean => differences(a, b, ignore).length === 0;

/** The top-level keys whose values differ, in the order they appear in `a`, then in `b`. */
export function differingKeys<T extends object>(a: T, b: T): (keyof T & string)[] {
  const differ = new Set(differences(a, b).map((d) => String(d.path[0])));
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => differ.has(k)) as (keyof T & string)[];
}

/** A value in a message: its JSON, cut to 80 characters. */
export function shortJson(v: unknown): string {
  const s = JSON.stringify(v) ?? "undefined";
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** The first difference in words (`path: a vs b`, `absent` for a missing key), outside the ignored paths; null when equal. */
export function firstDifference(a: unknown, b: unknown, ignore?: Ignore): string | null {
  const d = differences(a, b, ignore)[0];
  if (!d) return null;
  const side = (v: unknown) => v === undefined && d.path.length ? "absent" : shortJson(v);
  return `${d.path.length ? `${d.path.join(".")}: ` : ""}${side(d.a)} vs ${side(d.b)}`;
}
