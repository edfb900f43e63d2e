/**
 * The board code's loader (browser): when a position's view is shown, adds
 * `board.js` once (a classic script: it loads from file://) and calls its
 * `open(sp)`; marks `mbi-board-start` for the benchmark. Only on a page that
 * embeds the board's configuration (`#mbi-board`).
 *
 * @module
 */

import { BOARD_GLOBAL, type BoardConfig, POSITION_EVENT } from "../board/config.ts";

/** Listens for the position event and opens the board in the view; does nothing on a page without a board. */
export function installBoardLoader(): void {
  const el = document.getElementById("mbi-board");
  if (!el) return;
  const cfg = JSON.parse(el.textContent!) as BoardConfig;
  let loading: Promise<void> | null = null;
  const load = () =>
    loading ??= new Promise<void>((resolve, reject) => {
      const s = document.createElement("script");
      s.src = cfg.script;
      s.onload = () => resolve();
      s.onerror = () => reject(new Error(`could not load ${cfg.script}`));
      document.head.append(s);
    });
  document.addEventListener(POSITION_EVENT, (e) => {
    const sp = (e as CustomEvent<number>).detail;
    performance.mark("mbi-board-start");
    load().then(() =>
      (globalThis as unknown as Record<string, { open(sp: number): Promise<void> }>)[BOARD_GLOBAL].open(sp)
    ).catch((err) => {
      const host = document.getElementById("d-board");
      const p = document.createElement("p");
      p.className = "small";
      p.textContent = `The board could not be loaded (${err}).`;
      host?.append(p);
    });
  });
}
