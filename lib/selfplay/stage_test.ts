import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { readSelfplayResults } from "./stage.ts";
import { PROFILES } from "../method/mod.ts";
import { selfplayDir } from "../store/mod.ts";
import { repoPath } from "../core/mod.ts";
import { inTempRoot } from "../core/testing.ts";

const profile = PROFILES.quick;
const committed = repoPath("results", "quick", "selfplay", "selfplay.json");

/** Runs `f` with a results root of its own whose quick `selfplay.json` holds `text` (absent when undefined). */
function withResults(text: string | undefined, f: () => Promise<void>): Promise<void> {
  return inTempRoot(async () => {
    if (text !== undefined) {
      await Deno.mkdir(selfplayDir(profile), { recursive: true });
      await Deno.writeTextFile(join(selfplayDir(profile), "selfplay.json"), text);
    }
    await f();
  }, "mbi-selfplay-results-");
}

Deno.test("readSelfplayResults: undefined when absent; the committed quick results read as they are", async () => {
  await withResults(undefined, async () => assertEquals(await readSelfplayResults(profile), undefined));
  const text = await Deno.readTextFile(committed);
  await withResults(text, async () => assertEquals(await readSelfplayResults(profile), JSON.parse(text)));
});

Deno.test("readSelfplayResults: damaged, foreign, old or incomplete files are refused naming the file and the command", async () => {
  const good = JSON.parse(await Deno.readTextFile(committed));
  const { positions: _, ...noPositions } = good;
  const cases: [string, RegExp][] = [
    ["[1,", /selfplay\.json is damaged \(.+\): run deno task selfplay --profile quick to write it again$/],
    [
      JSON.stringify({ ...good, kind: "mbi-summary" }),
      /is not a current self-play results file: run deno task selfplay/,
    ],
    [JSON.stringify({ ...good, schema: 1 }), /is not a current self-play results file/],
    [JSON.stringify(noPositions), /selfplay\.json: .*positions/],
  ];
  for (const [text, message] of cases) {
    await withResults(text, () => rejects(readSelfplayResults(profile), { code: "stage-input", message }));
  }
});
