import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { getProfile } from "../store/mod.ts";
import { type MethodRun, methodSampleStatement } from "./limitations_selfplay.ts";
import type { MethodSampleState } from "./method_sample.ts";

const design = getProfile("quick~eval8000000~pos60~games50~move300000");
const sps = Array.from({ length: 60 }, (_, i) => i * 16);
// Only the fields the statement reads: a complete 60-position sample at 400,000,000 nodes and its distance figures.
const state = {
  path: "/elsewhere/full/sample60/evals.jsonl",
  dataset: {
    records: sps.map((sp) => ({ sp })),
    header: { positions: sps, config: { limit: { nodes: 400_000_000 } } },
  },
  figures: {
    drawn_from: { dataset: "quick~eval8000000" },
    distance_to_method: [{
      dataset: "quick~eval8000000",
      spearman_edges: { rho: 0.658, ci95: [0.454, 0.801] },
      median_abs_delta_cp: 5,
      mean_delta_cp: 4.25,
    }],
  },
} as unknown as MethodSampleState;
const run = (done: number, ofThisIndex = true): MethodRun =>
  ({
    partial: {
      done: { used: Array.from({ length: done }, (_, i) => i), of: 960 },
      agreement: { all: { n: done, rho: 0.6971, ci95: [0.588, 0.782] } },
    },
    ofThisIndex,
  }) as unknown as MethodRun;

Deno.test("the method's-budget statement: the design's sample alone, then the method's run once it holds more", () => {
  const alone = methodSampleStatement(design, state);
  assertEquals(
    alone.headline,
    "The method's budget (400,000,000 nodes) covers only 60 sample positions; Spearman 0.658 with this index.",
  );
  ok(alone.text.includes("exists here only for the 60 positions of the self-play design"), alone.text);

  const grown = methodSampleStatement(design, state, run(136));
  assertEquals(
    grown.headline,
    "The method's budget (400,000,000 nodes): 136 of 960 positions so far; Spearman 0.697 with this index on them.",
  );
  ok(
    grown.text.startsWith(
      "The method's budget (400,000,000 nodes per position) covers 136 of 960 positions so far: the 60 self-play " +
        "positions and 76 of the run over the rest, a sample, not an index over all of them. On all 136 this " +
        "index's edges agree with it at Spearman 0.697 [0.588, 0.782]. On the 60 self-play positions this index's " +
        "edges agree with it at Spearman 0.658",
    ),
    grown.text,
  );
  assertEquals([grown.figures.run_positions_done, grown.figures.run_spearman_edges], [136, 0.6971]);
  ok(grown.sources.some((s) => s.endsWith("full/partial.json")), "the snapshot is a source");

  const otherIndex = methodSampleStatement(design, state, run(136, false));
  assertEquals(otherIndex.headline, "The method's budget (400,000,000 nodes): 136 of 960 positions so far.");
  assertEquals(otherIndex.figures.run_spearman_edges, null, "no agreement quoted for another index");
  ok(!otherIndex.text.includes("On all 136"), otherIndex.text);

  assertEquals(
    methodSampleStatement(design, state, run(60)).headline,
    alone.headline,
    "a run no larger says nothing new",
  );
  const complete = methodSampleStatement(design, state, run(960));
  assertEquals(
    complete.headline,
    "The method's budget (400,000,000 nodes): 960 of 960 positions; Spearman 0.697 with this index on them.",
  );
  ok(
    complete.text.includes("and 900 of the run over the rest. On all 960"),
    complete.text,
  );
});
