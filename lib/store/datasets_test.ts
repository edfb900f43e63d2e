import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { basename, join } from "node:path";
import { resolveDataset, summarisedDesigns } from "./datasets.ts";
import { inTempRoot } from "../core/testing.ts";
import { getProfile, profileDir, publishedPaths, resultsRoot, selfplayDir, summaryPath } from "./results_key.ts";

Deno.test("a dataset resolved once names the folder and every file the layers above read", () => {
  for (const name of ["quick", "quick~eval8000000", "ci~depth12", "quick~eval8000000~pos60~games50~move30000"]) {
    const profile = getProfile(name);
    const ds = resolveDataset(profile);
    const dir = profileDir(profile);
    assertEquals(ds.dir, dir);
    assertEquals(join(resultsRoot(), ds.folder), dir);
    assertEquals(ds.folder, basename(dir));
    assertEquals(ds.evals, join(dir, "evals.jsonl"));
    assertEquals([ds.mbi.json, ds.mbi.csv, ds.mbi.md], ["mbi.json", "mbi.csv", "mbi.md"].map((f) => join(dir, f)));
    assertEquals(ds.distribution, join(dir, "distribution.json"));
    assertEquals(ds.selfplay, selfplayDir(profile));
    assertEquals(ds.summary, summaryPath(profile));
    assertEquals(ds.published, publishedPaths(profile));
    assertEquals(ds.key.profile, name.split("~")[0]);
  }
});

Deno.test("the summarised self-play designs of a folder: not its own, one per self-play folder, the most resamples, the method's first", async () => {
  await inTempRoot(async () => {
    const profile = getProfile("quick~eval8000000");
    const dir = profileDir(profile);
    assertEquals(summarisedDesigns(profile), []); // no folder yet
    await Deno.mkdir(dir, { recursive: true });
    for (
      const f of [
        "summary.json", // the profile's own design
        "summary~pos60~games50~move30000.json",
        "summary~pos60~games50~move300000.json", // the method's design: listed first
        "summary~pos60~games50~move30000~boot50.json", // fewer resamples than the profile's 10,000
        "summary~games2.json",
        "summary~boot50.json", // the own design with other resamples: not another design
        "summary~games2~pos5.json", // not a canonical name: no stage writes it
        "notes.json",
      ]
    ) await Deno.writeTextFile(join(dir, f), "{}");
    assertEquals(summarisedDesigns(profile).map((p) => p.name), [
      "quick~eval8000000~pos60~games50~move300000",
      "quick~eval8000000~games2",
      "quick~eval8000000~pos60~games50~move30000",
    ]);
  });
});
