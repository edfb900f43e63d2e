import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { METHOD_DISTRIBUTION, publishedNegativesText, runDistribution } from "./distribution.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { CI_POSITIONS } from "../method/mod.ts";
import { getProfile, RESULTS_ENV } from "../store/mod.ts";

Deno.test("stage 2 plot files say what they are inside the SVG: title, engine, budget, n, and the outlier beyond the axis", async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-distribution-" });
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, root);
  try {
    // eleven values 20..30 cp and one far outlier, like SP 258 at +203 cp on quick
    const values = Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, sp === 959 ? 203 : 20 + i]));
    await writeSyntheticDataset({ root, folder: "ci", values });
    await runDistribution(getProfile("ci"));
    const names = [...Deno.readDirSync(join(root, "ci", "plots"))].map((e) => e.name).sort();
    assertEquals(names, ["eval_depth.svg", "eval_histogram.svg", "eval_strip.svg", "eval_ties.svg"]);
    for (const name of names) {
      const svg = await Deno.readTextFile(join(root, "ci", "plots", name));
      const { document } = parseHTML(`<html><body>${svg}</body></html>`);
      const outer = document.querySelector("svg")!;
      const text = [...outer.children].filter((c) => c.tagName.toLowerCase() === "text").map((t) => t.textContent)
        .join(" ");
      for (const part of ["Stockfish 17.1 WASM", "20,000 nodes per position", "n = 12 positions"]) {
        ok(text.includes(part), `${name}: "${part}" missing from the visible text: ${text}`);
      }
      ok(!svg.includes('{"nodes"'), name);
      if (name !== "eval_ties.svg") ok(text.includes("SP 959 (+203 cp)"), `${name}: ${text}`);
    }
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the method's values below 0 read with the minus sign; the stored range keeps ASCII", () => {
  assertEquals(publishedNegativesText(METHOD_DISTRIBUTION), "4 (\u22122..\u22127 cp)");
  assertEquals(METHOD_DISTRIBUTION.negatives_range, "-2..-7"); // as the result files that carry it store it
});
