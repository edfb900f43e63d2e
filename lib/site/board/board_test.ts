import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import { chromiumAvailable, launchChromium } from "../layout.ts";
import { layoutProblems, measureLayout, VIEWPORTS } from "../layout.ts";
import { repoPath } from "../../core/mod.ts";
import { readJsonl } from "../../store/mod.ts";

const RESULTS = repoPath("results");

/** The FEN after playing UCI moves with chessops (independently of the page's code). */
function after(fen: string, moves: readonly string[]): string {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  for (const m of moves) pos.play(parseUci(m)!);
  return makeFen(pos.toSetup());
}

/** Every committed dataset page: `results/<folder>/site…/index.html`. */
function committedPages(): { folder: string; site: string }[] {
  const out: { folder: string; site: string }[] = [];
  for (const f of Deno.readDirSync(RESULTS)) {
    if (!f.isDirectory) continue;
    for (const s of Deno.readDirSync(join(RESULTS, f.name))) {
      if (!s.isDirectory || !/^site/.test(s.name)) continue;
      try {
        if (Deno.statSync(join(RESULTS, f.name, s.name, "index.html")).isFile) {
          out.push({ folder: f.name, site: s.name });
        }
      } catch { /* no page */ }
    }
  }
  return out.sort((a, b) => `${a.folder}/${a.site}`.localeCompare(`${b.folder}/${b.site}`));
}

Deno.test("the committed site in Chromium: the landing page leads to the best index; SP 518's PV steps on a chessground board; a self-play game of every design replays to its end; no network request; pages under 500 KB", async () => {
  const pages = committedPages();
  for (const p of pages) {
    const size = Deno.statSync(join(RESULTS, p.folder, p.site, "index.html")).size;
    ok(
      size < 500_000,
      `${p.folder}/${p.site}/index.html is ${size} bytes (the page without its board code must stay under 500 KB)`,
    );
    // every page has its bundled board beside it
    ok(Deno.statSync(join(RESULTS, p.folder, p.site, "board.js")).isFile, `${p.folder}/${p.site}/board.js`);
  }
  if (!chromiumAvailable()) return; // the browser part runs where Chromium is (CI installs it)
  const chromium = await launchChromium();
  try {
    const page = await chromium.browser.newPage();
    const network: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => {
      const u = r.url();
      if (!u.startsWith("file:") && !u.startsWith("data:")) network.push(u);
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

    // the landing page links every dataset page and names the best index first
    await page.goto(pathToFileURL(join(RESULTS, "index.html")).href);
    const linked = await page.$$eval("#pages a", (as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href")));
    assertEquals(linked, pages.map((p) => `${p.folder}/${p.site}/index.html`));
    const bestHref = await page.$eval("#best-index", (a) => (a as HTMLAnchorElement).getAttribute("href")!);
    const bestKey = bestHref.split("/")[0];
    await Promise.all([page.waitForNavigation(), page.click("#best-index")]);
    ok(page.url().endsWith(`/results/${bestKey}/site/index.html`), page.url());
    // the best index's page says it is, and links back
    ok((await page.$eval("#links", (e) => e.textContent ?? "")).includes("the best index here"));
    assertEquals(await page.$eval("#landing-link", (a) => a.getAttribute("href")), "../../index.html");

    // SP 518: the board, stepped three plies (two arrow keys and a button)
    await page.evaluate(() => (location.hash = "#sp=518"));
    await page.waitForSelector('html[data-board="518"] #d-board .cg-wrap');
    const rec = (await readJsonl<unknown, { sp: number; fen: string; pv: string[] }>(
      join(RESULTS, bestKey, "evals.jsonl"),
    ))!.records.find((r) => r.sp === 518)!;
    assertEquals(await page.$eval("#d-board", (e) => (e as HTMLElement).dataset.fen), rec.fen);
    ok((await page.$$("#d-board svg.cg-shapes line, #d-board svg.cg-shapes path")).length > 0, "the best move's arrow");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.click('#d-board button[data-go="next"]');
    const state = await page.$eval("#d-board", (e) => ({ ...(e as HTMLElement).dataset }));
    assertEquals(state.ply, "3");
    assertEquals(state.fen, after(rec.fen, rec.pv.slice(0, 3)));
    // the position across the ladder
    ok((await page.$$("#d-ladder svg")).length === 2, "value and MBI panels");

    // a game of every design each page replays (its own and those played on it), replayed to its end
    let replayed = 0;
    for (const p of pages) {
      const url = pathToFileURL(join(RESULTS, p.folder, p.site, "index.html")).href;
      await page.goto(url);
      const sets = await page.$eval("#mbi-board", (e) => JSON.parse(e.textContent!).games) as {
        id: string;
        count: Record<string, number>;
      }[];
      for (const [k, set] of sets.entries()) {
        const folder = set.id === "selfplay" ? p.site.replace(/^site/, "selfplay") : set.id;
        const content = await readJsonl<unknown, { sp: number; game: number; moves: string[] }>(
          join(RESULTS, p.folder, folder, "games.jsonl"),
        );
        const g = content!.records[0];
        assertEquals(set.count[String(g.sp)] > 0, true, `${p.folder}/${folder}: SP ${g.sp} offered`);
        const fen = (await readJsonl<unknown, { sp: number; fen: string }>(join(RESULTS, p.folder, "evals.jsonl")))!
          .records.find((r) => r.sp === g.sp)!.fen;
        await page.goto(`${url}#sp=${g.sp}`);
        const button = `#d-games button[data-set="${k}"][data-game="${g.game}"]`;
        await page.waitForSelector(button);
        await page.click(button);
        await page.keyboard.press("End");
        const end = await page.$eval("#d-board", (e) => ({ ...(e as HTMLElement).dataset }));
        assertEquals(end.line, `game-${set.id}-${g.game}`);
        assertEquals(end.ply, String(g.moves.length));
        assertEquals(end.fen, after(fen, g.moves));
        ok((await page.$$("#d-board .mbi-moves button.op")).length > 0, "the opening line is marked");
        replayed++;
      }
    }
    ok(replayed >= 2, `the quick dataset's games and the best index's design's games replay (${replayed} replayed)`);

    // from the landing page, one search reaches SP 518's board, at a desktop's and a phone's width; neither page
    // scrolls sideways nor squeezes a caption
    for (const v of VIEWPORTS) {
      await page.setViewport({ width: v.width, height: v.height });
      await page.goto(pathToFileURL(join(RESULTS, "index.html")).href);
      assertEquals(layoutProblems(await measureLayout(page)), [], `the landing page at ${v.width} px`);
      const top = await page.$$eval("ol.positions li a", (as) => as.slice(0, 1).map((a) => a.getAttribute("href")));
      ok(/#sp=\d+$/.test(top[0] ?? ""), `the most balanced position opens its view: ${top}`);
      await page.type("#q", "518");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      await page.waitForSelector('html[data-board="518"] #d-board .cg-wrap');
      ok(page.url().includes(`/results/${bestKey}/site/index.html`), page.url());
      await page.goto(pathToFileURL(join(RESULTS, bestKey, "site", "index.html")).href);
      assertEquals(layoutProblems(await measureLayout(page)), [], `the best index's page at ${v.width} px`);
      // the table is on the first screen, most balanced first
      const first = await page.$eval("#rows tr", (r) => ({ top: r.getBoundingClientRect().top, sp: r.textContent }));
      ok(first.top < v.height, `the table's first row at ${first.top} px of ${v.height}`);
    }

    // at phone width: no sideways scrolling; the per-position table names each dataset's engine and relation
    await page.setViewport({ width: 390, height: 800 });
    await page.goto(`${pathToFileURL(join(RESULTS, bestKey, "site", "index.html")).href}#sp=518`);
    await page.waitForSelector('html[data-board="518"] #d-board .cg-wrap');
    const phone = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      rows: [...document.querySelectorAll("#detail table th[scope=row] .small")].map((e) => e.textContent ?? ""),
    }));
    ok(phone.width <= 390, JSON.stringify(phone));
    ok(
      phone.rows.some((t) => t.includes("other engine")) && phone.rows.some((t) => t.includes("other budget")),
      JSON.stringify(phone.rows),
    );
    await page.goto(pathToFileURL(join(RESULTS, "index.html")).href);
    const landing = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      label: getComputedStyle(document.querySelector("#ladder td")!, "::before").content,
    }));
    ok(landing.width <= 390, JSON.stringify(landing));
    ok(landing.label.includes("depth reached"), JSON.stringify(landing));
    assertEquals(network, []);
    assertEquals(errors, []);
  } finally {
    await chromium.close();
  }
});
