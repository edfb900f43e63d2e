/**
 * The board's part of a dataset's site (server side): the configuration the page embeds, `board.js`, and one games
 * script per self-play position and design (a classic script: scripts load from file://, fetch does not).
 *
 * @module
 */

import { basename } from "node:path";
import { gamesPath, readGames, type SelfplayResults } from "../selfplay/mod.ts";
import { getProfile, selfplayDir } from "../store/mod.ts";
import { type Profile } from "../method/mod.ts";
import type { SiteData } from "./data.ts";
import { int, jsonInScript } from "../core/mod.ts";
import { siteBundles } from "./bundle.ts";
import { BOARD_CREDITS, type BoardConfig, type BoardGame, GAMES_CALLBACK, type LadderRung } from "./board_config.ts";

/** The bundle's name in the site folder. */
export const BOARD_SCRIPT = "board.js";

/** A design's games script of a position, relative to the site folder (the profile's own design: `games/sp-N.js`). */
export const gamesScriptPath = (sp: number | string, design = "selfplay"): string =>
  design === "selfplay" ? `games/sp-${sp}.js` : `games/${design}/sp-${sp}.js`;

/** One design's games by SP in game order, its self-play folder's name and what the page says of them. */
export type DesignGames = Awaited<ReturnType<typeof readBoardGames>>[number];

/** The rungs of the page's engine over its positions (this dataset and its other budgets), smallest first. */
export function ladderRungs(d: SiteData): LadderRung[] {
  const rungs: LadderRung[] = d.others.filter((o) => o.relation === "budget" && o.nodes !== null)
    .map((o) => ({ folder: o.folder, nodes: o.nodes!, label: o.limit, self: false }));
  if (d.nodes !== null) rungs.push({ folder: d.folder, nodes: d.nodes, label: d.limit, self: true });
  return rungs.sort((a, b) => a.nodes - b.nodes);
}

/** The games of a games file by SP, in game order (empty when there is none). */
async function gamesBySp(dir: string): Promise<Map<number, BoardGame[]>> {
  const out = new Map<number, BoardGame[]>();
  const content = await readGames(gamesPath(dir));
  const records = [...(content?.records ?? [])].sort((a, b) => a.sp - b.sp || a.game - b.game);
  for (const { sp, game, result, termination, moves, opening } of records) {
    if (!out.has(sp)) out.set(sp, []);
    out.get(sp)!.push({ game, result, termination, moves: moves.join(" "), opening });
  }
  return out;
}

/** What a design's games are, in words: engine, nodes per move, positions × games. */
const gamesCaption = (sp: SelfplayResults) =>
  `${sp.engine.uci_name}, ${
    int(sp.config.nodes_per_move)
  } nodes per move; ${sp.n_positions} positions × ${sp.config.games} games`;

/** The self-play games the page replays: the profile's own design's and every summarised design's on it (checked). */
export async function readBoardGames(profile: Profile, d: SiteData) {
  const out = [];
  if (d.selfplay) {
    out.push({ id: "selfplay", caption: gamesCaption(d.selfplay), bySp: await gamesBySp(selfplayDir(profile)) });
  }
  for (const x of d.designs) {
    const bySp = await gamesBySp(selfplayDir(getProfile(x.profile)));
    out.push({ id: basename(x.selfplayFolder), caption: gamesCaption(x.selfplay), bySp });
  }
  return out.filter((g) => g.bySp.size > 0);
}

/** The configuration the page embeds for its board code. */
export const boardConfig = (d: SiteData, games: readonly DesignGames[]): BoardConfig => ({
  script: BOARD_SCRIPT,
  games: games.map((g) => ({
    id: g.id,
    src: gamesScriptPath("{sp}", g.id),
    count: Object.fromEntries([...g.bySp].map(([k, v]) => [String(k), v.length])),
    caption: g.caption,
  })),
  ladder: ladderRungs(d),
  credits: BOARD_CREDITS,
});

/** The text of a position's games script: `mbiGames(sp, games, design)`. */
export const gamesScript = (sp: number, games: readonly BoardGame[], design = "selfplay"): string =>
  `${GAMES_CALLBACK}(${sp},${jsonInScript(games)},${jsonInScript(design)});\n`;

/** The files the board adds to the site folder (relative path → text): the bundle and the games scripts. */
export const boardFiles = async (games: readonly DesignGames[]): Promise<[string, string][]> => [
  [BOARD_SCRIPT, (await siteBundles()).board],
  ...games.flatMap((d) =>
    [...d.bySp].map(([sp, g]) => [gamesScriptPath(sp, d.id), gamesScript(sp, g, d.id)] as [string, string])
  ),
];
