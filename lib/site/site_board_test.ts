import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { getProfile, publishedPaths, RESULTS_ENV, selfplayDir } from "../store/mod.ts";
import { repoPath } from "../core/mod.ts";
import type { SiteData } from "./data.ts";
import { boardConfig, gamesScript, gamesScriptPath, ladderRungs, readBoardGames } from "./site_board.ts";
import { pageLinks } from "./page.ts";

Deno.test("the board reads the games of a self-play folder with tags (selfplay~pos60~games50~move30000), in game order", async () => {
  const root = await Deno.makeTempDir({ prefix: "mbi-board-games-" });
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, root);
  try {
    const profile = getProfile("quick~eval8000000~pos60~games50~move30000");
    const dir = selfplayDir(profile);
    assertEquals(dir, join(root, "quick~eval8000000", "selfplay~pos60~games50~move30000"));
    await Deno.mkdir(dir, { recursive: true });
    // A real header (the committed design's), with two positions of its own, so the reader's checks hold.
    const committed = repoPath("results", "quick~eval8000000", "selfplay~pos60~games50~move30000", "games.jsonl");
    const real = JSON.parse((await Deno.readTextFile(committed)).split("\n")[0]);
    const header = { ...real, config: { ...real.config, positions: [518, 7], games: 50 } };
    const game = (sp: number, n: number, moves: string[]) => ({
      sp,
      game: n,
      seed: "0",
      result: "1/2-1/2",
      termination: "adjudication: draw",
      plies: moves.length,
      moves,
      opening: { index: 1, plies: 2 },
      info: [],
      wall_ms: 0,
      search_ms: 0,
    });
    await Deno.writeTextFile(
      join(dir, "games.jsonl"),
      [header, game(518, 2, ["e2e4", "e7e5", "g1f3"]), game(7, 1, ["d2d4"]), game(518, 1, ["d2d4", "d7d5"])]
        .map((x) => JSON.stringify(x)).join("\n") + "\n",
    );
    const selfplay = {
      engine: { uci_name: "Stockfish 17.1" },
      config: { nodes_per_move: 30000, games: 50 },
      n_positions: 60,
    };
    const d = {
      selfplay,
      designs: [],
      others: [],
      nodes: 8_000_000,
      folder: "quick~eval8000000",
      limit: "8,000,000 nodes",
    } as unknown as SiteData;
    const [own] = await readBoardGames(profile, d);
    assertEquals([own.id, [...own.bySp.keys()]], ["selfplay", [7, 518]]);
    assertEquals(own.bySp.get(518)!.map((g) => [g.game, g.moves]), [[1, "d2d4 d7d5"], [2, "e2e4 e7e5 g1f3"]]);
    const cfg = boardConfig(d, [own]);
    assertEquals(cfg.games.map((g) => [g.id, g.src, g.count]), [["selfplay", "games/sp-{sp}.js", {
      "7": 1,
      "518": 2,
    }]]);
    assertEquals(gamesScriptPath(518), "games/sp-518.js");
    ok(gamesScript(518, own.bySp.get(518)!).startsWith('mbiGames(518,[{"game":1,'));
    // the same games as a design played on the 8M index: the index's page replays them from their own folder
    const onIndex = {
      ...d,
      selfplay: undefined,
      designs: [{ profile: profile.name, selfplayFolder: "selfplay~pos60~games50~move30000", selfplay }],
    } as unknown as SiteData;
    const [design] = await readBoardGames(getProfile("quick~eval8000000"), onIndex);
    assertEquals(boardConfig(onIndex, [design]).games.map((g) => [g.id, g.src]), [[
      "selfplay~pos60~games50~move30000",
      "games/selfplay~pos60~games50~move30000/sp-{sp}.js",
    ]]);
    ok(gamesScript(7, design.bySp.get(7)!, design.id).endsWith(',"selfplay~pos60~games50~move30000");\n'));
    // without stage-4 results (a run in progress) the page offers no games
    assertEquals((await readBoardGames(profile, { ...d, selfplay: undefined })).length, 0);
    // the page's links: its site folder carries the tags; the landing page is two folders up
    assertEquals(publishedPaths(profile).site, join(root, "quick~eval8000000", "site~pos60~games50~move30000"));
    const links = pageLinks(profile, { profile: getProfile("quick~eval8000000"), nodes: 8_000_000 });
    assertEquals(links.landing, "../../index.html");
    assertEquals(links.best?.href, "../site/index.html");
    assertEquals(links.best?.self, false);
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the ladder of a position: this dataset and its other budgets, smallest first; other engines left out", () => {
  const d = {
    folder: "quick~eval2000000",
    limit: "2,000,000 nodes",
    nodes: 2_000_000,
    others: [
      { folder: "quick~eval8000000", limit: "8,000,000 nodes", nodes: 8_000_000, relation: "budget" },
      { folder: "quick@ethereal-12", limit: "depth 14", nodes: null, relation: "engine" },
      { folder: "quick", limit: "125,000 nodes", nodes: 125_000, relation: "budget" },
    ],
  } as unknown as SiteData;
  assertEquals(ladderRungs(d).map((r) => [r.folder, r.self]), [
    ["quick", false],
    ["quick~eval2000000", true],
    ["quick~eval8000000", false],
  ]);
});
