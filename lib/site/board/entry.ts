/**
 * The board code of the page (`board.js`, added when a position is opened): `MbiBoard.open(sp)` puts the start position
 * on a chessground board with the PV to step through, the position across the ladder, and each design's games of it.
 *
 * @module
 */

import baseCss from "chessground/assets/chessground.base.css" with { type: "text" };
import brownCss from "chessground/assets/chessground.brown.css" with { type: "text" };
import piecesCss from "chessground/assets/chessground.cburnett.css" with { type: "text" };
import { joinHtml, markup } from "../../core/html.ts";
import { COL, type PageData, readPageData } from "../page_script/data.ts";
import { numbered } from "../page_script/position.ts";
import { setupToFen } from "../../method/start_fen.ts";
import { BOARD_GLOBAL, type BoardConfig, type BoardGame, GAMES_CALLBACK, type GameSet } from "../board_config.ts";
import { ladderFigure, type RungPoint } from "./ladder_figure.ts";
import { playLine } from "./line.ts";
import { LineViewer } from "./viewer.ts";

/** The board code's styles beside chessground's: its colours are the page's palette properties (lib/site/style.ts). */
const BOARD_STYLE = `
.mbi-viewer{flex:0 1 340px;min-width:0;max-width:100%}
.mbi-cg{width:min(340px,calc(100vw - 2rem));aspect-ratio:1/1;height:auto}
.mbi-cg .cg-wrap,.mbi-cg.cg-wrap{width:100%;height:100%}
.mbi-ctl{display:flex;gap:.3rem;align-items:center;flex-wrap:wrap;margin:.4rem 0}
.mbi-ctl button,.mbi-games button{font:inherit;min-width:2.6rem;min-height:2.2rem;border:1px solid var(--reference);border-radius:4px;background:var(--alternate);cursor:pointer}
.mbi-at{color:var(--muted);font-size:.875rem}
.sr{position:absolute;left:-9999px}
.mbi-title{margin:.3rem 0;font-weight:600}
.mbi-moves{line-height:1.9}
.mbi-moves button{font:inherit;border:0;background:none;padding:0 .15rem;cursor:pointer;color:var(--link)}
.mbi-moves button.op{background:var(--warning);outline:1px solid var(--warning-edge)}
.mbi-moves button.cur{background:var(--link);color:var(--background);border-radius:3px}
.mbi-ladder{display:flex;flex-wrap:wrap;gap:.5rem}.mbi-ladder svg{max-width:100%;height:auto}
.mbi-ladder .v{font-size:10px;fill:var(--strong)}
`;

type Loaded = { data: PageData; cfg: BoardConfig };

let loaded: Loaded | null = null;
const gamesOf = new Map<string, Promise<BoardGame[]>>();

function init(): Loaded {
  if (loaded) return loaded;
  const style = document.createElement("style");
  style.id = "mbi-board-css";
  style.textContent = baseCss + brownCss + piecesCss + BOARD_STYLE;
  document.head.append(style);
  loaded = { data: readPageData(), cfg: JSON.parse(document.getElementById("mbi-board")!.textContent!) as BoardConfig };
  return loaded;
}

/** Loads a design's games script of a position (a classic script calling `mbiGames(sp, games, design)`), once. */
function loadGames(set: GameSet, sp: number): Promise<BoardGame[]> {
  const key = `${set.id}:${sp}`;
  let p = gamesOf.get(key);
  if (p) return p;
  p = new Promise<BoardGame[]>((resolve, reject) => {
    const g = globalThis as unknown as Record<string, unknown>;
    const waiting = (g[`${GAMES_CALLBACK}Waiting`] ??= new Map()) as Map<string, (x: BoardGame[]) => void>;
    waiting.set(key, resolve);
    g[GAMES_CALLBACK] ??= (n: number, games: BoardGame[], design = "selfplay") =>
      waiting.get(`${design}:${n}`)?.(games);
    const s = document.createElement("script");
    s.src = set.src.replace("{sp}", String(sp));
    s.onerror = () => reject(new Error(`could not load ${s.src}`));
    document.head.append(s);
  });
  gamesOf.set(key, p);
  return p;
}

/** A game's moves in UCI. */
const movesOf = (x: BoardGame): string[] => (x.moves ? x.moves.split(" ") : []);

/** A design's games of a position as a table, each with its replay button. */
function gamesTable(set: GameSet, k: number, sp: number, games: readonly BoardGame[], fen: string) {
  // the opening line in the notation players read: "1. h4 e5 2. h5 h6"
  const opening = (x: BoardGame) =>
    numbered(playLine(fen, movesOf(x).slice(0, x.opening.plies), "uci").plies.map((p) => p.san)).join(" ");
  const rows = joinHtml(
    games.map((x) =>
      markup`<tr><th scope="row" data-label="game">${x.game}</th><td data-label="result">${x.result}</td><td data-label="termination">${x.termination}</td><td data-label="plies">${
        movesOf(x).length
      }</td><td data-label="opening">${
        opening(x)
      }</td><td data-label="replay"><button type="button" data-set="${k}" data-game="${x.game}">Replay game ${x.game}</button></td></tr>`
    ),
  );
  return markup`<div class="mbi-games"><table class="lr"><caption>The ${games.length} self-play games of SP ${sp}: ${set.caption}. Replay one on the board above; its opening line is marked.</caption>
<thead><tr><th scope="col">game</th><th scope="col">result</th><th scope="col">termination</th><th scope="col">plies</th><th scope="col">opening</th><th scope="col"><span class="sr">replay</span></th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function ladderPoints(l: Loaded, i: number): RungPoint[] {
  const r = l.data.rows[i];
  return l.cfg.ladder.flatMap((rung) => {
    if (rung.self) return [{ ...rung, eval_cp: r[COL.eval], mbi: r[COL.mbi], lo: r[COL.lo], hi: r[COL.hi] }];
    const o = l.data.others.find((x) => x.folder === rung.folder);
    const v = o?.values[i];
    return v ? [{ ...rung, eval_cp: v[0] as number, mbi: v[1] as number, lo: v[2], hi: v[3] }] : [];
  });
}

/** Fills the open position's view with the board, the ladder figure and the games. */
async function open(sp: number): Promise<void> {
  const l = init();
  const i = l.data.rows.findIndex((r) => r[0] === sp);
  const host = document.getElementById("d-board");
  if (i < 0 || !host) return;
  const r = l.data.rows[i];
  const setup = r[COL.setup], fen = setupToFen(setup);
  const pv = playLine(fen, r[COL.pv] ? r[COL.pv].split(" ") : [], "san");
  const viewer = new LineViewer(
    host,
    `Start position SP ${sp} (${setup}) on a chess board; step through the moves below`,
  );
  const showPv = () =>
    viewer.show(pv, {
      id: "pv",
      title: `Principal variation at ${l.data.limit} (${pv.plies.length} plies); the arrow is its next move — ` +
        `at the start, the engine's best move`,
      arrow: true,
    });
  showPv();
  // the viewer shows the PV under the board: the page's plain PV (for a page without the board) goes
  document.getElementById("d-pv-plain")?.setAttribute("hidden", "");
  host.insertAdjacentHTML("beforeend", String(markup`<p class="small">${l.cfg.credits}</p>`));

  const fig = document.getElementById("d-ladder");
  if (fig) {
    const pts = ladderPoints(l, i);
    const svg = ladderFigure(sp, pts);
    fig.innerHTML = svg
      ? String(
        markup`<figure>${svg}<figcaption>SP ${sp} at every budget of the same engine (one fingerprint) over the same ${l.data.rows.length} positions (${
          pts.map((p) => p.label).join(", ")
        }): engine value and MBI with its range (how far it moved over the last iterations, not a confidence interval); orange: this dataset (${l.data.limit}). Each MBI is relative to its own dataset.</figcaption></figure>`,
      )
      : "";
  }

  const gamesHost = document.getElementById("d-games");
  const sets = l.cfg.games.map((set, k) => ({ set, k, count: set.count[String(sp)] ?? 0 })).filter((x) => x.count > 0);
  if (gamesHost && sets.length) {
    gamesHost.innerHTML = String(markup`<p>Loading the ${sets.reduce((a, x) => a + x.count, 0)} games…</p>`);
    const loadedSets = await Promise.all(sets.map(async (x) => ({ ...x, games: await loadGames(x.set, sp) })));
    gamesHost.innerHTML = String(
      markup`${
        joinHtml(loadedSets.map((x) => gamesTable(x.set, x.k, sp, x.games, fen)))
      }<p><button type="button" data-game="pv">Back to the principal variation</button></p>`,
    );
    gamesHost.addEventListener("click", (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>("button[data-game]");
      if (!b) return;
      if (b.dataset.game === "pv") return void showPv();
      const set = loadedSets.find((x) => String(x.k) === b.dataset.set);
      const x = set?.games.find((q) => String(q.game) === b.dataset.game);
      if (!set || !x) return;
      const line = playLine(fen, movesOf(x), "uci");
      viewer.show(line, {
        id: `game-${set.set.id}-${x.game}`,
        openingPlies: x.opening.plies,
        title:
          `Game ${x.game} of SP ${sp} (${set.set.caption}): ${x.result} (${x.termination}), ${line.plies.length} plies; ` +
          `the first ${x.opening.plies} (marked) are line ${x.opening.index + 1} of the position's opening set`,
      });
      // the board's top in view (taller than a phone's screen, "nearest" would show only its foot)
      host.scrollIntoView({ block: "start" });
    });
  }
  document.documentElement.dataset.board = String(sp);
  performance.mark("mbi-board-ready");
}

(globalThis as unknown as Record<string, unknown>)[BOARD_GLOBAL] = { open };
