import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { inTempRoot } from "../core/testing.ts";
import { repoPath, sha256Text } from "../core/mod.ts";
import { inputLines, recordedInputPath, restoreRemedy, staleInputs } from "./provenance.ts";

Deno.test("a recorded input path names its file now: results/… below the current root, others below the repository", async () => {
  await inTempRoot((root) => {
    assertEquals(recordedInputPath("results/quick/mbi.json"), join(root, "quick", "mbi.json"));
    assertEquals(recordedInputPath("data/positions.json"), repoPath("data/positions.json"));
    assertEquals(recordedInputPath("/elsewhere/x.json"), "/elsewhere/x.json");
    return Promise.resolve();
  });
});

Deno.test("staleInputs: null while every input is as recorded; else the first changed, gone or missing one", async () => {
  await inTempRoot(async (root) => {
    const a = join(root, "a.json"), b = join(root, "b.json");
    await Deno.writeTextFile(a, "A");
    await Deno.writeTextFile(b, "B");
    const inputs = [{ path: a, sha256: await sha256Text("A") }, { path: b, sha256: await sha256Text("B") }];
    assertEquals(await staleInputs(inputs, [a, b]), null);
    await Deno.writeTextFile(b, "B2");
    assertEquals(await staleInputs(inputs), `was not computed from ${b} as it is now`);
    await Deno.remove(b);
    assertEquals(await staleInputs(inputs), `was not computed from ${b} as it is now`, "a file gone is stale");
    const c = join(root, "c.json");
    assertEquals(
      await staleInputs(inputs.slice(0, 1), [a, c]),
      `was not computed from ${c}`,
      "a required input absent",
    );
  });
});

Deno.test("staleInputs finds a required file by its path below the results root, though recorded under another root", async () => {
  await inTempRoot(async (root) => {
    const file = join(root, "quick", "summary.json");
    await Deno.mkdir(join(root, "quick"));
    await Deno.writeTextFile(file, "S");
    const recorded = [{ path: "/old/root/quick/summary.json", sha256: await sha256Text("S") }];
    assertEquals(await staleInputs(recorded, [file]), null);
    assertEquals(
      await staleInputs(recorded),
      "was not computed from /old/root/quick/summary.json as it is now",
      "not required: read where it was recorded",
    );
  });
});

Deno.test("a damaged file's remedy: git checkout in the repository, git show for a copy under another results root", async () => {
  assertEquals(
    restoreRemedy(repoPath("results/full/order.json")),
    "restore it from git (git checkout -- results/full/order.json)",
  );
  await inTempRoot((root) => {
    const copy = join(root, "full", "order.json");
    assertEquals(
      restoreRemedy(copy),
      `restore it from a copy (the repository's, if it has one: git show HEAD:results/full/order.json > ${copy})`,
    );
    assertEquals(restoreRemedy("/elsewhere/order.json"), "restore it from a copy");
    return Promise.resolve();
  });
});

Deno.test("an append-only input is recorded by its lines read: still current as it grows, stale when they change", async () => {
  await inTempRoot(async (root) => {
    const f = join(root, "evals.jsonl");
    await Deno.writeTextFile(f, "header\nr1\nr2\npartial line");
    const input = await inputLines(f, 3);
    assertEquals([input.lines, input.sha256], [3, sha256Text("header\nr1\nr2\n")]);
    await Deno.writeTextFile(f, "header\nr1\nr2\nr3\nr4\n");
    assertEquals(await staleInputs([input]), null, "grown, the lines read are the same");
    await Deno.writeTextFile(f, "header\nr1\nR2\nr3\n");
    assertEquals(await staleInputs([input]), `was not computed from ${f} as it is now`);
    await Deno.writeTextFile(f, "header\nr1\n");
    assertEquals(await staleInputs([input]), `was not computed from ${f} as it is now`, "cut short");
    await rejects(inputLines(f, 5), /has fewer than 5 whole lines/);
  });
});
