/**
 * Notebook 03's view of the method's own run as far as its published snapshot goes (`results/full/partial.json`,
 * lib/report/method_partial.ts): the 400,000,000-node values beside this notebook's index, one row per position, and
 * where the best index's most and least balanced positions land. Views only; without a snapshot each frame is empty
 * and its caption says why, so the cells run alike on every profile.
 *
 * @module
 */

import { join } from "node:path";
import { type MbiTable, readRunOrder, resultsRoot } from "../store/mod.ts";
import { averageRanks, PROFILES } from "../method/mod.ts";
import {
  type MethodSnapshot,
  PARTIAL_HOW,
  partialAgreementText,
  partialCountText,
  partialDistributionText,
} from "../report/mod.ts";
import { markup } from "../core/mod.ts";
import { type DataFrame, toFrame } from "./frames.ts";
import { type Displayable, html } from "./display.ts";

const NONE = "none: the method's run has no published snapshot here (deno task method-partial writes it)";

/** The run's figures in sentences: how far, the values' distribution beside the method's, the best index's agreement. */
export function methodRunView(snap: MethodSnapshot | undefined): Displayable {
  if (!snap) return html(markup`<p>The method's run: ${NONE}.</p>`);
  const p = snap.partial;
  return html(
    markup`<p><b>${
      partialCountText(p)
    }</b>, not an index: no MBI at this budget until all 960 are done. ${PARTIAL_HOW}</p>
<p>${partialDistributionText(p)}</p><p>${partialAgreementText(p)}</p>`,
    `${partialCountText(p)}. ${partialDistributionText(p)} ${partialAgreementText(p)}`,
  );
}

/**
 * One row per position of the snapshot: its value at the method's budget (and its edge's average rank among them, 1 =
 * the smallest), beside this index's value, edge and MBI; `origin` says whether it is one of the 60 self-play
 * positions (a stratified draw) or of the run's random order (`order`: its place there); null without the order file.
 */
export async function methodRunFrame(
  table: MbiTable,
  snap: MethodSnapshot | undefined,
  text: string,
): Promise<DataFrame> {
  const used = snap?.partial.done.used ?? [];
  const order = snap ? await readRunOrder(join(resultsRoot(), "full"), PROFILES.full.positions) : undefined;
  const place = new Map((order?.order ?? []).map((sp, i) => [sp, i + 1]));
  const index = new Map(table.rows.map((r) => [r.sp, r]));
  const values = used.map((sp) => snap!.values[sp][0]);
  const ranks = averageRanks(values.map((v) => (v === null ? Infinity : Math.abs(v))));
  const rows = used.map((sp, i) => {
    const r = index.get(sp);
    return {
      sp,
      setup: r?.setup ?? null,
      origin: order ? (place.has(sp) ? "run order" : "self-play 60") : null,
      order: place.get(sp) ?? null,
      eval_method: values[i],
      edge_method: values[i] === null ? null : Math.abs(values[i]!),
      rank_method: ranks[i],
      depth_method: snap!.values[sp][1],
      eval_index: r?.eval_cp ?? null,
      edge_index: r?.edge_cp ?? null,
      mbi_index: r?.mbi ?? null,
    };
  });
  const columns =
    "sp setup origin order eval_method edge_method rank_method depth_method eval_index edge_index mbi_index";
  return await toFrame(rows, columns, snap ? text : `${text} — ${NONE}`);
}

/**
 * The best index's most and least balanced positions (the snapshot's own lists) and where those done so far land at
 * the method's budget: value and average rank by edge among the positions done (1 = the most balanced).
 */
export async function methodExtremesFrame(snap: MethodSnapshot | undefined, text: string): Promise<DataFrame> {
  const e = snap?.partial.extremes;
  const rows = e
    ? (["balanced", "unbalanced"] as const).flatMap((list) =>
      e[list].map((r) => ({
        list: list === "balanced" ? "most balanced" : "least balanced",
        sp: r.sp,
        setup: r.setup,
        mbi_index: r.mbi,
        eval_index: r.eval_cp,
        eval_method: r.method?.eval_cp ?? null,
        rank_method: r.method?.rank ?? null,
        of: r.method?.of ?? null,
      }))
    )
    : [];
  const columns = "list sp setup mbi_index eval_index eval_method rank_method of";
  return await toFrame(rows, columns, e ? text : `${text} — ${NONE}`);
}
