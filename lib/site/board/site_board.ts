/**
 * The board's part of a dataset's site (server side): the configuration the
 * page embeds (`#mbi-board`), the files beside the page — `board.js` (the
 * bundle) and one `games/sp-N.js` per self-play position (a classic script
 * handing its games to the board: scripts load from file://, fetch does not).
 * The page's script adds `board.js` when a position is opened
 * (`page_script/board_loader.ts`).
 *
 * @module
 */

import { gamesPath, readGames } from "../../selfplay/mod.ts";
import { selfplayDir } from "../../store/mod.ts";
import { type Profile } from "../../method/mod.ts";
import type { SiteData } from "../data.ts";
import { jsonInScript } from "../../core/mod.ts";
import { siteBundles } from "../bundle.ts";
import { BOARD_CREDITS, type BoardConfig, type BoardGame, GAMES_CALLBACK, type LadderRung } from "./config.ts";

/** The bundle's name in the site folder. */
export const BOARD_SCRIPT = "board.js";

/** A position's games script, relative to the site folder. */
export const gamesScriptPath = (sp: number | string): string => `games/sp-${sp}.js`;

/** The rungs of the page's engine over its positions (this dataset and its other budgets), smallest first. */
export function ladderRungs(d: SiteData): LadderRung[] {
  const rungs: LadderRung[] = d.others.filter((o) => o.relation === "budget" && o.nodes !== null)
    .map((o) => ({ folder: o.folder, nodes: o.nodes!, label: o.limit, self: false }));
  if (d.nodes !== null) rungs.push({ folder: d.folder, nodes: d.nodes, label: d.limit, self: true });
  return rungs.sort((a, b) => a.nodes - b.nodes);
}

/**
 * The self-play games of a profile by SP, when its stage-4 results exist
 * (games in game order); the site has checked them first (their design the
 * profile's, the results made from them: see loadSelfplay).
 */
export async function readBoardGames(profile: Profile, d: SiteData): Promise<Map<number, BoardGame[]>> {
  const out = new Map<number, BoardGame[]>();
  if (!d.selfplay) return out;
  const content = await readGames(gamesPath(selfplayDir(profile)));
  for (const g of [...(content?.records ?? [])].sort((a, b) => a.sp - b.sp || a.game - b.game)) {
    const list = out.get(g.sp) ?? [];
    list.push({
      game: g.game,
      result: g.result,
      termination: g.termination,
      moves: g.moves.join(" "),
      opening: g.opening,
    });
    out.set(g.sp, list);
  }
  return out;
}

/** The configuration the page embeds for its board code. */
export function boardConfig(d: SiteData, games: ReadonlyMap<number, BoardGame[]>): BoardConfig {
  const sp = d.selfplay;
  return {
    script: BOARD_SCRIPT,
    games: sp && games.size
      ? {
        src: gamesScriptPath("{sp}"),
        count: Object.fromEntries([...games].map(([k, v]) => [String(k), v.length])),
        caption: `${sp.engine.uci_name}, ${
          sp.config.nodes_per_move.toLocaleString("en-US")
        } nodes per move; ${sp.n_positions} positions × ${sp.config.games} games`,
      }
      : null,
    ladder: ladderRungs(d),
    credits: BOARD_CREDITS,
  };
}

/** The text of a position's games script. */
export function gamesScript(sp: number, games: readonly BoardGame[]): string {
  return `${GAMES_CALLBACK}(${sp},${jsonInScript(games)});\n`;
}

/** The files the board adds to the site folder (relative path → text): the bundle and the games scripts. */
export async function boardFiles(games: ReadonlyMap<number, BoardGame[]>): Promise<[string, string][]> {
  return [
    [BOARD_SCRIPT, (await siteBundles()).board],
    ...[...games].map(([sp, g]) => [gamesScriptPath(sp), gamesScript(sp, g)] as [string, string]),
  ];
}
