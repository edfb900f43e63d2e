import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { getProfile } from "../store/mod.ts";
import { COMPARISON_FRAME_COLUMNS, comparisonFrame } from "./comparison_frame.ts";
import { records } from "./frames.ts";
import { FRAME_CAPTION } from "./frame_html.ts";

const captionOf = (df: object) => (df as Record<symbol, string>)[FRAME_CAPTION];

Deno.test("comparison frame: the 8M index's designs by values, the one being played without a figure, the published row last; none for a dataset without other designs", async () => {
  // the committed 8M index: the 30,000-node design (complete, with the 400M sample) and the 300,000-node one (being played)
  const df = await comparisonFrame(getProfile("quick~eval8000000~pos60~games50~move300000"), "designs");
  assertEquals(df.columns, [...COMPARISON_FRAME_COLUMNS]);
  const rows = records(df);
  const summary = JSON.parse(
    await Deno.readTextFile(
      new URL("../../results/quick~eval8000000/summary~pos60~games50~move30000.json", import.meta.url),
    ),
  );
  assertEquals(rows.slice(0, 2).map((r) => [r.design, r.values_at, r.status]), [
    ["60 × 50 games at 30,000 nodes/move", "8,000,000 nodes per position", "complete"],
    ["60 × 50 games at 30,000 nodes/move", "400,000,000 nodes per position", "complete"],
  ]);
  assertEquals([rows[0].rho, rows[0].lo, rows[0].hi], [
    summary.eval_vs_score.rho,
    ...summary.eval_vs_score.ci95_percentile,
  ]);
  assertEquals(rows[0].file, "results/quick~eval8000000/summary~pos60~games50~move30000.json");
  const published = rows[rows.length - 1];
  assertEquals([published.status, published.rho, published.lo, published.hi], ["published", 0.76, 0.63, 0.85]);
  // the 300,000-node design, being played while this is written: no figure from its games, its prediction
  const running = rows.filter((r) => r.status === "being played");
  if (running.length) {
    assertEquals(rows.length, 4);
    assertEquals([running[0].design, running[0].rho, running[0].reliability, running[0].planned], [
      "60 × 50 games at 300,000 nodes/move",
      null,
      null,
      3000,
    ]);
    ok((running[0].predicted as number) > (running[0].predicted_lo as number), "the running design's prediction");
  }
  const none = await comparisonFrame(getProfile("quick"), "designs");
  assertEquals(none.shape[0], 0);
  ok(captionOf(none).includes("no other self-play design"), captionOf(none));
});
