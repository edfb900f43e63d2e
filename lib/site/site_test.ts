import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { pathExists, sha256Text } from "../core/mod.ts";
import { inTempRoot } from "../core/testing.ts";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSite } from "./site.ts";
import { pvSan } from "./data.ts";
import { getProfile, MBI_CSV_COLUMNS, RESULTS_ENV, writeMbiTable } from "../store/mod.ts";
import { EVALS_CSV_COLUMNS } from "../evaluation/mod.ts";
import { chromiumAvailable, launchChromium } from "./layout.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { CI_POSITIONS } from "../method/mod.ts";

Deno.test("pvSan: the PV in SAN from the start FEN (Chess960 castling as king takes rook); an illegal move gives none", () => {
  const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
  assertEquals(pvSan(fen, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1h1"]), [
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bc4",
    "Nf6",
    "O-O",
  ]);
  assertEquals(pvSan(fen, ["e2e5"]), []);
});

Deno.test("site without self-play: MBI intervals and outcome tables when present, card and page from the same data, reruns write nothing, stale files go", async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-site-unit-" });
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, root);
  try {
    await writeSyntheticDataset({
      root,
      folder: "ci",
      values: Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, 5 + 3 * i])),
    });
    // Fields other work adds: a per-position interval and its table-level description.
    const tablePath = join(root, "ci", "mbi.json");
    const table = JSON.parse(await Deno.readTextFile(tablePath));
    table.uncertainty = { definition: "range over the last 3 completed iterations", iterations: 3 };
    for (const r of table.rows) Object.assign(r, { mbi_lo: Math.max(0, r.mbi - 9), mbi_hi: Math.min(100, r.mbi + 4) });
    await writeMbiTable(join(root, "ci"), table); // with its views: a table edited alone would be a mixed set
    await Deno.mkdir(join(root, "outcomes", "humans"), { recursive: true });
    await Deno.writeTextFile(
      join(root, "outcomes", "humans", "outcomes.csv"),
      "sp,games,white_wins,draws,black_wins,white_score,mean_elo,other\n518,1000,420,200,380,0.52,,x\n0,10,5,0,5,0.5,,y\n",
    );
    await Deno.writeTextFile(
      join(root, "outcomes", "humans", "outcomes.json"),
      JSON.stringify({ description: "test games" }),
    );

    const profile = getProfile("ci");
    const first = await buildSite(profile);
    ok(first.written.includes("DATASET.md") && first.written.includes("site/index.html"));
    const card = await Deno.readTextFile(join(root, "ci", "DATASET.md"));
    ok(
      card.includes(
        "| `mbi_lo`, `mbi_hi` | the position's MBI settling range: range over the last 3 completed iterations |",
      ),
    );
    ok(
      card.includes(
        "Each position's MBI carries a settling range: median width 13 points, 0% of positions wider than 20 points. " +
          "It is range over the last 3 completed iterations.",
      ),
    );
    ok(card.includes("20,000 nodes per position (the method: 400,000,000)"));
    // every column of the files' writers is described (the lists come from the code, so they cannot go stale)
    for (const c of [...MBI_CSV_COLUMNS, ...EVALS_CSV_COLUMNS]) ok(card.includes(`\`${c}\``), c);
    ok(card.includes("| `mbi.csv` | the index: sp, setup, fen, eval_cp, edge_cp, rank, mbi, mbi_lo, mbi_hi (CSV) |"));
    // the card names only what the dataset holds: no self-play file, field, stage or command without self-play
    for (const f of ["duplicate_games", "opening_plies", "distinct_games", "shortfall", "games.pgn", "summary.json"]) {
      ok(!card.includes(f), f);
    }
    for (const f of ["selfplay/", "deno task selfplay", "deno task stats", "Stage 4", "Stage 5"]) {
      ok(!card.includes(f), f);
    }
    ok(card.includes("have not been run for this dataset: it holds stages 1–3 only"), "says what is missing");
    ok(card.includes("- `evals.jsonl`: stage 1 with the raw engine lines"), "the files it has");
    ok(!card.includes("evals.manifest.json"), "the synthetic dataset has no manifest");
    ok(!card.includes("Self-play:"), "no self-play statement without self-play results");
    // the distribution figures, computed for this dataset (stage 2 run by the site when missing)
    ok(
      /Engine values of the 12 positions \(`distribution.json`\): median 21.5 cp, quartiles [\d.]+ \.\. [\d.]+ cp, range 5 \.\. 38 cp; 0 below 0/
        .test(card),
      card,
    );
    ok(card.includes("How often it holds a larger budget's MBI is not checked for this dataset"));
    ok(card.includes("No external validation of this dataset is recorded"));
    ok(
      card.includes(
        "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/), the licence the method gives its index",
      ) && card.includes("GPL-3.0") && card.includes("`LICENSE`"),
    );
    const html = await Deno.readTextFile(first.index);
    ok(
      html.includes(card.split("\n")[0].replace(/^# /, "").replace(/`ci`/, "<code>ci</code>")),
      "the card is on the page",
    );
    ok(html.includes("No self-play statistics in this dataset."));
    // a position counted far below the others carries the note in its own view only (the human table's SP 518:
    // 1,280 games, median 4,761), not every position's caption
    const data = JSON.parse(/<script type="application\/json" id="mbi-data">(.*?)<\/script>/s.exec(html)![1]);
    assertEquals(data.outcomes[0].thin, {
      "0": "counted far below the others: 10 games against a median of 1,000; the table does not say why",
    });
    ok(!data.outcomes[0].description.includes("Unevenly counted"), "not in the table's description");
    assertEquals(await Deno.readTextFile(join(first.dir, "files", "DATASET.md")), card);

    const stale = join(first.dir, "files", "old.csv");
    await Deno.writeTextFile(stale, "x\n");
    const second = await buildSite(profile);
    assertEquals(second.written, []);
    assertEquals(second.removed, ["site/files/old.csv"]);

    if (!chromiumAvailable()) return; // the browser part runs where Chromium is (CI installs it)
    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(pathToFileURL(first.index).href + "#sp=518");
      await page.waitForSelector("#detail:not([hidden]) #d-mbi");
      const row = table.rows.find((r: { sp: number }) => r.sp === 518);
      assertEquals(
        await page.$eval("#d-mbi", (e) => e.textContent),
        `${row.mbi} [${row.mbi_lo}–${row.mbi_hi}]`,
      );
      const outcome = await page.$$eval(
        "#detail table",
        (ts) => ts.map((t) => t.textContent ?? "").find((t) => t.includes("test games")),
      );
      const text = outcome ?? "";
      ok(text.includes("test games") && text.includes("games1,000") && text.includes("0.520"), text);
      ok(!text.includes("other"), "only the known outcome columns");
      ok(!text.includes("mean_elo"), "a column left empty in every row is not shown");
      // one position's view repeats the short banner (the page's banner is off-screen there)
      const banner = await page.$eval("#detail .banner", (e) => e.textContent ?? "");
      assertEquals(
        banner,
        "Not the method's results (the method searches 400,000,000 nodes per position): cite with engine, " +
          "fingerprint and budget.",
      );
      const top = await page.$eval("header .banner", (e) => e.textContent ?? "");
      ok(top.startsWith(banner), `the page's own caveat, said again: ${top}`);
      // the MBI interval is explained where it is shown
      const legend = await page.$eval("#mbi-legend", (e) => e.textContent ?? "");
      ok(legend.includes("not a confidence interval") && legend.includes("last 3 completed iterations"), legend);
      // on a phone (390 px) the table needs no sideways scrolling: SP, back rank, eval and MBI [lo–hi] fit
      await page.setViewport({ width: 390, height: 800 });
      await page.goto(pathToFileURL(first.index).href);
      await page.waitForSelector("#rows tr");
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        table: document.getElementById("table")!.getBoundingClientRect().right,
        mbi: document.querySelector("#rows tr td:nth-child(6)")!.textContent,
      }));
      ok(fit.page <= 390 && fit.table <= 390, JSON.stringify(fit));
      ok(/\[\d+–\d+\]/.test(fit.mbi ?? ""), JSON.stringify(fit));
      assertEquals(errors, []);
    } finally {
      await chromium.close();
    }
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a half-replaced outcome table (a new outcomes.csv beside the old outcomes.json) is refused by the site, by name", async () => {
  await inTempRoot(async (root) => {
    await writeSyntheticDataset({
      root,
      folder: "ci",
      values: Object.fromEntries(CI_POSITIONS.map((sp) => [sp, sp % 40])),
    });
    const dir = join(root, "outcomes", "t");
    await Deno.mkdir(dir, { recursive: true });
    const old = "sp,games,white_wins,draws,black_wins,white_score\n518,10,5,0,5,0.5\n";
    await Deno.writeTextFile(join(dir, "outcomes.csv"), old);
    await Deno.writeTextFile(
      join(dir, "outcomes.json"),
      JSON.stringify({
        kind: "mbi-outcomes",
        description: "old",
        files: [{ name: "outcomes.csv", sha256: sha256Text(old) }],
      }),
    );
    await buildSite(getProfile("ci")); // the whole old set: published
    // A kill after the CSV of a rebuild was written, before its JSON.
    await Deno.writeTextFile(join(dir, "outcomes.csv"), old.replace("10,5,0,5", "20,5,10,5"));
    let message = "";
    await buildSite(getProfile("ci")).catch((e) => message = e.message);
    ok(/outcomes\/t\/outcomes\.csv is not the file outcomes\.json names .*: rebuild the table/.test(message), message);
  }, "mbi-site-mixed-");
});

Deno.test("a site of a profile with no dataset says which file is missing and how to compute it, and writes nothing", async () => {
  await inTempRoot(async (root) => {
    await rejects(
      buildSite(getProfile("ci~eval9")),
      (e: Error & { code?: string }) =>
        e.code === "dataset" &&
        e.message === `no stage-1 dataset at ${join(root, "ci~eval9", "evals.jsonl")}: ` +
            "run deno task eval-all --profile ci~eval9",
    );
    ok(!pathExists(join(root, "ci~eval9")), "no folder made for it");
  });
});
