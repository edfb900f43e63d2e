/**
 * The board viewer (browser, in `board.js`): chessground showing one {@link Line} at a time, stepped with buttons, the
 * arrow keys or a click on a move. Written here, not @lichess-org/pgn-viewer: one stepper for the PV and the games.
 *
 * @module
 */

import { Chessground } from "chessground";
import type { Api } from "chessground/api";
import type { Key } from "chessground/types";
import { joinHtml, markup } from "../../core/html.ts";
import { fenAt, type Line } from "./line.ts";
import { numbered } from "../page_script/position.ts";

/** How a line is shown: its id (`pv`, `game-3`: `data-line`), title, opening plies marked, arrow, first ply. */
export type ShowOptions = { id: string; title: string; openingPlies?: number; arrow?: boolean; ply?: number };

let current: LineViewer | null = null;

/** The arrow keys step the viewer on screen (not while typing in a field). */
function onKey(e: KeyboardEvent) {
  const v = current;
  if (!v || !v.root.isConnected || v.root.closest("[hidden]")) return;
  const t = e.target as HTMLElement | null;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const step: Record<string, () => void> = {
    ArrowLeft: () => v.go(v.ply - 1),
    ArrowRight: () => v.go(v.ply + 1),
    Home: () => v.go(0),
    End: () => v.go(v.length),
  };
  const f = step[e.key];
  if (f) {
    e.preventDefault();
    f();
  }
}

/** A chessground board with its controls and move list, inside `root`. */
export class LineViewer {
  /** The viewer's element (carries `data-fen`, `data-ply`, `data-line`). */
  readonly root: HTMLElement;
  #cg: Api;
  #line: Line = { start: "", plies: [], stopped: null };
  #opts: ShowOptions = { id: "", title: "" };
  #ply = 0;

  /** Builds the board, buttons and move list in `root` (emptied). */
  constructor(root: HTMLElement, label: string) {
    this.root = root;
    root.classList.add("mbi-viewer");
    root.innerHTML = String(markup`<div class="mbi-cg" role="img" aria-label="${label}"></div>
<div class="mbi-ctl" role="group" aria-label="Step through the moves">
<button type="button" data-go="start" aria-label="Start position">«</button><button type="button" data-go="back" aria-label="Back one move">◀</button><button type="button" data-go="next" aria-label="Forward one move">▶</button><button type="button" data-go="end" aria-label="Last move">»</button>
<span class="mbi-at" aria-live="polite"></span></div>
<p class="mbi-title"></p><div class="mbi-moves"></div>`);
    this.#cg = Chessground(root.querySelector<HTMLElement>(".mbi-cg")!, {
      viewOnly: true,
      coordinates: true,
      animation: { enabled: true, duration: 120 },
      drawable: { enabled: false, visible: true },
    });
    root.querySelector(".mbi-ctl")!.addEventListener("click", (e) => {
      const b = (e.target as HTMLElement).closest("button");
      const go = b?.dataset.go;
      if (go === "start") this.go(0);
      else if (go === "back") this.go(this.#ply - 1);
      else if (go === "next") this.go(this.#ply + 1);
      else if (go === "end") this.go(this.length);
    });
    root.querySelector(".mbi-moves")!.addEventListener("click", (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>("button[data-ply]");
      if (b) this.go(Number(b.dataset.ply));
    });
    if (current === null) document.addEventListener("keydown", onKey);
    current = this;
  }

  /** The ply shown (0: the start position). */
  get ply(): number {
    return this.#ply;
  }

  /** Plies in the line. */
  get length(): number {
    return this.#line.plies.length;
  }

  /** Shows a line (its title, moves, opening marks) at its first ply. */
  show(line: Line, opts: ShowOptions): void {
    this.#line = line;
    this.#opts = opts;
    const op = opts.openingPlies ?? 0;
    const moves = numbered(line.plies.map((p) => p.san)).map((t, i) =>
      markup`<button type="button" class="mv${i < op ? " op" : ""}" data-ply="${i + 1}">${t}</button>`
    );
    this.root.querySelector(".mbi-title")!.textContent = opts.title;
    this.root.querySelector(".mbi-moves")!.innerHTML = String(
      markup`${joinHtml(moves, " ")}${
        line.stopped && markup` <span class="small">(stopped at ${line.stopped}: not a legal move here)</span>`
      }`,
    );
    this.root.dataset.line = opts.id;
    current = this;
    this.go(opts.ply ?? 0);
  }

  /** Goes to a ply (clamped to the line). */
  go(ply: number): void {
    const k = Math.max(0, Math.min(this.length, ply));
    this.#ply = k;
    const fen = fenAt(this.#line, k);
    const last = k > 0 ? this.#line.plies[k - 1] : undefined;
    const next = this.#line.plies[k];
    this.#cg.set({
      fen: fen.split(" ")[0],
      turnColor: fen.split(" ")[1] === "b" ? "black" : "white",
      lastMove: last ? [last.from as Key, last.to as Key] : undefined,
      check: last?.check ?? false,
      drawable: {
        autoShapes: this.#opts.arrow && next ? [{ orig: next.from as Key, dest: next.to as Key, brush: "green" }] : [],
      },
    });
    this.root.dataset.fen = fen;
    this.root.dataset.ply = String(k);
    for (const b of this.root.querySelectorAll<HTMLElement>(".mbi-moves button")) {
      const cur = Number(b.dataset.ply) === k;
      b.classList.toggle("cur", cur);
      if (cur) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    const at = k === 0 ? "start position" : `after ${Math.ceil(k / 2)}.${k % 2 === 0 ? ".." : ""} ${last!.san}`;
    this.root.querySelector(".mbi-at")!.textContent = `${at} · move ${k} of ${this.length}${
      this.#opts.arrow && next ? ` · arrow: ${next.san}` : ""
    }`;
  }
}
