/**
 * The landing page's draw (browser and tests): the data the page embeds, and the draw's result as HTML from a seed's
 * SHA-256 digest, by the same rule and code as `deno task draw` (method/draw.ts).
 *
 * @module
 */

import { type Html, joinHtml, markup } from "../../core/html.ts";
import {
  type Condition,
  conditionText,
  drawIndex,
  drawRule,
  eligible,
  hex,
  parseExclusions,
} from "../../method/draw.ts";
import { setupToFen } from "../../method/start_fen.ts";
import { boardSvg } from "../page_script/table.ts";
import { fenHtml } from "../page_script/position.ts";

/** What the landing page embeds for its draw: the results key, the index in words, every [sp, setup, mbi, edge_cp]. */
export type DrawData = { key: string; index: string; positions: [number, string, number, number][] };

/** What a reader typed in the draw's form ("" for no condition). */
export type DrawInput = { seed: string; minMbi: string; maxEdge: string; exclude: string };

/** The draw's seed, condition and exclusions from the form, or what is wrong with it (one sentence). */
export function readInput(
  data: DrawData,
  input: DrawInput,
): { seed: string; condition: Condition; exclude: number[] } | string {
  const bySetup = new Map(data.positions.map((p) => [p[1], p[0]]));
  const num = (t: string, name: string, max: number) => {
    const v = t.trim();
    if (v === "") return undefined;
    return /^\d+$/.test(v) && Number(v) <= max ? Number(v) : `${name} "${v}" is not a whole number 0..${max}`;
  };
  const minMbi = num(input.minMbi, "the MBI", 100), maxEdge = num(input.maxEdge, "the edge", 10_000);
  if (typeof minMbi === "string") return minMbi;
  if (typeof maxEdge === "string") return maxEdge;
  const { sps, bad } = parseExclusions(input.exclude, (s) => bySetup.get(s));
  if (bad !== null) return `"${bad}" is neither an SP number (0..959) nor a back rank`;
  if (!input.seed) return "give the seed text (for example the event, the round and a value announced in advance)";
  return {
    seed: input.seed,
    condition: { ...(minMbi !== undefined ? { minMbi } : {}), ...(maxEdge !== undefined ? { maxEdge } : {}) },
    exclude: sps,
  };
}

/** The draw from a digest of the seed: its SP and the result as HTML (an error sentence when nothing is eligible). */
export function drawView(
  data: DrawData,
  input: { seed: string; condition: Condition; exclude: number[] },
  digest: Uint8Array,
): { sp: number | null; html: Html } {
  const list = eligible(
    data.positions.map(([sp, setup, mbi, edge_cp]) => ({ sp, setup, mbi, edge_cp })),
    input.condition,
    new Set(input.exclude),
  );
  const cond = conditionText(input.condition);
  if (!list.length) {
    return { sp: null, html: markup`<p role="alert">No position meets ${cond} once the exclusions are left out.</p>` };
  }
  const index = drawIndex(digest, list.length);
  const c = list[index];
  const fen = setupToFen(c.setup);
  const excluded = [...new Set(input.exclude)].sort((a, b) => a - b);
  return {
    sp: c.sp,
    html:
      markup`<p class="drawn"><strong id="draw-sp">SP ${c.sp} <code>${c.setup}</code></strong> · MBI ${c.mbi}, edge ${c.edge_cp} cp</p>
<div class="drawboard">${boardSvg(c.setup, c.sp)}</div>
<p>${fenHtml(fen, "draw")}</p>
<p class="small">Position ${index} (from 0) of ${list.length} eligible with ${cond}${
        excluded.length ? markup` (excluded SP ${joinHtml(excluded.map(String), ", ")})` : ""
      }; index ${data.key}: ${data.index}. Seed SHA-256 <code class="wrap">${hex(digest)}</code>. Re-check by hand: ${
        drawRule(list.length)
      }.</p>`,
  };
}
