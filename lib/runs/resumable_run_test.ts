import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { manifestRuns, manifestRunsText } from "./resumable_run.ts";
import { tempDir } from "../core/testing.ts";

/** A folder with `games.jsonl` begun at `created` and a manifest recording `runs`. */
async function files(created: string | undefined, runs: Record<string, unknown>[]): Promise<string> {
  const dir = await tempDir("mbi-manifest-text-");
  const header = JSON.stringify({ kind: "mbi-selfplay-games", ...(created ? { created } : {}) });
  await Deno.writeTextFile(join(dir, "games.jsonl"), header + "\n" + '{"sp":1}\n'.repeat(3));
  const manifest = {
    kind: "mbi-selfplay-manifest",
    schema: 1,
    file: "games.jsonl",
    profile: "quick",
    engine: {},
    config: {},
    planned: 3,
    status: "running",
    runs,
  };
  await Deno.writeTextFile(join(dir, "games.manifest.json"), JSON.stringify(manifest));
  return join(dir, "games.jsonl");
}

Deno.test("a manifest whose first run began the file: every run, with how many ended", async () => {
  const path = await files("2026-12-01T09:32:03.056Z", [
    { started: "2026-12-01T09:32:04.198Z", ended: "2026-12-01T10:00:00.000Z" },
    { started: "2026-12-01T12:22:35.501Z" },
    { started: "2026-12-01T15:30:17.370Z" },
  ]);
  const m = (await manifestRuns(path))!;
  assertEquals([m.runs, m.ended, m.fromTheStart], [3, 1, true]);
  assertEquals(
    manifestRunsText(m, " of those games"),
    "start and end of every run of those games: 3 runs; 1 ended, the others were stopped or still running",
  );
});

Deno.test("a manifest that begins after the file did: the earlier runs are said to be unrecorded", async () => {
  const path = await files("2026-12-01T09:20:15.881Z", [
    { started: "2026-12-01T15:30:21.655Z", ended: "2026-12-01T15:53:17.183Z" },
  ]);
  const m = (await manifestRuns(path))!;
  assertEquals([m.runs, m.ended, m.fromTheStart], [1, 1, false]);
  assertEquals(
    manifestRunsText(m),
    "start and end of the runs from 2026-12-01 15:30 UTC on: 1 run; the file was begun 2026-12-01 09:20 UTC " +
      "and its earlier runs are not recorded",
  );
});

Deno.test("a file without a begin time, or no manifest: no claim of every run", async () => {
  const path = await files(undefined, [{ started: "2026-12-01T15:30:21.655Z" }]);
  assertEquals(
    manifestRunsText((await manifestRuns(path))!),
    "start and end of the runs it records: 1 run, stopped or still running",
  );
  assertEquals(await manifestRuns(join(await tempDir("manifest-none"), "games.jsonl")), undefined);
});

Deno.test("a file still being written: the words hold no count, so a resume (one run more) leaves them as they were", async () => {
  const first = [{ started: "2026-12-01T09:32:04.198Z" }];
  const one = (await manifestRuns(await files("2026-12-01T09:32:03.056Z", first)))!;
  const two = (await manifestRuns(
    await files("2026-12-01T09:32:03.056Z", [...first, { started: "2026-12-02T05:50:00.000Z" }]),
  ))!;
  const words = "start and end of every run of those games so far, a run added at every resume";
  assertEquals([manifestRunsText(one, " of those games", true), manifestRunsText(two, " of those games", true)], [
    words,
    words,
  ]);
  const late =
    (await manifestRuns(await files("2026-12-01T09:20:15.881Z", [{ started: "2026-12-01T15:30:21.655Z" }])))!;
  assertEquals(
    manifestRunsText(late, "", true),
    "start and end of the runs from 2026-12-01 15:30 UTC on so far, a run added at every resume; " +
      "the file was begun 2026-12-01 09:20 UTC and its earlier runs are not recorded",
  );
});

Deno.test("a damaged manifest is refused naming it and how to get it back", async () => {
  const path = await files(undefined, []);
  const manifest = join(path, "..", "games.manifest.json");
  await Deno.writeTextFile(manifest, '{"kind": "mbi-selfplay-manifest", "runs": [');
  await rejects(manifestRuns(path), (e: Error & { code?: string }) => {
    assertEquals(e.code, "dataset");
    return /games\.manifest\.json is damaged \(.+\): restore it from a copy$/
      .test(e.message);
  });
});
