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
import { joinHtml, markup } from "../core/mod.ts";
import { type DataFrame, toFrame } from "./frames.ts";
import { type Displayable, html } from "./display.ts";

const NONE = "none: the method's run has no published snapshot here (deno task method-partial writes it)";

/** The run's figures in sentences: how far, the values' distribution beside the method's, the best index's agreement. */
export function methodRunView(snap: MethodSnapshot | undefined): Displayable {
  if (!snap) return html(markup`<p>The method's run: ${NONE}.</p>`);
  const p = snap.partial;
  const lines = [
    `${partialCountText(p)}: not an index, no MBI at this budget until all 960 are done.`,
    partialDistributionText(p),
    partialAgreementText(p),
    `Brackets: 95% intervals. ${PARTIAL_HOW}`,
  ];
  return html(joinHtml(lines.map((l) => markup`<p>${l}</p>`)), lines.join(" "));
}

/**
 * One row per position of the snapshot: its value at the method's budget beside this index's value, edge and MBI,
 * with each edge's average rank among these positions (`method_rank`, `index_rank`: 1 = the smallest edge; their
 * Pearson correlation is the Spearman of the edges). `origin` says whether it is one of the 60 self-play positions (a
 * stratified draw) or of the run's random order (`order_place`: its place there); null without the order file.
 */
export async function methodRunFrame(
  table: MbiTable,
  snap: MethodSnapshot | undefined,
  text: string,
): Promise<DataFrame> {
  const used = (snap?.partial.done.used ?? []).filter((sp) => snap!.values[sp][0] !== null);
  const order = snap ? await readRunOrder(join(resultsRoot(), "full"), PROFILES.full.positions) : undefined;
  const place = new Map((order?.order ?? []).map((sp, i) => [sp, i + 1]));
  const index = new Map(table.rows.map((r) => [r.sp, r]));
  const shared = used.filter((sp) => index.has(sp));
  const methodEdge = shared.map((sp) => Math.abs(snap!.values[sp][0]!));
  const methodRanks = averageRanks(methodEdge);
  const indexRanks = averageRanks(shared.map((sp) => index.get(sp)!.edge_cp));
  const rows = shared.map((sp, i) => {
    const r = index.get(sp)!;
    return {
      sp,
      setup: r.setup,
      origin: order ? (place.has(sp) ? "run order" : "self-play 60") : null,
      order_place: place.get(sp) ?? null,
      method_eval_cp: snap!.values[sp][0],
      method_edge_cp: methodEdge[i],
      method_rank: methodRanks[i],
      method_depth: snap!.values[sp][1],
      index_eval_cp: r.eval_cp,
      index_edge_cp: r.edge_cp,
      index_rank: indexRanks[i],
      index_mbi: r.mbi,
    };
  });
  const columns = "sp setup origin order_place method_eval_cp method_edge_cp method_rank method_depth " +
    "index_eval_cp index_edge_cp index_rank index_mbi";
  return await toFrame(rows, columns, snap ? text : `${text} — ${NONE}`);
}

/**
 * The best index's most and least balanced positions (the snapshot's own lists) and where those done so far land at
 * the method's budget: value and average rank by edge among the positions done (`method_rank`, 1 = the most
 * balanced); null where a position is not done yet.
 */
export async function methodExtremesFrame(snap: MethodSnapshot | undefined, text: string): Promise<DataFrame> {
  const e = snap?.partial.extremes;
  const rows = e
    ? (["balanced", "unbalanced"] as const).flatMap((list) =>
      e[list].map((r) => ({
        list: list === "balanced" ? "most balanced" : "least balanced",
        sp: r.sp,
        setup: r.setup,
        best_index_mbi: r.mbi,
        best_index_eval_cp: r.eval_cp,
        method_eval_cp: r.method?.eval_cp ?? null,
        method_rank: r.method?.rank ?? null,
      }))
    )
    : [];
  const columns = "list sp setup best_index_mbi best_index_eval_cp method_eval_cp method_rank";
  return await toFrame(rows, columns, e ? text : `${text} — ${NONE}`);
}
