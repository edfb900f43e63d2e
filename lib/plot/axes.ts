/**
 * Axes the figures share: node budgets on a log scale, every budget a labelled tick.
 *
 * @module
 */

import type * as PlotTypes from "@observablehq/plot";
import { Plot } from "./render.ts";

/** Budgets as a tick reads them: 125K, 2M, 400M. */
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact" });

/** A node budget as a tick label: `125K`, `8M`. */
export const budgetTick = (nodes: number): string => COMPACT.format(nodes);

/**
 * An x axis with a labelled tick at every budget given (once each, smallest first). Written as an axis mark with its
 * own text because a log scale's tick format, even given as a function, blanks labels such as 8M.
 */
export function budgetAxisX(
  nodes: readonly number[],
  options: PlotTypes.AxisXOptions = {},
): PlotTypes.CompoundMark {
  const ticks = [...new Set(nodes)].sort((a, b) => a - b);
  return Plot.axisX(ticks, { text: budgetTick, label: "node budget per position (log scale) →", ...options });
}
