import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { basename, join } from "node:path";
import { resolveDataset } from "./datasets.ts";
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
