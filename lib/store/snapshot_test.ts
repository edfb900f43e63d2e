import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { inTempRoot } from "../core/testing.ts";
import { readEvalDataset } from "./eval_dataset.ts";
import { progressText, shownProgress, snapshotPath } from "./snapshot.ts";
import { writeSyntheticDataset } from "./test_fixtures.ts";

/** A snapshot file of the dataset at `path` (as recorded) that used the positions `used`. */
const snapshot = (path: string, used: number[]) =>
  JSON.stringify({ kind: "mbi-method-partial", dataset: { path }, done: { of: 960, used, in_file: used.length } });

Deno.test("a growing dataset is quoted at its published snapshot's count, else at its file's", async () => {
  await inTempRoot(async (root) => {
    const path = await writeSyntheticDataset({ root, folder: "ci", values: { 0: 10, 518: 20, 959: 30 } });
    const d = (await readEvalDataset(path))!;
    const live = await shownProgress(d);
    assertEquals(live, { done: 3, planned: 3, snapshot: null });
    assertEquals(progressText(live), "3 of 3 positions");

    await Deno.writeTextFile(snapshotPath(join(root, "ci")), snapshot("results/ci/evals.jsonl", [0, 518]));
    const shown = await shownProgress(d);
    assertEquals(shown, { done: 2, planned: 3, snapshot: "results/ci/partial.json" });
    assertEquals(progressText(shown), "2 of 3 positions in its published figures");

    // a snapshot of another file says nothing of this one
    await Deno.writeTextFile(snapshotPath(join(root, "ci")), snapshot("results/other/evals.jsonl", [0]));
    assertEquals(await shownProgress(d), live);

    await Deno.writeTextFile(snapshotPath(join(root, "ci")), "{ not json");
    await rejects(shownProgress(d), (e: Error & { code?: string }) => {
      assertEquals(e.code, "dataset");
      return e.message.includes("partial.json is damaged") && e.message.includes("run deno task method-partial");
    });
  });
});
