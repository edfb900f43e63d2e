import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createHash } from "node:crypto";
import { repoPath } from "../core/mod.ts";
import { drawDataset, drawPosition } from "../analysis/mod.ts";
import { withResultsDir } from "../core/testing.ts";
import { chromiumAvailable, launchChromium } from "./layout.ts";
import { drawView, readInput } from "./draw_script/view.ts";
import { collectLanding } from "./landing_data.ts";
import { drawData } from "./landing_answer.ts";

// The landing page's draw against `deno task draw`'s (drawPosition): the same inputs, the same position.

const RESULTS = repoPath("results");

/** Runs `f` with the results root at the repository's `results/`. */
const withRepoResults = <T>(f: () => Promise<T>): Promise<T> => withResultsDir(RESULTS, f);

const cases = Array.from({ length: 40 }, (_, i) => ({
  seed: `Test Open ${2026 + (i % 3)}, round ${i + 1}, value ${i * 7919}`,
  min: i % 4 === 0 ? "" : String(80 + (i % 20)),
  edge: i % 4 === 0 ? String(9 + i) : "",
  exclude: i % 5 === 0 ? "518, 534, RNBQKBNR" : "",
}));

Deno.test("the page's draw code gives the CLI's position for the same inputs (40 seeds, conditions, exclusions)", async () => {
  await withRepoResults(async () => {
    const landing = await collectLanding();
    const data = drawData(landing.best!);
    const dataset = await drawDataset();
    assertEquals(data.key, dataset.key);
    for (const c of cases) {
      const input = readInput(data, { seed: c.seed, minMbi: c.min, maxEdge: c.edge, exclude: c.exclude });
      if (typeof input === "string") throw new Error(input);
      const view = drawView(data, input, new Uint8Array(createHash("sha256").update(c.seed, "utf8").digest()));
      const cli = await drawPosition({ seed: c.seed, condition: input.condition, exclude: input.exclude, dataset });
      assertEquals(view.sp, cli.record.sp, c.seed);
    }
  });
});

Deno.test("the committed landing page's draw in Chromium: the CLI's position for the same inputs, offline", async () => {
  if (!chromiumAvailable()) return; // the browser part runs where Chromium is (CI installs it)
  const dataset = await withRepoResults(() => drawDataset());
  const chromium = await launchChromium();
  try {
    const page = await chromium.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("request", (r) => {
      if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) errors.push(`request ${r.url()}`);
    });
    await page.goto(`file://${RESULTS}/index.html`);
    for (const c of cases.slice(0, 12)) {
      const shown = await page.evaluate(async (c) => {
        const set = (name: string, v: string) => {
          (document.querySelector(`#draw [name=${name}]`) as HTMLInputElement).value = v;
        };
        set("seed", c.seed);
        set("min", c.min);
        set("edge", c.edge);
        set("exclude", c.exclude);
        document.getElementById("draw-out")!.innerHTML = "";
        (document.querySelector("#draw button[type=submit]") as HTMLButtonElement).click();
        for (let i = 0; i < 100 && !document.getElementById("draw-sp"); i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
        return document.getElementById("draw-sp")?.textContent ?? document.getElementById("draw-out")!.textContent;
      }, c);
      const input = readInput({ key: "", index: "", positions: [] }, {
        seed: c.seed,
        minMbi: c.min,
        maxEdge: c.edge,
        exclude: c.exclude.replace(/RNBQKBNR/, ""),
      });
      if (typeof input === "string") throw new Error(input);
      const cli = await drawPosition({ seed: c.seed, condition: input.condition, exclude: input.exclude, dataset });
      assertEquals(shown, `SP ${cli.record.sp} ${cli.record.setup}`, c.seed);
    }
    ok(errors.length === 0, errors.join("; "));
  } finally {
    await chromium.close();
  }
});
