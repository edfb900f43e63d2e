import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { bannerView, caption, notebookContext, selfplayBanner } from "./context.ts";
import { STOP_MIME } from "./display.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { CI_POSITIONS } from "../method/mod.ts";
import { getProfile, RESULTS_ENV } from "../store/mod.ts";

const bundle = (d: object) => (d as Record<symbol, () => Record<string, string>>)[Symbol.for("Jupyter.display")]();

Deno.test("notebook context: engine and budget from the dataset, the banner unless at the method's budgets, no self-play for a depth-only engine", async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-nb-context-" });
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, root);
  try {
    const values = Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, 10 + i]));
    await writeSyntheticDataset({ root, folder: "ci", values });
    const ci = await notebookContext(getProfile("ci"));
    assertEquals(ci.facts, { profile: "ci", engine: "Stockfish 17.1 WASM", evalLimit: { nodes: 20_000 } });
    assertEquals(ci.selfplayFacts.selfplay, { positions: 6, games: 4, nodesPerMove: 1000 });
    ok(ci.hasSelfplay);
    assertEquals(caption(ci, 12), "ci profile · Stockfish 17.1 WASM · 20,000 nodes per position · n = 12 positions");
    const banner = bundle(bannerView(ci, true))["text/html"];
    ok(banner.includes("Not the method's results") && banner.includes("6 × 4 games at 1,000 nodes/move"), banner);

    // the method's profile (no dataset yet): budgets from the profile, no "not the method's" banner
    const full = await notebookContext(getProfile("full"));
    const fullBanner = bundle(bannerView(full, true))["text/html"];
    ok(fullBanner.includes("The method's budgets") && !fullBanner.includes("Not the method"), fullBanner);

    // a depth-only engine: its own depth budget, and the self-play notebooks stop with a note
    await writeSyntheticDataset({
      root,
      folder: "ci@ethereal-12",
      values,
      limit: { depth: 8 },
      engine: { id: "ethereal-12", uci_name: "Ethereal 12.00", fingerprint: 4_855_688 },
    });
    const eth = await notebookContext(getProfile("ci@ethereal-12"));
    assertEquals([eth.hasSelfplay, eth.facts.evalLimit], [false, { depth: 8 }]);
    const stop = bundle(selfplayBanner(eth));
    ok(STOP_MIME in stop);
    ok(
      stop["text/html"].includes("No self-play for Ethereal 12.00") &&
        stop["text/html"].includes("ci@ethereal-12 profile"),
    );
    ok(!(STOP_MIME in bundle(selfplayBanner(ci))));
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
    await Deno.remove(root, { recursive: true });
  }
});
