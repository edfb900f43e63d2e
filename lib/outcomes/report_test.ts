import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { repoPath } from "../core/mod.ts";
import { getProfile } from "../store/mod.ts";
import {
  comparisonRows,
  coverageSentences,
  externalValidation,
  shippedTable,
  tableReadRows,
  validationCoverage,
  validationFileRows,
} from "./report.ts";
import { acrossDatasets, findings } from "./findings.ts";
import type { OutcomeValidation } from "./validate.ts";

Deno.test("notebook 07's report: the shipped human table is built, validated in memory, and put in words", async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-report-" });
  await Deno.mkdir(join(root, "quick"));
  await Deno.copyFile(repoPath("results", "quick", "evals.jsonl"), join(root, "quick", "evals.jsonl"));
  Deno.env.set("MBI_RESULTS_DIR", root);
  try {
    const r = await externalValidation(getProfile("quick~boot200"));
    assertEquals(r.tables.map((t) => t.table.meta.name), ["lichess-2020-human"]);
    const t = r.tables[0];
    assertEquals([t.validation.positions, t.validation.games, t.validation.resamples], [960, 4_568_750, 200]);
    assertEquals(t.files, []); // nothing written but the table
    assertEquals(r.selfplay, []);
    const rows = comparisonRows([t.validation], r.selfplay);
    assertEquals(rows.map((x) => x.rho_eval_score), [t.validation.eval_vs_score.rho, 0.76]);
    assertEquals(rows[0].evaluations, `${t.validation.dataset.engine}, ${t.validation.dataset.budget}`);
    const [read] = tableReadRows(r.tables);
    const m = t.table.meta;
    assertEquals([read.table, read.read, read.kept, read.positions], [m.name, m.counts.read, m.counts.kept, 960]);
    assertEquals([read.games_min, read.games_max], [m.totals.games_per_position.min, m.totals.games_per_position.max]);
    assertEquals(read.left_out, "3,963 unknown result (the table's unknown column)");
    const words = findings(t.validation, t.table);
    ok(words.some((w) => w.includes("SP 518 has 1,280 games")), words.join("\n"));
    ok(
      words.some((w) =>
        w.includes(`reliability of a position's score is ${t.validation.reliability.reliability.toFixed(3)}`)
      ),
    );
    // the size of the effect, from the table: the true spread between positions in percentage points
    const between = Math.sqrt(t.validation.reliability.between_variance);
    ok(
      words.some((w) =>
        w.startsWith("How large the start position's effect is: White scores ") &&
        w.includes(`by about ±${(100 * between).toFixed(2)} percentage points (1 SD) once the counting noise`)
      ),
      words.join("\n"),
    );
    // the coverage: the one complete dataset, no validation file yet, and the command that adds it
    assertEquals(t.coverage, {
      complete: ["quick"],
      validated: [],
      missing: ["quick"],
      partial: [],
      without_dataset: [],
    });
    ok(await Deno.stat(join(root, "outcomes", "lichess-2020-human", "outcomes.json")));
  } finally {
    Deno.env.delete("MBI_RESULTS_DIR");
    await Deno.remove(root, { recursive: true });
  }
  assertEquals(shippedTable("data/lichess-human-by-setup.csv")?.name, "lichess-2020-human");
  assertEquals(shippedTable("/elsewhere/lichess-human-by-setup.csv"), undefined);
});

const validation = (
  key: string,
  eval_ci: [number, number],
  draw_ci: [number, number] | null,
  engine = "Stockfish 17.1",
  nodes = 125_000,
) =>
  ({
    dataset: { key, engine, limit: { nodes } },
    eval_vs_score: { rho: (eval_ci[0] + eval_ci[1]) / 2, ci95_percentile: eval_ci },
    mbi_vs_imbalance: { rho: -0.07, ci95_percentile: [-0.13, -0.01] },
    mbi_vs_draw_rate: draw_ci && { rho: (draw_ci[0] + draw_ci[1]) / 2, ci95_percentile: draw_ci },
  }) as unknown as OutcomeValidation;

Deno.test("acrossDatasets: overlapping intervals cannot tell datasets apart; non-overlapping pairs are named", () => {
  const files = [
    validation("quick", [0.006, 0.136], [0.066, 0.19], "Stockfish 17.1 WASM"),
    validation("quick@ethereal-12", [0.006, 0.132], [-0.08, 0.046], "Ethereal 12.00"),
    validation("quick~eval500000", [0.014, 0.144], [0.078, 0.204], "Stockfish 17.1", 500_000),
  ];
  const words = acrossDatasets(files);
  assertEquals(words.length, 3);
  ok(
    words[0].startsWith(
      "rho(start eval, White's score): from 0.069 (Ethereal 12.00 at 125,000 nodes per position) to 0.079 " +
        "(Stockfish 17.1 at 500,000 nodes per position)",
    ),
    words[0],
  );
  ok(words[0].includes("every 95% interval holds [0.014, 0.132]") && words[0].includes("does not tell"), words[0]);
  ok(words[2].includes("2 pairs of intervals do not overlap"), words[2]);
  ok(
    words[2].includes(
      "Stockfish 17.1 WASM at 125,000 nodes per position [0.066, 0.190] and Ethereal 12.00 at 125,000 nodes " +
        "per position [−0.080",
    ),
    words[2],
  );
  assertEquals(acrossDatasets(files.slice(0, 1)), []);
});

Deno.test("validation coverage names the complete datasets without a file, partial ones, and files without a dataset", () => {
  const c = validationCoverage(
    ["quick~eval2000000", "quick", "quick@sf18-wasm"],
    [
      { key: "quick~eval8000000", done: 105, planned: 960, snapshot: null },
      { key: "full", done: 90, planned: 960, snapshot: "results/full/partial.json" },
    ],
    [validation("quick", [0, 1], null), validation("quick@sf18-wasm", [0, 1], null), validation("old", [0, 1], null)],
  );
  assertEquals(c.validated, ["quick", "quick@sf18-wasm"]);
  assertEquals(c.missing, ["quick~eval2000000"]);
  assertEquals(c.without_dataset, ["old"]);
  const words = coverageSentences("lichess-2020-human", c).join(" ");
  ok(
    words.includes(
      "2 of the 3 complete datasets here have a validation file against lichess-2020-human (quick, quick@sf18-wasm).",
    ),
    words,
  );
  const all = validationCoverage(["quick"], [], [validation("quick", [0, 1], null)]);
  assertEquals(coverageSentences("t", all), ["Every complete dataset here (1) has a validation file against t."]);
  ok(words.includes("quick~eval2000000 (deno task validate --evals quick~eval2000000 --outcomes lichess-2020-human)"));
  ok(
    words.includes("full (90 of 960 positions in its published figures), quick~eval8000000 (105 of 960 positions)."),
    words,
  );
});

Deno.test("the comparison: a row per table, per self-play design of the dataset, with its reliability, then the published figure", () => {
  const read = (...p: string[]) => JSON.parse(Deno.readTextFileSync(repoPath("results", ...p)));
  const v = read("outcomes", "lichess-2020-human", "validation", "quick~eval8000000.json") as OutcomeValidation;
  const designs = ["summary~pos60~games50~move300000.json", "summary~pos60~games50~move30000.json"]
    .map((f) => read("quick~eval8000000", f));
  const rows = comparisonRows([v, v], designs);
  assertEquals(rows.map((r) => r.outcomes), [
    "lichess-2020-human (outcome table)",
    "lichess-2020-human (outcome table)",
    "self-play, 60 × 50 games at 300,000 nodes/move",
    "self-play, 60 × 50 games at 30,000 nodes/move",
    "published (the method's documents)",
  ]);
  assertEquals(
    [rows[2].rho_eval_score, rows[2].lo, rows[2].hi],
    [designs[0].eval_vs_score.rho, ...designs[0].eval_vs_score.ci95_percentile],
  );
  assertEquals([rows[3].reliability, rows[3].ceiling], [
    designs[1].reliability.reliability,
    designs[1].reliability.ceiling,
  ]);
  // in readers' words: the engine and budget, never a results key
  assertEquals(rows.slice(0, 4).map((r) => r.evaluations), [
    "Stockfish 17.1, 8,000,000 nodes per position",
    "Stockfish 17.1, 8,000,000 nodes per position",
    "Stockfish 17.1, 8,000,000 nodes per position",
    "Stockfish 17.1, 8,000,000 nodes per position",
  ]);
  assertEquals(rows.at(-1)!.rho_mbi_imbalance, null, "the method published no rho(MBI, |score − 0.5|)");
  assertEquals(comparisonRows([v], []).length, 2, "no self-play: the table and the published figure");
});

Deno.test("a correlation that is not defined: empty cells and why, in the row's note", () => {
  const v = JSON.parse(
    Deno.readTextFileSync(
      repoPath("results", "outcomes", "lichess-2020-human", "validation", "quick~eval8000000.json"),
    ),
  ) as OutcomeValidation;
  const flat = { ...v, mbi_vs_imbalance: { ...v.mbi_vs_imbalance, not_defined: "every position scored the same" } };
  const [row] = comparisonRows([flat], []);
  assertEquals([row.rho_mbi_imbalance, row.imbalance_lo, row.imbalance_hi], [null, null, null]);
  assertEquals(row.rho_eval_score, v.eval_vs_score.rho);
  ok(row.note?.endsWith(": every position scored the same"), String(row.note));
});

Deno.test("every validation file as a flat row: correlations with intervals, reliability and both verdicts in words", () => {
  const read = (k: string) =>
    JSON.parse(Deno.readTextFileSync(repoPath("results", "outcomes", "lichess-2020-human", "validation", `${k}.json`)));
  const [best, other] = [read("quick~eval8000000"), read("quick")] as OutcomeValidation[];
  const tables = [{ table: { meta: { name: "lichess-2020-human" } }, files: [best, other] }] as unknown as Parameters<
    typeof validationFileRows
  >[0];
  const rows = validationFileRows(tables, "quick~eval8000000");
  assertEquals(rows.map((r) => [r.dataset, r.best_index]), [["quick~eval8000000", true], ["quick", false]]);
  assertEquals([rows[0].rho_eval_score, rows[0].lo, rows[0].hi], [
    best.eval_vs_score.rho,
    ...best.eval_vs_score.ci95_percentile,
  ]);
  assertEquals(rows[0].reliability, best.reliability.reliability);
  // the 8M index's lower end lies within 0.01 of 0: the verdict says so, as on the pages
  ok(rows[0].validation.startsWith("not validated (borderline"), rows[0].validation);
});

Deno.test("a private table's findings give White's overall score from its totals: its rows are not shipped", () => {
  const read = (...p: string[]) =>
    JSON.parse(Deno.readTextFileSync(repoPath("results", "outcomes", "sf16-selfplay-20k", ...p)));
  const meta = read("outcomes.json"); // committed: aggregates only (White's score 0.54646875 over 19,200,000 games)
  const v = read("validation", "quick.json") as OutcomeValidation;
  const words = findings(v, { rows: [], meta });
  ok(words.some((w) => w.includes("White scores 54.65% over all games of the table")), words.join("\n"));
});
