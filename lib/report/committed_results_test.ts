import { deepStrictEqual as assertEquals, ok, rejects as assertRejects } from "node:assert/strict";
import { basename, join, relative } from "node:path";
import { checkRecord, fileKind, repoPath, schemaVersion } from "../core/mod.ts";
import {
  designKey,
  EVAL_SCHEMA,
  EvalConfig,
  getProfile,
  listOutcomeTables,
  outcomePaths,
  PER_POSITION_FILES,
  privateIgnore,
  readEvalDataset,
  readMbiTable,
  readOutcomeTable,
  RESULTS_ENV,
  selfplayDir,
} from "../store/mod.ts";
import {
  checkGames,
  designDifference,
  readGames,
  readOpenings,
  readSelfplayResults,
  SelfplayResults,
} from "../selfplay/mod.ts";
import { readReproduceRecord, readSummary, readVerifyRecord, ReproduceRecord } from "../analysis/mod.ts";
import { RunManifest } from "../runs/mod.ts";
import * as v from "valibot";
import { computeMethodPartial, type MethodPartial, readMethodPartial } from "./method_partial.ts";
import { computeStudy, readStudy } from "./outcome_study.ts";

// The committed result files are the project's data products: every header and record of them must read and
// validate through the readers of today's code (one schema per record), and reading must not change a byte.
const RESULTS = repoPath("results");

function filesNamed(dir: string, test: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory && !e.name.startsWith("stale-") && e.name !== "site") out.push(...filesNamed(p, test));
    else if (e.isFile && test(e.name)) out.push(p);
  }
  return out.sort();
}

Deno.test("every committed results JSONL file reads and validates through its reader, header and records", async () => {
  const files = filesNamed(RESULTS, (n) => n.endsWith(".jsonl"));
  ok(files.length >= 11, files.join(", "));
  const read: string[] = [];
  for (const f of files) {
    const before = await Deno.readFile(f);
    const name = basename(f);
    let records = 0;
    if (name === "evals.jsonl") {
      const d = await readEvalDataset(f);
      records = (d?.records.length ?? 0) + (d?.duplicates.length ?? 0);
    } else if (name === "games.jsonl") records = (await readGames(f))?.records.length ?? 0;
    else if (name === "openings.jsonl") records = (await readOpenings(f))?.records.length ?? 0;
    else throw new Error(`${f}: no reader for this file`);
    const lines = new TextDecoder().decode(before).split("\n").filter((l) => l !== "").length;
    assertEquals(records, lines - 1, relative(RESULTS, f));
    assertEquals(await Deno.readFile(f), before, relative(RESULTS, f));
    read.push(`${relative(RESULTS, f)}: ${records}`);
  }
  console.error(`read ${read.length} files: ${read.join("; ")}`);
});

Deno.test("every committed MBI table reads and validates through its reader", async () => {
  const files = filesNamed(RESULTS, (n) => n === "mbi.json");
  ok(files.length >= 6, files.join(", "));
  for (const f of files) {
    const t = await readMbiTable(f);
    ok(t.rows.length >= 2, f);
  }
});

Deno.test("every committed outcome table reads and validates through its reader (its CSV files by their hashes)", async () => {
  const names = listOutcomeTables();
  ok(names.length >= 1, "no outcome table");
  for (const name of names) {
    const paths = outcomePaths(name);
    const meta = JSON.parse(await Deno.readTextFile(paths.json));
    if (meta.private) {
      // A private table: none of its per-position files is committed, and its folder says so to git.
      const tracked = new TextDecoder().decode(
        (await new Deno.Command("git", { args: ["ls-files", paths.dir], cwd: repoPath(), stdout: "piped" }).output())
          .stdout,
      ).trim().split("\n").map((f) => basename(f));
      assertEquals(PER_POSITION_FILES.filter((f) => tracked.includes(f)), [], `${name}: per-position files committed`);
      assertEquals(await Deno.readTextFile(join(paths.dir, ".gitignore")), privateIgnore(meta.licence ?? null));
      if (!(await Deno.stat(paths.csv).then(() => true, () => false))) {
        await assertRejects(() => readOutcomeTable(name), /is private.*download its source/);
        continue;
      }
    }
    const t = await readOutcomeTable(name);
    ok(t.rows.length > 0 && t.meta.name === name, name);
  }
});

Deno.test("every committed self-play results file validates against its schema", async () => {
  const files = filesNamed(RESULTS, (n) => n === "selfplay.json");
  ok(files.length >= 1, "no selfplay.json");
  for (const f of files) {
    const r = checkRecord(SelfplayResults, JSON.parse(await Deno.readTextFile(f)), f, "stage-input");
    ok(r.positions.length === r.n_positions, f);
  }
});

Deno.test("every committed self-play design is its profile's: selfplay.json, games.jsonl and the summary pass the design check", async () => {
  // the profile of a design folder: its dataset's key with the folder's self-play tags (selfplay~pos60~games50…)
  const designs = filesNamed(RESULTS, (n) => n === "selfplay.json").map((f) => {
    const dir = relative(RESULTS, join(f, ".."));
    const [folder, sub] = dir.split("/");
    return designKey(folder, sub.slice("selfplay".length));
  });
  ok(designs.includes("quick") && designs.includes("quick~eval8000000~pos60~games50~move30000"), designs.join(", "));
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, RESULTS);
  try {
    for (const name of designs) {
      const profile = getProfile(name);
      const results = await readSelfplayResults(profile);
      ok(results, name);
      const games = await readGames(join(selfplayDir(profile), "games.jsonl"));
      assertEquals(designDifference(games!.header.config, profile), null, name);
      assertEquals((await readSummary(profile))?.profile, name);
    }
    // and the check is not empty: the quick design's games read as another design's are refused, naming the field
    assertEquals(
      designDifference(
        (await readGames(join(RESULTS, "quick", "selfplay", "games.jsonl")))!.header.config,
        getProfile("quick~games4"),
      ),
      "games per position 8, the profile's 4",
    );
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
  }
});

Deno.test("every committed games file, finished or still being played, checks sound: legal moves, true ends, seeds and openings as derived", async () => {
  const files = filesNamed(RESULTS, (n) => n === "games.jsonl");
  ok(files.length >= 3, files.join(", "));
  const shared: Record<string, number> = {};
  for (const f of files) {
    const games = (await readGames(f))!;
    const r = checkGames(games.header, (await readOpenings(join(f, "..", "openings.jsonl")))?.records, games.records);
    assertEquals(r.problems, [], f);
    assertEquals(r.sound, games.records.length, f);
    shared[relative(RESULTS, join(f, ".."))] = r.shared_opening_end;
  }
  // the design whose openings are distinct by moves only holds transpositions into one start; the method's budget's none
  ok(shared["quick~eval8000000/selfplay~pos60~games50~move30000"] > 0, JSON.stringify(shared));
  assertEquals(shared["quick~eval8000000/selfplay~pos60~games50~move300000"], 0);
});

Deno.test("every committed verify-reproduce record reads and validates through its reader", async () => {
  const files = filesNamed(RESULTS, (n) => n === "verify-reproduce.json");
  ok(files.length >= 1, "no verify-reproduce.json");
  for (const f of files) {
    const r = await readVerifyRecord(join(f, "..", "evals.jsonl"));
    ok(r && r.checks.length > 0, f);
  }
});

Deno.test("every committed reproduction record validates against its schema", async () => {
  const files = filesNamed(RESULTS, (n) => n === "reproduce.json");
  ok(files.length >= 1, "no reproduce.json");
  for (const f of files) {
    const r = checkRecord(ReproduceRecord, JSON.parse(await Deno.readTextFile(f)), f, "reproduce");
    ok(r.files.length > 0, f);
  }
  ok(await readReproduceRecord(getProfile("quick")), "results/quick/reproduce.json through its reader");
});

/** `evals.manifest.json` beside an evaluation file: a run manifest whose configuration is stage 1's. */
const EvalManifest = v.object({
  ...RunManifest.entries,
  kind: fileKind("mbi-evaluations-manifest"),
  schema: schemaVersion(EVAL_SCHEMA),
  config: EvalConfig,
});

Deno.test("every committed evaluation manifest validates against its schema", async () => {
  const files = filesNamed(RESULTS, (n) => n === "evals.manifest.json");
  ok(files.length >= 7, files.join(", "));
  for (const f of files) {
    const m = checkRecord(EvalManifest, JSON.parse(await Deno.readTextFile(f)), f, "dataset");
    ok(m.runs.length > 0, f);
  }
});

Deno.test("the committed partial.json of the method's run is what its positions give (recomputed at its prefix from the grown run file)", async () => {
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, RESULTS);
  try {
    const committed = await readMethodPartial();
    if (!committed) return; // no run here
    const again = await computeMethodPartial({ prefix: committed.done.prefix });
    const stable = (p: MethodPartial) => ({
      ...p,
      code: null,
      done: { ...p.done, in_file: null, beyond_prefix: null },
    });
    assertEquals(stable(again), stable(committed), "results/full/partial.json is stale: run deno task method-partial");
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
  }
});

Deno.test("the committed outcome study: its tables are the committed ones by SHA-256, and it recomputes where their values are here", async () => {
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, RESULTS);
  try {
    const study = await readStudy();
    if (!study) return;
    for (const t of study.tables) {
      const meta = JSON.parse(await Deno.readTextFile(outcomePaths(t.name).json));
      assertEquals(meta.source.sha256, t.source_sha256, `${t.name}: another source than the study's`);
    }
    // A private table's per-position values are only where it was built: elsewhere (a fresh clone) this stops here.
    const here = await Promise.all(
      study.tables.map((t) => Deno.stat(outcomePaths(t.name).csv).then(() => true, () => false)),
    );
    if (!here.every(Boolean)) return;
    const again = await computeStudy();
    assertEquals(
      { ...again, code: null },
      { ...study, code: null },
      "results/outcomes/study.json is stale: run deno task outcome-study",
    );
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
  }
});
