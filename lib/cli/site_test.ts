import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { sha256File } from "../core/mod.ts";
import { tempDir, testRoot } from "../core/testing.ts";
import { CHROMIUM, CHROMIUM_INSTALL, chromiumAvailable, launchChromium, pvSan } from "../site/mod.ts";
import { filesUnder } from "../notebook/mod.ts";

// The ci profile's pipeline (its last step writes the site) in a temporary results root, then
// `deno task reproduce` on it, then the page in a real browser: Debian's chromium via puppeteer-core.
// Without chromium (outside CI) the browser part is skipped with a note, like the Jupyter tests.
const hasChromium = chromiumAvailable();
if (!hasChromium && !Deno.env.get("CI")) {
  console.error(`site test runs without the browser: no Chromium at ${CHROMIUM} (install: ${CHROMIUM_INSTALL})`);
}

const faketime = (() => {
  try {
    return new Deno.Command("faketime", { args: ["-f", "+0d", "true"] }).outputSync().success;
  } catch {
    return false;
  }
})();
if (!faketime && Deno.env.get("CI")) throw new Error("CI needs faketime (apt-get install faketime)");
if (!faketime) console.error("site test reproduces without moving the clock: faketime is not installed");

const hashes = (dir: string) =>
  Promise.all(filesUnder(dir, []).map(async (f) => `${relative(dir, f)} ${await sha256File(f)}`));

Deno.test("site and reproduce on ci: the page in a real browser (search, sort, a position against mbi.json), offline, no console error", async () => {
  const t = await testRoot("site-test");
  const dir = join(t.results, "ci");
  try {
    const pipeline = await t.cli("pipeline.ts", ["--profile", "ci", "--no-notebooks"]);
    assertEquals(pipeline.code, 0, pipeline.stderr);
    for (const f of ["DATASET.md", "site/index.html", "site/files/mbi.csv", "site/files/games.pgn"]) {
      ok((await Deno.stat(join(dir, f))).isFile, f);
    }

    // A rerun with nothing changed rewrites no file.
    const before = await hashes(dir);
    const mtimes = filesUnder(join(dir, "site"), []).map((f) => Deno.statSync(f).mtime?.getTime());
    const again = await t.cli("site.ts", ["--profile", "ci"]);
    assertEquals(again.code, 0, again.stderr);
    ok(again.stderr.includes("nothing changed"), again.stderr);
    assertEquals(await hashes(dir), before);
    assertEquals(filesUnder(join(dir, "site"), []).map((f) => Deno.statSync(f).mtime?.getTime()), mtimes);

    // A games file with an impossible result: the site refuses it, naming file and line (nothing published).
    const gamesPath = join(dir, "selfplay", "games.jsonl");
    const games = await Deno.readTextFile(gamesPath);
    const lines = games.trimEnd().split("\n");
    const g = JSON.parse(lines[2]);
    await Deno.writeTextFile(
      gamesPath,
      [...lines.slice(0, 2), JSON.stringify({ ...g, result: "2-0" }), ...lines.slice(3)].join("\n") + "\n",
    );
    const impossible = await t.cli("site.ts", ["--profile", "ci"]);
    assertEquals(impossible.code, 1, impossible.stderr);
    ok(/games\.jsonl line 3: result "2-0" is not 1-0, 0-1 or 1\/2-1\/2/.test(impossible.stderr), impossible.stderr);
    await Deno.writeTextFile(gamesPath, games);
    assertEquals(await hashes(dir), before, "nothing written");

    // Reproduce on a later day: recomputed from scratch with the clock moved two days ahead (libfaketime, Debian's
    // faketime; CI installs it), every file is identical, the report goes to the scratch folder and no file of the
    // results changes; then --record-report records that report, and the card and the page show it.
    const repro = faketime
      ? await t.cli("reproduce.ts", ["--profile", "ci"], {}, ["faketime", "-f", "+2d"])
      : await t.cli("reproduce.ts", ["--profile", "ci"]);
    assertEquals(repro.code, 0, repro.stderr + repro.stdout);
    assertEquals(await hashes(dir), before, "checking changed no result file");
    const reportPath = repro.stderr.match(/-> (\S+reproduce\.json)/)?.[1];
    ok(reportPath && !reportPath.startsWith(t.results), repro.stderr);
    const report = JSON.parse(await Deno.readTextFile(reportPath));
    // the clock really was moved: the report is dated two days ahead
    if (faketime) ok(Date.parse(report.date) - Date.now() > 1.9 * 86_400_000, report.date);
    const recorded = await t.cli("reproduce.ts", ["--profile", "ci", "--record-report", reportPath]);
    assertEquals(recorded.code, 0, recorded.stderr);
    await Deno.remove(join(reportPath, ".."), { recursive: true });
    const record = JSON.parse(await Deno.readTextFile(join(dir, "reproduce.json")));
    assertEquals(record, report);
    assertEquals(record.identical, true);
    assertEquals(record.files.length, 10);
    ok(record.files.every((f: { verdict: string }) => f.verdict === "identical"));
    for (const f of record.files) ok(repro.stdout.includes(`identical ${f.file}`), f.file);
    ok(repro.stdout.includes("identical selfplay/games.pgn"), repro.stdout);
    ok((await Deno.readTextFile(join(dir, "DATASET.md"))).includes("every file identical"));

    const table = JSON.parse(await Deno.readTextFile(join(dir, "mbi.json")));
    const evals = (await Deno.readTextFile(join(dir, "evals.jsonl"))).trim().split("\n").slice(1).map((l) =>
      JSON.parse(l)
    );
    const html = await Deno.readTextFile(join(dir, "site", "index.html"));
    ok(html.includes("deno task reproduce --profile ci") && html.includes("every file identical"));
    ok(!/<(script|link|img)[^>]+(src|href)=/.test(html), "the page loads no other file");
    if (!hasChromium) return;

    const shots = await tempDir("site-shots"); // removed when the run ends
    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage();
      await page.setViewport({ width: 1100, height: 900 });
      const siteUrl = pathToFileURL(join(dir, "site")).href + "/";
      const requests: string[] = [], problems: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warn") problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => problems.push(`pageerror: ${e}`));
      page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
      await page.goto(siteUrl + "index.html");
      await page.waitForSelector("html[data-ready]");
      const rowSps = () => page.$$eval("#rows tr td:first-child", (tds) => tds.map((td) => Number(td.textContent)));
      assertEquals((await rowSps()).length, 12);

      const search = async (text: string) => {
        await page.click("#q", { count: 3 });
        await page.keyboard.press("Backspace");
        await page.type("#q", text);
        return await rowSps();
      };
      assertEquals(await search("518"), [518]);
      assertEquals(await search("RNBQKBNR"), [518]);
      assertEquals(await search("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), [518]);
      ok((await page.$eval("#status", (e) => e.textContent ?? "")).startsWith("1 of 12 positions match"));
      assertEquals((await search("xyz")).length, 0);
      assertEquals((await search("")).length, 12);

      // The table opens most balanced first (MBI descending, ties by the smaller edge, then SP), as in mbi.json;
      // a click on MBI turns the order round.
      const byMbi = [...table.rows].sort((a, b) => b.mbi - a.mbi || a.edge_cp - b.edge_cp || a.sp - b.sp)
        .map((r: { sp: number }) => r.sp);
      assertEquals(await rowSps(), byMbi);
      assertEquals(await page.$eval('th[data-key="mbi"]', (e) => e.getAttribute("aria-sort")), "descending");
      await page.click('th[data-key="mbi"] button');
      assertEquals(await page.$eval('th[data-key="mbi"]', (e) => e.getAttribute("aria-sort")), "ascending");
      assertEquals((await rowSps())[0], byMbi[byMbi.length - 1]);
      await page.click('th[data-key="mbi"] button');
      const shownMbi = await page.$$eval(
        "#rows tr td:last-child",
        (tds) => tds.map((td) => Number.parseInt(td.textContent!)),
      );
      assertEquals(shownMbi, [...table.rows].map((r: { mbi: number }) => r.mbi).sort((a, b) => b - a));

      // Open a position with the keyboard: the first row's SP link, then Enter.
      const sp = byMbi[0];
      await page.focus(`a[href="#sp=${sp}"]`);
      await page.keyboard.press("Enter");
      await page.waitForSelector("#detail:not([hidden]) #d-mbi");
      const row = table.rows.find((r: { sp: number }) => r.sp === sp);
      const rec = evals.find((r: { sp: number }) => r.sp === sp);
      const shown = await page.evaluate(() => ({
        mbi: document.getElementById("d-mbi")!.textContent,
        rank: document.getElementById("d-rank")!.textContent,
        eval: document.getElementById("d-eval")!.textContent,
        edge: document.getElementById("d-edge")!.textContent,
        depth: document.getElementById("d-depth")!.textContent,
        pv: document.getElementById("d-pv")!.textContent,
        focused: document.activeElement?.id,
        title: document.getElementById("detail-title")!.textContent,
        // the drawn board, or the chessground board that replaces it once board.js has loaded
        board: document.querySelector("#d-board [aria-label]")?.getAttribute("aria-label"),
        tableHidden: document.getElementById("table-view")!.hidden,
        verify: document.querySelector("#detail pre code")?.textContent,
      }));
      assertEquals(Number.parseInt(shown.mbi!), row.mbi);
      assertEquals(shown.rank, `${row.rank} of 12`);
      const sign = row.eval_cp > 0 ? "+" : row.eval_cp < 0 ? "\u2212" : ""; // the minus sign people read
      assertEquals(shown.eval, `${sign}${Math.abs(row.eval_cp)} cp (White's view)`);
      assertEquals(shown.edge, `${row.edge_cp} cp`);
      assertEquals(Number(shown.depth), rec.depth);
      const san = pvSan(rec.fen, rec.pv);
      ok(san.length > 0);
      assertEquals(shown.pv!.split(" ").filter((t) => !/^\d+\.$/.test(t)), san);
      assertEquals(shown.focused, "detail-title");
      assertEquals(shown.title, `SP ${sp} · ${row.setup}`);
      ok(shown.board?.startsWith(`Start position SP ${sp}`));
      assertEquals(shown.tableHidden, true);
      assertEquals(shown.verify, `deno task verify-reproduce --sp ${sp} --profile ci`);
      await page.screenshot({ path: join(shots, `ci-sp${sp}.png`), fullPage: false });

      // Back to the table; on a phone-sized screen nothing is wider than the screen.
      await page.click('#detail a[href="#positions"]');
      await page.waitForSelector("#detail[hidden]");
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(siteUrl + "index.html#sp=518");
      await page.waitForSelector("#detail:not([hidden]) #d-mbi");
      assertEquals(await page.evaluate(() => document.documentElement.scrollWidth), 390);
      await page.screenshot({ path: join(shots, "ci-sp518-phone.png") });

      // Labels for screen readers: every form control and sort button has a name.
      const unlabelled = await page.$$eval(
        "input, select, textarea",
        (els) => els.filter((e) => !e.id || !document.querySelector(`label[for="${e.id}"]`)).map((e) => e.outerHTML),
      );
      assertEquals(unlabelled, []);

      assertEquals(problems, []);
      const outside = requests.filter((u) => !u.startsWith(siteUrl) && !u.startsWith("data:"));
      assertEquals(outside, []);
      ok(requests.includes(siteUrl + "index.html"), requests.join(" ")); // the listener saw the page itself
      ok((await Deno.stat(join(shots, `ci-sp${sp}.png`))).size > 10_000);
      console.error(`site test: screenshots in ${shots} (removed when the run ends)`);
    } finally {
      await chromium.close();
    }
  } finally {
    await Deno.remove(t.dir, { recursive: true });
  }
});
