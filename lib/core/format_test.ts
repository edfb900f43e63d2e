import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { fix, fixedNonZero, int, iv, minus, num, pct } from "./format.ts";

Deno.test("a fixed-decimals figure keeps the sign of a non-zero value that would round to 0", () => {
  assertEquals(fixedNonZero(0.1234, 3), "0.123");
  assertEquals(fixedNonZero(-0.00006, 3), "−0.00006");
  assertEquals(fixedNonZero(-0.0004, 3), "−0.0004", "not -0.000");
  assertEquals(fixedNonZero(0.000153, 3), "0.00015");
  assertEquals(fixedNonZero(0, 3), "0.000");
});

Deno.test("numbers as readers see them: separators, whole percentages, a dash where a value is missing", () => {
  assertEquals(int(1234567), "1,234,567");
  assertEquals(int(-960), "−960");
  assertEquals(pct(0.437), "44%");
  assertEquals(pct(0.005), "1%");
  assertEquals(fix(0.4567), "0.46");
  assertEquals(fix(0.4567, 1), "0.5");
  assertEquals(fix(-0.004, 2), "−0.004");
  assertEquals(fix(NaN), "–");
  assertEquals(fix(null, 3), "–");
  assertEquals(fix(Infinity, 3, "undefined"), "undefined");
  assertEquals(iv([-0.1, 0.45]), "[−0.100, 0.450]");
  assertEquals(iv([0.1234, NaN], 2), "[0.12, –]");
});

Deno.test("the minus sign of numbers people read is U+2212; nothing else changes", () => {
  assertEquals(num(-7), "\u22127");
  assertEquals(num(26.5), "26.5");
  assertEquals(num(0), "0");
  assertEquals(minus("-0.157"), "−0.157");
  assertEquals(minus("0.34-1"), "0.34-1");
  assertEquals(minus("−3"), "−3");
});
