import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { bestmoveOffPv, bestmoveOffPvText } from "./evaluation_record.ts";

Deno.test("bestmoveOffPv: the records whose final bestmove is not the PV's first move, and why, in one sentence", () => {
  const r = (sp: number, pv: string[], bestmove: string) => ({ sp, pv, bestmove });
  const records = [r(1, ["e2e4", "e7e5"], "e2e4"), r(2, ["d2d4"], "g1f3"), r(3, [], "e2e4")];
  // a record without a PV (no completed iteration) has nothing to differ from
  assertEquals(bestmoveOffPv(records).map((x) => x.sp), [2]);
  const text = bestmoveOffPvText(7, 60);
  ok(text.startsWith("In 7 of the 60 records the engine's final `bestmove` is not the PV's first move"), text);
  ok(text.includes("last completed iteration"), text);
});
