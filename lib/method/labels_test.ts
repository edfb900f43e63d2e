import { deepStrictEqual as assertEquals } from "node:assert/strict";
import {
  budgetBanner,
  datasetLabel,
  datasetPhrase,
  fingerprintValue,
  formatOptions,
  isMethodBudgets,
  offMethodText,
  optionValue,
  rhoInterval,
  rhoText,
} from "./labels.ts";
import { SAME_SCORES, whyNotDefined } from "./stats.ts";

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
  // the method's own design beside another budget is named as the method's, not as a difference from it
  assertEquals(
    budgetBanner({ profile: "quick~eval8000000", evalLimit: { nodes: 8_000_000 }, designs: [method.selfplay] }),
    "quick~eval8000000 profile — 8,000,000 nodes per position (the method: 400,000,000); self-play 60 × 50 games at " +
      "300,000 nodes/move (the method's design) — not the method's results; cite with engine, fingerprint and budget",
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

Deno.test("a correlation that is not defined is said so with why, in memory (NaN) and read from a file (null)", () => {
  assertEquals(rhoText({ rho: 0.12345 }), "0.123");
  assertEquals(rhoText({ rho: NaN, not_defined: SAME_SCORES }), "not defined: every position scored the same");
  assertEquals(rhoText({ rho: null, not_defined: SAME_SCORES }), "not defined: every position scored the same");
  assertEquals(rhoText({ rho: null }), "not defined: a column holds one value"); // a file written before the reason
  assertEquals(rhoInterval({ rho: 0.2 }, [-0.1, 0.45]), "0.200 [−0.100, 0.450]");
  assertEquals(rhoInterval({ rho: 0.2 }, [-0.1, 0.45], [" (", ", ", ")"]), "0.200 (−0.100, 0.450)");
  assertEquals(rhoInterval({ rho: null, not_defined: SAME_SCORES }, [null, null]), "not defined: " + SAME_SCORES);
  // why: the scores (y) first, then the values (x)
  assertEquals(whyNotDefined([1, 2, 3], [0.5, 0.5, 0.5], SAME_SCORES), SAME_SCORES);
  assertEquals(whyNotDefined([4, 4, 4], [0.1, 0.5, 0.9], SAME_SCORES), "every position has the same value");
  assertEquals(whyNotDefined([1, 2, 3], [0.1, 0.5, 0.9], SAME_SCORES), undefined);
});

Deno.test("a dataset is named one way in labels and one way in sentences, whatever form its budget comes in", () => {
  for (const budget of [{ nodes: 8_000_000 }, "8,000,000 nodes", "8,000,000 nodes per position"]) {
    assertEquals(datasetLabel("Stockfish 17.1", budget), "Stockfish 17.1, 8,000,000 nodes per position");
    assertEquals(datasetPhrase("Stockfish 17.1", budget), "Stockfish 17.1 at 8,000,000 nodes per position");
  }
  assertEquals(datasetLabel("Ethereal 12.00", { depth: 14 }), "Ethereal 12.00, depth 14 per position");
  // a name that holds its limit is not followed by it again
  const peer = "Stockfish 17.1 (eval960, depth 32)";
  assertEquals(datasetLabel(peer, { depth: 32 }), peer);
  assertEquals(datasetPhrase(peer, "depth 32"), peer);
  // "per position" said once where the budget's words hold it before a note
  const long = "depth 32 per position (5.5–87 million nodes, median 26 million)";
  assertEquals(datasetPhrase("Stockfish 17.1", long), `Stockfish 17.1 at ${long}`);
});

Deno.test("offMethodText names what is not at the method's budgets, and nothing at them", () => {
  const games = { positions: 60, games: 50, nodesPerMove: 300_000 };
  assertEquals(offMethodText({ profile: "full", evalLimit: { nodes: 400_000_000 }, selfplay: games }), null);
  assertEquals(
    offMethodText({ profile: "x", evalLimit: { nodes: 8_000_000 }, selfplay: games }),
    "values at 8,000,000 nodes per position",
  );
  assertEquals(
    offMethodText({
      profile: "ci",
      evalLimit: { nodes: 20_000 },
      selfplay: { positions: 6, games: 4, nodesPerMove: 1000 },
    }),
    "values at 20,000 nodes per position and 6 × 4 games at 1,000 nodes/move",
  );
});
