import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { bannerView, caption, longRun, notebookContext, notebookSelfplay, selfplayBanner } from "./context.ts";
import { isMbiError } from "../core/mod.ts";
import { STOP_MIME } from "./display.ts";
import { settingsView } from "./evaluation_view.ts";
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
    assertEquals(caption(ci, 12), "Stockfish 17.1 WASM, 20,000 nodes per position · n = 12 positions");
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
        stop["text/html"].includes("Not the method's results.</b> Ethereal 12.00, depth 8 per position"),
    );
    ok(!(STOP_MIME in bundle(selfplayBanner(ci))));
    // what is left of stage 4: the ci design is played by the notebook itself; the method's is not started there
    assertEquals(ci.selfplayLeft, { done: 0, planned: 24, nodes: 24 * 120 * 1000 });
    assertEquals(full.selfplayLeft, { done: 0, planned: 3000, nodes: 3000 * 120 * 300_000 });
    const fullStop = bundle(selfplayBanner(full));
    ok(STOP_MIME in fullStop);
    ok(
      fullStop["text/plain"].startsWith("Not played yet (about 1.1 × 10¹¹ search nodes left). A notebook does not") &&
        fullStop["text/plain"].includes("deno task selfplay --profile full plays it"),
      fullStop["text/plain"],
    );
    await rejects(notebookSelfplay(full), (e: Error) => isMbiError(e, "stage-input") && e.message === longRun(full));

    // the settings of a derived profile: not its base's description; the dataset's engine, and the build a resumed
    // run would use when that is another one (the native build, where it is built)
    await writeSyntheticDataset({ root, folder: "ci~eval40000", values, limit: { nodes: 40_000 } });
    const derived = await notebookContext(getProfile("ci~eval40000"));
    const settings = bundle(settingsView(derived))["text/html"];
    ok(settings.includes("ci~eval40000 — the ci profile with other budgets or another engine"), settings);
    ok(!settings.includes(getProfile("ci").description), settings);
    ok(settings.includes("Stockfish 17.1 WASM (registry id sf17.1-wasm;"), settings);
    assertEquals(settings.includes("a run resumed here"), derived.engine.id !== "sf17.1-wasm", settings);
    ok(bundle(settingsView(ci))["text/html"].includes(`ci — ${getProfile("ci").description}`));
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a design being played: its notebooks stop at the banner with how far it has got, until it is complete", async () => {
  // the committed 300,000-node design, being played while this is written (complete: no stop)
  const ctx = await notebookContext(getProfile("quick~eval8000000~pos60~games50~move300000"));
  if (ctx.selfplayLeft === null) return;
  const { done, planned } = ctx.selfplayLeft;
  ok(done > 0 && done < planned && planned === 3000, JSON.stringify(ctx.selfplayLeft));
  const text = bundle(selfplayBanner(ctx))["text/plain"];
  ok(text.startsWith(`Being played: ${done.toLocaleString("en-US")} of 3,000 games so far`), text);
});
