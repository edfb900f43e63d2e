import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { dirname } from "node:path";
import { staleStatisticsFiles } from "./derived.ts";
import { readSummary, SUMMARY_SCHEMA } from "./summary.ts";
import { PROFILES } from "../method/mod.ts";
import { summaryPath } from "../store/mod.ts";
import { inTempRoot } from "../core/testing.ts";

const profile = PROFILES.quick;

/** Runs `f` with a results root of its own, the summary file holding `text` (absent when undefined). */
function withSummary(text: string | undefined, f: () => Promise<void>): Promise<void> {
  return inTempRoot(async () => {
    if (text !== undefined) {
      await Deno.mkdir(dirname(summaryPath(profile)), { recursive: true });
      await Deno.writeTextFile(summaryPath(profile), text);
    }
    await f();
  }, "mbi-summary-");
}

// the quick profile's design: 24 positions × 8 games at 4,000 nodes per move, 10,000 resamples, the method's seed
const design = {
  n_positions: 24,
  selfplay: { games_per_position: 8, nodes_per_move: 4000 },
  resamples: 10_000,
  seed: profile.seed,
};
const summary = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ kind: "mbi-summary", schema: SUMMARY_SCHEMA, profile: "quick", inputs: [], ...design, ...over });

Deno.test("readSummary: undefined when there is none, the summary when it is one of this profile and schema", async () => {
  await withSummary(undefined, async () => assertEquals(await readSummary(profile), undefined));
  await withSummary(summary(), async () => assertEquals((await readSummary(profile))?.profile, "quick"));
});

Deno.test("readSummary: a damaged, foreign or other-schema file is refused naming it and deno task stats", async () => {
  const cases: [string, RegExp][] = [
    ["{not json", /summary\.json is damaged \(.+\): run deno task stats --profile quick to write it again$/],
    [JSON.stringify({ kind: "mbi-table", schema: 2 }), /summary\.json is not a stage-5 summary: run deno task stats/],
    [summary({ schema: 1 }), /has schema 1 \(older code\): run deno task stats --profile quick to write it again$/],
    [summary({ schema: SUMMARY_SCHEMA + 1 }), new RegExp(`schema ${SUMMARY_SCHEMA + 1}, newer than this code reads`)],
    [summary({ profile: "full" }), /is the summary of profile full, not quick: run deno task stats/],
    [
      summary({ selfplay: { games_per_position: 4, nodes_per_move: 4000 } }),
      /summary\.json is the summary of another design than profile quick \(games per position 4, the profile's 8\): run deno task stats --profile quick$/,
    ],
    [summary({ n_positions: 60 }), /another design than profile quick \(positions 60, the profile's 24\)/],
    ["null", /is not a stage-5 summary/],
  ];
  for (const [text, message] of cases) {
    await withSummary(text, () => rejects(readSummary(profile), { code: "stage-input", message }));
  }
});

Deno.test("staleStatisticsFiles: a damaged summary is one stale file, named once, with the command that writes it", async () => {
  await withSummary("{not json", async () => {
    const [s, ...rest] = await staleStatisticsFiles(profile);
    assertEquals(rest, []);
    assertEquals(s.path, summaryPath(profile));
    assertEquals(s.fix, "run deno task stats --profile quick to write it again");
    assertEquals(s.why.startsWith("is damaged ("), true, s.why);
  });
});
