/**
 * The landing page's draw of a balanced start, for arbiters: a form (the
 * seed, the condition, the exclusions) and the draw of `deno task draw`, by
 * the same rule and code, offline (the best index's positions are embedded).
 *
 * @module
 */

import { type Html, jsonInScript, markup, scriptText } from "../core/mod.ts";
import { fingerprintValue } from "../method/mod.ts";
import type { LandingData } from "./landing_data.ts";
import type { DrawData } from "./draw_script/view.ts";

/** The MBI the form starts with (the CLI's default condition). */
export const FORM_MIN_MBI = 90;

/** What the page embeds for the draw: the best index in words and its positions. */
export function drawData(b: NonNullable<LandingData["best"]>): DrawData {
  return {
    key: b.key,
    index: `${b.engine}, fingerprint ${fingerprintValue(b.fingerprint)}, ${b.limit} per position`,
    positions: [...b.positions].sort((x, y) => x.sp - y.sp).map((p) => [p.sp, p.setup, p.mbi, p.edge_cp]),
  };
}

/** The draw's section (empty without a best index or a script). */
export function drawSectionHtml(b: LandingData["best"], script: string): Html {
  if (!b || !script) return markup``;
  return markup`<section aria-labelledby="draw-h"><h2 id="draw-h">Draw a balanced start</h2>
<p>For an event's round: the same seed, condition and exclusions give the same position as <code>deno task draw</code>, and anyone can re-check it by hand (<a href="../docs/draw.md">how</a>). The command also keeps the event's log, so no position is drawn twice.</p>
<form id="draw" class="find">
<label for="draw-seed">Seed: the event, the round and a value announced in advance</label>
<span class="row"><input id="draw-seed" name="seed" type="text" autocomplete="off" spellcheck="false" placeholder="Example Open 2026, round 1, 4417" required></span>
<span class="row"><label for="draw-min">MBI at least</label><input id="draw-min" name="min" type="text" inputmode="numeric" value="${FORM_MIN_MBI}" size="4"><label for="draw-edge">edge at most (cp)</label><input id="draw-edge" name="edge" type="text" inputmode="numeric" size="4"></span>
<label for="draw-exclude">Exclude: SP numbers or back ranks, e.g. 518, 534</label>
<span class="row"><input id="draw-exclude" name="exclude" type="text" autocomplete="off" spellcheck="false"><button type="submit">Draw</button></span>
</form>
<noscript><p>The draw needs JavaScript here; <code>deno task draw --seed TEXT</code> draws the same.</p></noscript>
<div id="draw-out" aria-live="polite"></div>
<script type="application/json" id="draw-data">${jsonInScript(drawData(b))}</script>
<script>${scriptText(script)}</script>
</section>`;
}
