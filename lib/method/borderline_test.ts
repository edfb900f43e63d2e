import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { isBorderline, nearEndNote, verdictText } from "./borderline.ts";

Deno.test("borderline: the deciding end within 0.01 of 0 (the human-table verdicts of the quick and 8M indexes)", () => {
  // quick: rho 0.072 [0.006, 0.135] "validated"; 8M: 0.064 [-0.00006, 0.128] "not validated" — the end as the
  // tables print it, never "0.000" beside a table's −0.00006
  assertEquals(
    verdictText("validated", [0.006, 0.135], "above"),
    "validated (borderline: the interval's lower end is 0.006, within 0.01 of 0)",
  );
  assertEquals(
    verdictText("not validated", [-0.00006, 0.128], "above"),
    "not validated (borderline: the interval's lower end is −0.00006, within 0.01 of 0)",
  );
  assertEquals(verdictText("validated", [0.05, 0.2], "above"), "validated");
  // the claim is decided by the upper end
  assertEquals(isBorderline([-0.2, -0.004], "below"), true);
  assertEquals(isBorderline([-0.004, 0.2], "below"), false);
  assertEquals(isBorderline([NaN, NaN], "above"), false);
});

Deno.test("a figure near an end of an interval: borderline by its distance from the nearer end", () => {
  assertEquals(nearEndNote(0.3444, [-0.162, 0.348]), "borderline: 0.004 from its end, within 0.01");
  assertEquals(nearEndNote(0.355, [-0.162, 0.348]), "borderline: 0.007 from its end, within 0.01");
  assertEquals(nearEndNote(-0.155, [-0.162, 0.348]), "borderline: 0.007 from its end, within 0.01");
  assertEquals(nearEndNote(0.1, [-0.162, 0.348]), null);
  assertEquals(nearEndNote(0.1, [NaN, NaN]), null);
});
