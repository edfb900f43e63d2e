import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { budgetBanner, fingerprintValue, fixedNonZero, formatOptions, isMethodBudgets, optionValue } from "./labels.ts";

Deno.test("the banner names the budgets beside the method's, and is absent at the method's budgets", () => {
  assertEquals(
    budgetBanner({
      profile: "quick",
      evalLimit: { nodes: 125_000 },
      selfplay: { positions: 24, games: 8, nodesPerMove: 4_000 },
    }),
    "quick profile — 125,000 nodes per position (the method: 400,000,000); self-play 24 × 8 games at 4,000 nodes/move " +
      "(the method: 60 × 50 at 300,000) — not the method's results; cite with engine, fingerprint and budget",
  );
  const method = {
    profile: "full",
    evalLimit: { nodes: 400_000_000 },
    selfplay: { positions: 60, games: 50, nodesPerMove: 300_000 },
  };
  assertEquals([isMethodBudgets(method), budgetBanner(method)], [true, null]);
  // a page that shows another self-play design: its budgets are in the banner, and a non-method design makes one
  const sample = { positions: 60, games: 50, nodesPerMove: 30_000 };
  assertEquals(
    budgetBanner({ profile: "quick~eval8000000", evalLimit: { nodes: 8_000_000 }, designs: [sample] }),
    "quick~eval8000000 profile — 8,000,000 nodes per position (the method: 400,000,000); self-play 60 × 50 games at " +
      "30,000 nodes/move (the method: 60 × 50 at 300,000) — not the method's results; cite with engine, fingerprint and budget",
  );
  assertEquals(isMethodBudgets({ ...method, designs: [method.selfplay] }), true);
  assertEquals(isMethodBudgets({ ...method, designs: [method.selfplay, sample] }), false);
  assertEquals(isMethodBudgets({ ...method, selfplay: undefined, designs: [sample] }), false);
  assertEquals(
    budgetBanner({ profile: "quick@ethereal-12", evalLimit: { depth: 14 } })?.startsWith(
      "quick@ethereal-12 profile — depth 14 per position",
    ),
    true,
  );
});

Deno.test("options have one type whatever the file stored", () => {
  assertEquals([optionValue("256"), optionValue(256), optionValue("true"), optionValue("x")], [256, 256, true, "x"]);
  assertEquals(
    formatOptions({ Threads: "1", Hash: "256", UCI_Chess960: "true" }),
    "Threads 1 · Hash 256 MB · UCI_Chess960 true",
  );
  assertEquals(
    formatOptions({ Threads: 1, Hash: 256, UCI_Chess960: true }),
    "Threads 1 · Hash 256 MB · UCI_Chess960 true",
  );
});

Deno.test("a fingerprint reads with thousands separators, or as not measured", () => {
  assertEquals(fingerprintValue(2_030_154), "2,030,154");
  assertEquals(fingerprintValue(null), "not measured");
  assertEquals(fingerprintValue(undefined), "not measured");
});

Deno.test("a fixed-decimals figure keeps the sign of a non-zero value that would round to 0", () => {
  assertEquals(fixedNonZero(0.1234, 3), "0.123");
  assertEquals(fixedNonZero(-0.00006, 3), "-0.00006");
  assertEquals(fixedNonZero(0.000153, 3), "0.00015");
  assertEquals(fixedNonZero(0, 3), "0.000");
});
