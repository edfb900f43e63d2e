import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { fixedNonZero, num, pathExists, repoPath } from "../core/mod.ts";
import { computeLimitations } from "../report/mod.ts";
import { type DistributionSummary, type Summary } from "../analysis/mod.ts";
import { getProfile, publishedPaths, resolveDataset, summarisedDesigns } from "../store/mod.ts";
import { withResultsDir } from "../core/testing.ts";
import { collectSiteData } from "./data.ts";
import { datasetCard } from "./card.ts";

// What people read of the committed results, read only: every dataset card is the card the code makes from
// the files now (so it names only files the dataset has, with their current sizes and hashes), and the notebooks,
// the page and the card agree on every figure they share — the limitations, the distribution, the self-play
// correlations and the external validations. A stale publication fails here with the command that renews it.
const RESULTS = repoPath("results");
const published = [...Deno.readDirSync(RESULTS)].filter((e) =>
  e.isDirectory && pathExists(join(RESULTS, e.name, "DATASET.md"))
)
  .map((e) => e.name).sort();

/** Text of a rendered notebook's outputs (HTML and plain text), entities of the HTML undone. */
function notebookText(path: string): string {
  const nb = JSON.parse(Deno.readTextFileSync(path));
  const parts: string[] = [];
  for (const c of nb.cells) {
    for (const o of c.outputs ?? []) {
      for (const k of ["text/html", "text/plain"]) {
        const v = o.data?.[k];
        if (v) parts.push([v].flat().join(""));
      }
      if (o.text) parts.push([o.text].flat().join(""));
    }
  }
  return unescape(parts.join("\n"));
}

const unescape = (s: string) =>
  s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

/** Runs `f` with the results root at the repository's `results/`. */
const withRepoResults = <T>(f: () => Promise<T>): Promise<T> => withResultsDir(RESULTS, f);

Deno.test("the committed datasets with a card: quick and the best index at least", () => {
  ok(published.includes("quick"), published.join(", "));
  ok(published.length >= 2, published.join(", "));
});

for (const folder of published) {
  Deno.test(`${folder}: the card, the page and the notebooks say the same`, async () => {
    const fix = `deno task site --profile ${folder}${
      folder === "quick" ? " and deno task notebooks --profile quick" : ""
    }`;
    await withRepoResults(async () => {
      const profile = getProfile(folder);
      const dir = join(RESULTS, folder);
      const data = await collectSiteData(resolveDataset(profile));
      const card = Deno.readTextFileSync(join(dir, "DATASET.md"));
      assertEquals(card, datasetCard(data), `${folder}/DATASET.md is not the card of these files: run ${fix}`);
      const page = unescape(Deno.readTextFileSync(join(dir, "site", "index.html")));
      const notebooks = (name: string) => {
        const p = join(dir, "notebooks", `${name}.ipynb`);
        return pathExists(p) ? notebookText(p) : undefined;
      };
      const places: [string, string | undefined][] = [["page", page], ["card", card.replace(/\\([|~])/g, "$1")]];

      // the limitations: on the page, on the card and in notebooks 03 and 05, each the same sentence
      const limits = (await computeLimitations(profile)).map((l) => l.text);
      for (const nb of ["03_rank_and_mbi", "05_bootstrap_ci"]) places.push([`notebook ${nb}`, notebooks(nb)]);
      for (const [where, text] of places) {
        if (text === undefined) continue;
        const missing = limits.filter((l) => !text.includes(l));
        assertEquals(missing, [], `${where} of ${folder} lacks limitations as computed now (run ${fix})`);
      }

      // every other self-play design of the dataset: its notebook 05 states its limitations as computed now
      for (const design of summarisedDesigns(profile)) {
        const p = join(publishedPaths(design).notebooks, "05_bootstrap_ci.ipynb");
        if (!pathExists(p)) continue;
        const text = notebookText(p);
        const missing = (await computeLimitations(design)).map((l) => l.text).filter((l) => !text.includes(l));
        assertEquals(
          missing,
          [],
          `${p} lacks limitations as computed now (run deno task notebooks --profile ${design.name} 04 05)`,
        );
      }

      // the distribution: median, quartiles, range and negatives (notebook 02 prints whole numbers without ".0")
      const dist = JSON.parse(Deno.readTextFileSync(join(dir, "distribution.json"))) as DistributionSummary;
      const one = (v: number) => fixedNonZero(v, 1), nb02 = (v: number) => Number.isInteger(v) ? num(v) : one(v);
      const e = dist.eval;
      for (
        const [where, text, f] of [["page", page, one], ["card", card, one], [
          "notebook 02",
          notebooks("02_eval_distribution"),
          nb02,
        ]] as const
      ) {
        if (text === undefined) continue;
        for (const v of [e.median, e.quartiles[0], e.quartiles[1]]) {
          ok(text.includes(f(v)), `${where}: ${f(v)} (run ${fix})`);
        }
        const range = `${num(e.min)} .. ${num(e.max)}`; // the minus sign people read: −7
        ok(text.includes(range), `${where}: range ${range}`);
      }
      ok(card.includes(`${dist.negatives.count} below 0`) && page.includes(`${dist.negatives.count}`));

      // the self-play correlations: page and notebook 05, to 3 decimals
      const sumPath = join(dir, "summary.json");
      if (pathExists(sumPath)) {
        const s = JSON.parse(Deno.readTextFileSync(sumPath)) as Summary;
        for (const c of [s.eval_vs_score, s.mbi_vs_score, s.mbi_vs_imbalance]) {
          for (const v of [c.rho, ...c.ci95_percentile]) {
            ok(page.includes(fixedNonZero(v, 3)), `page: ${c.label} ${fixedNonZero(v, 3)}`);
            const t = notebooks("05_bootstrap_ci");
            if (t !== undefined && c !== s.mbi_vs_score) {
              // its sentences print 3 decimals with the minus sign people read; its frame, the data (4 decimals, "-")
              const forms = [fixedNonZero(v, 3), v.toFixed(4)];
              ok(forms.some((f) => t.includes(f)), `notebook 05: ${c.label} ${forms.join(" or ")}`);
            }
          }
        }
        ok(
          page.includes(s.verdict.validation) && notebooks("05_bootstrap_ci")?.includes(s.verdict.validation) !== false,
        );
      }

      // the external validations of this dataset: on the card (so on the page) and in notebook 07
      ok(data.validations.length > 0, `${folder}: no external validation on its card`);
      const nb07 = notebooks("07_external_validation");
      if (nb07 !== undefined) {
        ok(nb07.includes("(the best index here)"), `notebook 07 names the best index (run ${fix})`);
      }
      for (const v of data.validations) {
        const r = v.eval_vs_score;
        // figures as people read them: 3 decimals, a non-zero end that would round to 0 with its sign
        const f3 = (x: number) => fixedNonZero(x, 3);
        const c = `${f3(r.ci95_percentile[0])} .. ${f3(r.ci95_percentile[1])}`;
        ok(card.includes(`${f3(r.rho)} (${c})`), `card: ${v.table} ${f3(r.rho)} (${c})`);
        if (nb07 !== undefined) {
          const n = `${f3(r.rho)} [${f3(r.ci95_percentile[0])}, ${f3(r.ci95_percentile[1])}]`;
          ok(nb07.includes(n), `notebook 07: ${folder} against ${v.table} ${n}`);
        }
      }
    });
  });
}
