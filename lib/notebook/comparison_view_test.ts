import { ok } from "node:assert/strict";
import { comparisonBanner } from "./comparison_view.ts";
import type { DatasetInfo } from "../analysis/mod.ts";

const text = (d: object) => (d as Record<symbol, () => Record<string, string>>)[Symbol.for("Jupyter.display")]();

Deno.test("notebook 06's banner says once why the depth-32 peer is compared with, never taken as, the index", () => {
  const quick: DatasetInfo = {
    folder: "quick",
    engine: "Stockfish 17.1",
    engine_id: "sf17.1-wasm",
    fingerprint: 2_030_154,
    limit: { nodes: 125_000 },
    n: 960,
  };
  const peer: DatasetInfo = {
    ...quick,
    folder: "eval960-depth32",
    engine_id: "",
    fingerprint: null,
    limit: { depth: 32 },
  };
  const withPeer = text(comparisonBanner([quick, peer]));
  for (const t of [withPeer["text/html"], withPeer["text/plain"]]) {
    ok(
      t.includes("The depth-32 values are a peer from outside, never the index here: its budget is a search depth"),
      t,
    );
    ok(t.includes("Stockfish 17.1 at 125,000 nodes per position"), t); // datasets in words, not their folders
    ok(!t.includes("quick:"), t);
  }
  ok(!text(comparisonBanner([quick]))["text/html"].includes("peer"), "no peer, no word of it");
});
