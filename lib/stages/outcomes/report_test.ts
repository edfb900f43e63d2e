import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { repoPath } from "../../core/paths.ts";
import { getProfile } from "../../store/results_key.ts";
import { comparisonRows, externalValidation, findings, shippedTable } from "./report.ts";

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
    assertEquals(r.selfplay, null);
    const rows = comparisonRows(t.validation, r.selfplay);
    assertEquals(rows.map((x) => x.eval_vs_score?.rho), [t.validation.eval_vs_score.rho, 0.76]);
    const words = findings(t.validation, t.table.rows);
    ok(words.some((w) => w.includes("SP 518 has 1,280 games")), words.join("\n"));
    ok(
      words.some((w) =>
        w.includes(`reliability of a position's score is ${t.validation.reliability.reliability.toFixed(3)}`)
      ),
    );
    ok(await Deno.stat(join(root, "outcomes", "lichess-2020-human", "outcomes.json")));
  } finally {
    Deno.env.delete("MBI_RESULTS_DIR");
    await Deno.remove(root, { recursive: true });
  }
  assertEquals(shippedTable("data/lichess-human-by-setup.csv")?.name, "lichess-2020-human");
  assertEquals(shippedTable("/elsewhere/lichess-human-by-setup.csv"), undefined);
});
