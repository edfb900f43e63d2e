/**
 * A design's dataset's self-play designs side by side with the method's published figure, as a data frame (rows
 * from `designComparison`, lib/report/design_comparison.ts). A view only: every number comes from the files.
 *
 * @module
 */

import { formatLimit } from "../engine/mod.ts";
import { type Profile } from "../method/mod.ts";
import { displayPath, evalFolderName, getProfile, mbiPaths, profileDir, readMbiTable } from "../store/mod.ts";
import { designComparison, designResults } from "../report/mod.ts";
import { type DataFrame, showColumns, toFrame } from "./frames.ts";

/** The columns an analyst filters on, in the frame's order. */
export const COMPARISON_FRAME_COLUMNS: readonly string[] = (
  "design values_at status games planned rho lo hi reliability reliability_lo reliability_hi between_variance " +
  "game_variance ceiling draw_rate power predicted predicted_lo predicted_hi prediction_inside engine file"
).split(" ");

/** The frame of the dataset `design` was played on, one row per design and set of values (empty, saying why, without another design). */
export async function comparisonFrame(design: Profile, text: string): Promise<DataFrame> {
  const dataset = getProfile(evalFolderName(design));
  const table = await readMbiTable(mbiPaths(profileDir(dataset)).json);
  const values = `${formatLimit(table.input.limit as Parameters<typeof formatLimit>[0])} per position`;
  const rows = await designComparison(dataset, await designResults(dataset), values);
  if (!rows.some((r) => r.kind !== "published")) {
    return await toFrame([], COMPARISON_FRAME_COLUMNS, `${text} — none: no other self-play design on this dataset`);
  }
  const out = rows.map((r) => ({
    design: r.design,
    values_at: r.values,
    status: r.kind === "running" ? "being played" : r.kind === "published" ? "published" : "complete",
    games: r.games.done,
    planned: r.games.planned,
    rho: r.rho?.rho ?? null,
    lo: r.rho?.ci95[0] ?? null,
    hi: r.rho?.ci95[1] ?? null,
    reliability: r.reliability?.r ?? null,
    reliability_lo: r.reliability?.ci95?.[0] ?? null,
    reliability_hi: r.reliability?.ci95?.[1] ?? null,
    between_variance: r.reliability?.between ?? null,
    game_variance: r.reliability?.game ?? null,
    ceiling: r.ceiling,
    draw_rate: r.draw_rate,
    power: r.power,
    predicted: r.prediction?.rho ?? null,
    predicted_lo: r.prediction?.range95[0] ?? null,
    predicted_hi: r.prediction?.range95[1] ?? null,
    prediction_inside: r.prediction?.inside ?? null,
    engine: r.engine ? `${r.engine.uci_name} (fingerprint ${r.engine.fingerprint ?? "not measured"})` : null,
    file: r.path === null ? null : displayPath(r.path),
  }));
  return showColumns(
    await toFrame(out, COMPARISON_FRAME_COLUMNS, text),
    ["design", "values_at", "games", "rho", "lo", "hi", "reliability", "ceiling", "draw_rate", "power", "predicted"],
  );
}
