/**
 * Search limits as the UCI protocol knows them (`go nodes N`, `go depth D`), and how people read them.
 *
 * @module
 */

import * as v from "valibot";
import { int, integer } from "../core/mod.ts";

/** The search limit given to `go`, as result files record it: `{"nodes": N}` or `{"depth": D}`. */
export const SearchLimit = v.union(
  [v.object({ nodes: integer() }), v.object({ depth: integer() })],
  'is not a search limit ({"nodes": N} or {"depth": D})',
);

/** The search limit given to `go`. */
export type SearchLimit = v.InferOutput<typeof SearchLimit>;

/** A search limit in words: `125,000 nodes` or `depth 14` (anything else as JSON). */
export function formatLimit(limit: unknown): string {
  const l = limit as Partial<{ nodes: number; depth: number }> | null;
  if (l && typeof l.nodes === "number") return `${int(l.nodes)} nodes`;
  if (l && typeof l.depth === "number") return `depth ${l.depth}`;
  return JSON.stringify(limit);
}

/** True when two limits are the same (same kind and value). */
export function sameLimit(a: SearchLimit, b: SearchLimit): boolean {
  return formatLimit(a) === formatLimit(b);
}
