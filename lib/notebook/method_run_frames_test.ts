import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { inTempRoot } from "../core/testing.ts";
import { type MbiTable } from "../store/mod.ts";
import { type MethodSnapshot } from "../report/mod.ts";
import { captionOf, records } from "./frames.ts";
import { methodExtremesFrame, methodRunFrame } from "./method_run_frames.ts";

const row = (sp: number, eval_cp: number, mbi: number) => ({ sp, setup: "RNBQKBNR", eval_cp, edge_cp: eval_cp, mbi });
const table = { rows: [row(1, 10, 90), row(2, 30, 40), row(3, 50, 0)] } as unknown as MbiTable;
const land = (sp: number, method: { eval_cp: number; rank: number; of: number } | null) => ({
  sp,
  setup: "RNBQKBNR",
  mbi: 90,
  eval_cp: 10,
  method,
});
const snap = {
  partial: {
    done: { of: 960, used: [1, 3] },
    extremes: { index: "quick~eval8000000", balanced: [land(1, { eval_cp: -20, rank: 2, of: 2 })], unbalanced: [] },
  },
  values: { 1: [-20, 44], 3: [5, 45] },
} as unknown as MethodSnapshot;

Deno.test("the method's run beside an index: one row per position of the snapshot, its edge's rank among them", async () => {
  await inTempRoot(async () => {
    const df = await methodRunFrame(table, snap, "beside");
    assertEquals(
      records(df).map((r) => [r.sp, r.method_eval_cp, r.method_edge_cp, r.method_rank, r.method_depth]),
      [[1, -20, 20, 2, 44], [3, 5, 5, 1, 45]],
    );
    // this index's side, with its edges ranked among the same positions
    assertEquals(
      records(df).map((r) => [r.index_eval_cp, r.index_edge_cp, r.index_rank, r.index_mbi]),
      [[10, 10, 1, 90], [50, 50, 2, 0]],
    );
    // without the run's order file here, where a position came from is not known, not guessed
    assertEquals(records(df).map((r) => r.origin), [null, null]);
    assertEquals(captionOf(df), "beside");
    const none = await methodRunFrame(table, undefined, "beside");
    assertEquals(records(none), []);
    ok(captionOf(none)!.startsWith("beside — none: the method's run has no published snapshot"), captionOf(none)!);
  });
});

Deno.test("where the best index's listed positions land: done ones with value and rank, the others empty", async () => {
  const df = await methodExtremesFrame(snap, "lists");
  assertEquals(records(df), [{
    list: "most balanced",
    sp: 1,
    setup: "RNBQKBNR",
    best_index_mbi: 90,
    best_index_eval_cp: 10,
    method_eval_cp: -20,
    method_rank: 2,
  }]);
  assertEquals(records(await methodExtremesFrame(undefined, "lists")), []);
});
