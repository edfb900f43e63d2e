/**
 * The board's part of a dataset's site (server side): the configuration the
 * page embeds (`#mbi-board`), the files beside the page — `board.js` (the
 * bundle) and one `games/sp-N.js` per self-play position (a classic script
 * handing its games to the board: scripts load from file://, fetch does not) —
 * and the page's small loader, which adds `board.js` when a position is opened.
 *
 * @module
 */

import { gamesPath, readGames } from "../../stages/selfplay/play.ts";
import { selfplayDir } from "../../store/results_key.ts";
import type { Profile } from "../../method/profiles.ts";
import type { SiteData } from "../data.ts";
import { BOARD_CREDITS, boardBundle } from "./bundle.ts";
import {
  BOARD_GLOBAL,
  type BoardConfig,
  type BoardGame,
  GAMES_CALLBACK,
  type LadderRung,
  POSITION_EVENT,
} from "./config.ts";

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

/** The self-play games of a profile by SP, when its stage-4 results exist (games in game order). */
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
  return `${GAMES_CALLBACK}(${sp},${JSON.stringify(games).replace(/</g, "\\u003c")});\n`;
}

/** The files the board adds to the site folder (relative path → text): the bundle and the games scripts. */
export async function boardFiles(games: ReadonlyMap<number, BoardGame[]>): Promise<[string, string][]> {
  return [
    [BOARD_SCRIPT, await boardBundle()],
    ...[...games].map(([sp, g]) => [gamesScriptPath(sp), gamesScript(sp, g)] as [string, string]),
  ];
}

/**
 * Runs in the page (inlined like the page's script, before it): when a
 * position's view is shown, adds `board.js` once (a classic script) and calls
 * its `open(sp)`; marks `mbi-board-start` for the benchmark. Uses nothing
 * outside itself; the names come in as arguments.
 */
export function boardLoader(globalName: string, eventName: string): void {
  const cfg = JSON.parse(document.getElementById("mbi-board")!.textContent!) as { script: string };
  let loading: Promise<void> | null = null;
  const load = () =>
    loading ??= new Promise<void>((resolve, reject) => {
      const s = document.createElement("script");
      s.src = cfg.script;
      s.onload = () => resolve();
      s.onerror = () => reject(new Error(`could not load ${cfg.script}`));
      document.head.append(s);
    });
  document.addEventListener(eventName, (e) => {
    const sp = (e as CustomEvent<number>).detail;
    performance.mark("mbi-board-start");
    load().then(() =>
      (globalThis as unknown as Record<string, { open(sp: number): Promise<void> }>)[globalName].open(sp)
    ).catch((err) => {
      const host = document.getElementById("d-board");
      const p = document.createElement("p");
      p.className = "small";
      p.textContent = `The board could not be loaded (${err}).`;
      host?.append(p);
    });
  });
}

/** The loader as the page's inline script. */
export function boardLoaderScript(): string {
  return `(${boardLoader.toString()})(${JSON.stringify(BOARD_GLOBAL)},${JSON.stringify(POSITION_EVENT)});`;
}
