/**
 * `deno task bench-site`: builds the profile's site (nothing recomputed; unchanged files untouched) and measures its
 * build, the page's size and the time until its table is usable in headless Chromium.
 *
 * @module
 */

import { median } from "simple-statistics";
import { relative } from "node:path";
import { benchSite, buildSite, compareSites, requireChromium } from "../site/mod.ts";
import { getProfile, profileDir, resultsRoot } from "../store/mod.ts";
import { command, runCommand, userPath, valueOf, whole } from "./command.ts";
import { PROFILE } from "./options.ts";

/** The declaration of `deno task bench-site`. */
export const COMMAND = command({
  name: "bench-site",
  description:
    "the site's build time, its page size and the time until its table is usable in headless Chromium, and the landing page's",
  details: ["builds the profile's site first (nothing recomputed; unchanged files untouched)"],
  options: {
    profile: PROFILE,
    runs: whole("N", "page loads to take the median of", { default: 5 }),
    against: valueOf(
      "DIR",
      "also measure the same pages under this other results root (e.g. an older commit's results/, from git archive), interleaved, and print both",
      userPath,
    ),
  },
});

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

await runCommand(import.meta, COMMAND, async ({ values }) => {
  requireChromium();
  const profile = getProfile(values.profile);
  const site = await buildSite(profile, console.error);
  // the build again, nothing to write: the time to read, check and render every file of the page
  const builds: number[] = [];
  for (let i = 0; i < Math.min(3, values.runs); i++) {
    const t0 = performance.now();
    await buildSite(profile);
    builds.push(performance.now() - t0);
  }
  const b = await benchSite(site.dir, values.runs, site.landing.path);
  const seconds = (x: number) => (x / 1000).toFixed(1);
  const build = `${seconds(median(builds))} s (runs ${builds.map(seconds).join(" ")})`;
  const lines = [
    `site of ${profile.name}: ${b.page}`,
    `  rows in the table:             ${b.rows}`,
    `  build with nothing to write (read, check, render; median of ${builds.length}): ${build}`,
    `  page (index.html, all it loads): ${kb(b.pageBytes)} (${kb(b.pageGzipBytes)} gzipped); ` +
    `downloads ${kb(b.downloadBytes)}`,
    `  table usable after (median of ${b.runs}): ${b.readyMs.toFixed(0)} ms from navigation start (page mark), ` +
    `${b.wallMs.toFixed(0)} ms wall from goto`,
    `  search "RNBQKBNR" redraw (median): ${b.searchMs.toFixed(1)} ms`,
    `  board (board.js ${kb(b.boardBytes)}, loaded when a position is opened): ` +
    `drawn ${b.boardMs.toFixed(0)} ms after the position is opened (median)`,
  ];
  if (b.landing) {
    const l = b.landing;
    lines.push(
      `  landing page ${l.page}: ${kb(l.bytes)} (${kb(l.gzipBytes)} gzipped); usable (load event) ` +
        `${l.loadMs.toFixed(0)} ms from navigation start (median; runs ${l.all.map((x) => x.toFixed(0)).join(" ")})`,
    );
  }
  const runs = b.all.map((r) => r.map((x) => x.toFixed(0)).join("/")).join("  ");
  lines.push(`  runs [ready, wall, search, board] ms: ${runs}`);
  for (const l of lines) console.log(l);
  if (values.against) {
    const folder = relative(resultsRoot(), profileDir(profile));
    const rows = await compareSites([values.against, resultsRoot()], folder, 4, values.runs);
    console.log(`the same pages under two results roots, 4 interleaved rounds of ${values.runs} loads (medians):`);
    for (const r of rows) {
      console.log(
        `  ${r.root}: page ${kb(r.pageBytes)}; table usable ${r.readyMs.toFixed(0)} ms ` +
          `(wall ${r.wallMs.toFixed(0)}); search ${r.searchMs.toFixed(1)} ms; ` +
          `board ${r.boardMs.toFixed(0)} ms; landing ${r.landingMs.toFixed(0)} ms`,
      );
    }
  }
});
