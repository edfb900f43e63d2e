import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { compareProfiles, compareText, reproduceRules } from "./reproduce.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { CI_POSITIONS } from "../method/mod.ts";
import { getProfile, RESULTS_ENV } from "../store/mod.ts";

Deno.test("compareProfiles: timing, creation time and the recomputed root's paths aside; the first real difference per file", async () => {
  const a = await Deno.makeTempDir({ prefix: "mbi-repro-a-" });
  const b = await Deno.makeTempDir({ prefix: "mbi-repro-b-" });
  const before = Deno.env.get(RESULTS_ENV);
  try {
    const values = Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, 10 + i]));
    Deno.env.set(RESULTS_ENV, a);
    await writeSyntheticDataset({ root: a, folder: "ci", values });
    Deno.env.set(RESULTS_ENV, b);
    await writeSyntheticDataset({ root: b, folder: "ci", values });
    const evalsB = join(b, "ci", "evals.jsonl");
    // Another run: other wall times and nps in the raw lines, another creation time.
    const lines = (await Deno.readTextFile(evalsB)).trim().split("\n").map((l) => JSON.parse(l));
    lines[0].created = "2027-05-05T00:00:00.000Z";
    for (const r of lines.slice(1)) {
      r.wall_ms = 999;
      r.raw = ["info depth 1 nps 123 time 45"];
    }
    const evalsA = join(a, "ci", "evals.jsonl");
    const linesA = (await Deno.readTextFile(evalsA)).trim().split("\n").map((l) => JSON.parse(l));
    for (const r of linesA.slice(1)) r.raw = ["info depth 1 nps 77 time 8"];
    await Deno.writeTextFile(evalsA, linesA.map((l) => JSON.stringify(l)).join("\n") + "\n");
    await Deno.writeTextFile(evalsB, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    Deno.env.set(RESULTS_ENV, a);
    const profile = getProfile("ci");
    let v = await compareProfiles(profile, a, b);
    const byFile = (f: string) => v.find((x) => x.file === f)!;
    assertEquals(["evals.jsonl", "mbi.json", "mbi.csv", "mbi.md"].map((f) => byFile(f).verdict), [
      "identical",
      "identical",
      "identical",
      "identical",
    ]);
    assertEquals(byFile("selfplay/games.pgn").verdict, "missing");
    assertEquals(byFile("summary.json").difference, "not in the committed results");

    lines[3].eval_cp += 1;
    lines[3].raw = ["info depth 2 nps 5 time 1"];
    await Deno.writeTextFile(evalsB, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const csv = join(b, "ci", "mbi.csv");
    await Deno.writeTextFile(csv, (await Deno.readTextFile(csv)).replace("\n1,", "\n1x,"));
    v = await compareProfiles(profile, a, b);
    assertEquals(
      byFile("evals.jsonl").difference,
      `SP ${lines[3].sp}: eval_cp: ${lines[3].eval_cp - 1} vs ${lines[3].eval_cp}`,
    );
    assertEquals(byFile("mbi.csv").verdict, "different");
    assertEquals(byFile("mbi.csv").difference?.startsWith("line 3: "), true);
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
    await Deno.remove(a, { recursive: true });
    await Deno.remove(b, { recursive: true });
  }
});

Deno.test("compareText: the PGN Date tag (a recorded time) is set aside, any other line is a difference", () => {
  const date = reproduceRules(getProfile("ci")).find((r) => r.file.endsWith("games.pgn"))!.ignoreLines;
  const pgn = (d: string, r = "1-0") => `[Event "x"]\n[Date "${d}"]\n[Result "${r}"]\n\n1. e4 ${r}\n`;
  assertEquals(compareText(pgn("2026.11.30"), pgn("2026.12.02"), date), null);
  assertEquals(
    compareText(pgn("2026.11.30"), pgn("2026.11.30", "0-1"), date),
    'line 3: "[Result \\"1-0\\"]" vs "[Result \\"0-1\\"]"',
  );
  assertEquals(
    compareText(pgn("2026.11.30"), pgn("2026.12.02")),
    'line 2: "[Date \\"2026.11.30\\"]" vs "[Date \\"2026.12.02\\"]"',
  );
  assertEquals(compareText("a\nb", "a", date), 'line 2: "b" vs end of file');
});
