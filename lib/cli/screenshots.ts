/**
 * `deno task screenshots`: the landing page and the best index's page in headless Chromium at a desktop's and a phone's
 * width: a PNG of each first screen, and what lays out badly (wider than the viewport, captions taller than their
 * table's first row), which exits 1.
 *
 * @module
 */

import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoPath } from "../core/mod.ts";
import { bestReferenceProfile } from "../analysis/mod.ts";
import { publishedPaths, resultsRoot } from "../store/mod.ts";
import {
  LANDING_PAGE,
  launchChromium,
  layoutProblems,
  measureLayout,
  requireChromium,
  VIEWPORTS,
} from "../site/mod.ts";
import { command, runCommand } from "./command.ts";
import { OUT_DIR } from "./options.ts";

/** The declaration of `deno task screenshots`. */
export const COMMAND = command({
  name: "screenshots",
  description:
    "the landing page and the best index's page at 1400 and 390 px in headless Chromium: PNGs and layout problems",
  options: { out: { ...OUT_DIR, help: "write the PNGs into this folder", defaultText: ".cache/screenshots" } },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  requireChromium();
  const out = values.out ?? repoPath(".cache", "screenshots");
  await Deno.mkdir(out, { recursive: true });
  const best = await bestReferenceProfile();
  const pages = [
    { name: "landing", path: join(resultsRoot(), LANDING_PAGE) },
    ...(best ? [{ name: "best-index", path: join(publishedPaths(best.profile).site, "index.html") }] : []),
  ];
  const chromium = await launchChromium();
  let bad = 0;
  try {
    for (const p of pages) {
      for (const v of VIEWPORTS) {
        const page = await chromium.browser.newPage();
        await page.setViewport({ width: v.width, height: v.height });
        await page.goto(pathToFileURL(p.path).href, { waitUntil: "load" });
        const file = join(out, `${p.name}-${v.width}.png`);
        await page.screenshot({ path: file });
        const report = await measureLayout(page);
        const problems = layoutProblems(report);
        bad += problems.length;
        console.log(`${p.name} at ${v.width} px (${v.name}): ${report.height} px tall; ${file}`);
        for (const x of problems) console.log(`  ${x}`);
        await page.close();
      }
    }
  } finally {
    await chromium.close();
  }
  if (bad) return 1;
});
