import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { getProfile } from "../store/mod.ts";
import type { MethodSample, MethodSampleState } from "../report/mod.ts";
import { predictionFrame } from "./prediction_frame.ts";
import { FRAME_CAPTION, records } from "./frames.ts";

const captionOf = (df: object) => (df as Record<symbol, string>)[FRAME_CAPTION];

Deno.test("prediction frame: the published figure, the earlier design's, the prediction, and the result once there is one", async () => {
  // the committed prediction of the 300,000-node design
  const design = getProfile("quick~eval8000000~pos60~games50~move300000");
  const before = await predictionFrame(design, undefined, "the prediction");
  assertEquals(records(before).map((r) => r.figure), [
    "published (the method's documents)",
    "the earlier design, observed",
    "predicted before the first game",
  ]);
  const [published, earlier, predicted] = records(before);
  assertEquals([published.rho, published.lo, published.hi], [0.76, 0.63, 0.85]);
  ok(Math.abs((earlier.rho as number) - 0.2163879979020075) < 1e-12);
  // each design in words, never a results key
  assertEquals(earlier.design, "60 × 50 games at 30,000 nodes/move");
  assertEquals(predicted.design, "60 × 50 games at 300,000 nodes/move");
  ok((predicted.lo as number) < (predicted.rho as number) && (predicted.rho as number) < (predicted.hi as number));
  ok(captionOf(before).endsWith("no result yet."), captionOf(before));
  // a result with the same pairing (the 400M values) joins the frame and the caption says where it lies
  const figures = {
    validation: [{
      values_from: "results/full/sample60/evals.jsonl",
      eval_vs_score: { rho: 0.9, ci95_percentile: [0.8, 0.95] },
    }],
  } as unknown as MethodSample;
  const after = await predictionFrame(design, { figures } as MethodSampleState, "the prediction");
  assertEquals(records(after)[3].figure, "observed in these games");
  ok(captionOf(after).includes("observed 0.900, outside the prediction"), captionOf(after));
  // a design without a prediction: empty, and the caption says why
  const none = await predictionFrame(getProfile("quick~eval8000000~pos60~games50~move30000"), undefined, "x");
  assertEquals(none.shape[0], 0);
  ok(captionOf(none).includes("no prediction was made"), captionOf(none));
});
