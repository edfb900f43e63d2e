import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { getProfile } from "../store/mod.ts";
import { COMPARISON_FRAME_COLUMNS, comparisonFrame } from "./comparison_frame.ts";
import { FRAME_CAPTION, records } from "./frames.ts";

const captionOf = (df: object) => (df as Record<symbol, string>)[FRAME_CAPTION];

Deno.test("comparison frame: the 8M index's designs by values, the method's own design first, the published row last; none for a dataset without other designs", async () => {
  // the committed 8M index: the 300,000-node design and the 30,000-node one, both complete, with the 400M sample
  const df = await comparisonFrame(getProfile("quick~eval8000000~pos60~games50~move300000"), "designs");
  assertEquals(df.columns, [...COMPARISON_FRAME_COLUMNS]);
  const rows = records(df);
  const summaryOf = async (tags: string) =>
    JSON.parse(
      await Deno.readTextFile(new URL(`../../results/quick~eval8000000/summary${tags}.json`, import.meta.url)),
    );
  assertEquals(rows.map((r) => [r.design, r.values_at, r.status]), [
    ["60 × 50 games at 300,000 nodes/move", "8,000,000 nodes per position", "complete"],
    ["60 × 50 games at 300,000 nodes/move", "400,000,000 nodes per position", "complete"],
    ["60 × 50 games at 30,000 nodes/move", "8,000,000 nodes per position", "complete"],
    ["60 × 50 games at 30,000 nodes/move", "400,000,000 nodes per position", "complete"],
    ["the method, published", "400,000,000 nodes per position", "published"],
  ]);
  for (const [i, tags] of [[0, "~pos60~games50~move300000"], [2, "~pos60~games50~move30000"]] as const) {
    const summary = await summaryOf(tags);
    assertEquals([rows[i].rho, rows[i].lo, rows[i].hi], [
      summary.eval_vs_score.rho,
      ...summary.eval_vs_score.ci95_percentile,
    ]);
    assertEquals(rows[i].file, `results/quick~eval8000000/summary${tags}.json`);
  }
  const published = rows[rows.length - 1];
  assertEquals([published.status, published.rho, published.lo, published.hi], ["published", 0.76, 0.63, 0.85]);
  // the prediction made before the 300,000-node games: on their row with the 400M values, beside the result
  ok((rows[1].predicted as number) > (rows[1].predicted_lo as number), "the method design's prediction");
  assertEquals(
    rows[1].prediction_inside,
    (rows[1].rho as number) >= (rows[1].predicted_lo as number) &&
      (rows[1].rho as number) <= (rows[1].predicted_hi as number),
  );
  const none = await comparisonFrame(getProfile("quick"), "designs");
  assertEquals(none.shape[0], 0);
  ok(captionOf(none).includes("no other self-play design"), captionOf(none));
});
