/**
 * The page's script (browser, inlined): the table over the embedded data with search and sort (by hand: less code than
 * a table library's glue), and one position's view (`#sp=N`) with the histogram marked and the board code loaded.
 *
 * @module
 */

import { type Html, joinHtml, raw } from "../../core/html.ts";
import { signed } from "../../core/format.ts";
import { BOARD_GLOBAL, type BoardConfig, POSITION_EVENT } from "../board_config.ts";
import { COL, type PageRow, readPageData } from "./data.ts";
import { missingPositionHtml, positionHtml } from "./position.ts";
import {
  DEFAULT_SORT,
  FIRST_DIRECTION,
  rowHtml,
  searchRows,
  shownCount,
  singleMatch,
  type SortKey,
  statusText,
} from "./table.ts";

const data = readPageData();
const $ = (id: string) => document.getElementById(id)!;
const N = data.rows.length;
const bySp = new Map(data.rows.map((r, i) => [r[0], i]));
let sortKey: SortKey = DEFAULT_SORT.key;
let dir: 1 | -1 = DEFAULT_SORT.dir;
let query = "";
let all = false;

/** The histogram (`#hist svg`) with the row's value marked, as markup; empty when the page has none. */
function markedHistogram(r: PageRow): Html {
  const h = data.hist;
  const src = document.querySelector("#hist svg");
  if (!h || !src) return raw("");
  const clamp = Math.min(h.hi, Math.max(h.lo, r[COL.eval]));
  const x = h.xr[0] + (clamp - h.x[0]) / (h.x[1] - h.x[0]) * (h.xr[1] - h.xr[0]);
  const svg = src.cloneNode(true) as SVGSVGElement;
  svg.removeAttribute("id");
  svg.setAttribute("aria-label", `Histogram of the values with SP ${r[0]} marked at ${signed(r[COL.eval])} cp`);
  const ns = "http://www.w3.org/2000/svg";
  const line = document.createElementNS(ns, "line");
  for (const [k, v] of [["x1", x], ["x2", x], ["y1", Math.min(...h.yr)], ["y2", Math.max(...h.yr)]] as const) {
    line.setAttribute(k, String(v));
  }
  line.setAttribute("class", "mark");
  const label = document.createElementNS(ns, "text");
  const right = x > (h.xr[0] + h.xr[1]) / 2;
  label.setAttribute("x", String(right ? x - 4 : x + 4));
  if (right) label.setAttribute("text-anchor", "end");
  label.setAttribute("y", String(Math.min(...h.yr) + 12));
  label.setAttribute("class", "marklabel");
  label.textContent = `SP ${r[0]}`;
  svg.append(line, label);
  // the browser's own serialisation of a copy of the page's figure
  return raw(svg.outerHTML);
}

/** When a position is shown, adds `board.js` once (a classic script: it loads from file://) and calls its `open(sp)`. */
function installBoardLoader(): void {
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

function render(): void {
  const found = searchRows(data.rows, query, sortKey, dir);
  const rows = typeof found === "string" ? [] : found;
  const shown = shownCount(rows.length, query, all);
  $("rows").innerHTML = String(joinHtml(rows.slice(0, shown).map(rowHtml)));
  $("status").textContent = statusText(found, N, query, sortKey, dir, shown);
  $("more").hidden = shown === rows.length;
  for (const th of document.querySelectorAll<HTMLElement>("th[data-key]")) {
    th.setAttribute("aria-sort", th.dataset.key === sortKey ? (dir === 1 ? "ascending" : "descending") : "none");
  }
}

function showPosition(sp: number): void {
  const i = bySp.get(sp);
  const view = $("detail");
  view.innerHTML = String(
    i === undefined ? missingPositionHtml(data, sp) : positionHtml(data, i, markedHistogram(data.rows[i])),
  );
  view.hidden = false;
  $("table-view").hidden = true;
  $("detail-title").focus();
  $("detail").scrollIntoView({ block: "start" });
  // the board code (loaded on demand) fills #d-board, #d-ladder and #d-games
  if (i !== undefined) document.dispatchEvent(new CustomEvent(POSITION_EVENT, { detail: sp }));
}

/** Copies the open position's FEN: the clipboard where the browser allows it, else the selected text. */
function copyFen(b: HTMLElement): void {
  const fen = b.dataset.fen!;
  const said = (t: string) => void ($("d-copied").textContent = t);
  const bySelection = () => {
    const range = document.createRange();
    range.selectNodeContents($("d-fen"));
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    said(document.execCommand("copy") ? "Copied." : "Selected: press Ctrl+C (⌘C) to copy.");
  };
  if (navigator.clipboard) navigator.clipboard.writeText(fen).then(() => said("Copied."), bySelection);
  else bySelection();
}

function route(): void {
  const m = /^#sp=(\d+)$/.exec(location.hash);
  if (m) return showPosition(Number(m[1]));
  $("detail").hidden = true;
  $("table-view").hidden = false;
}

installBoardLoader();
($("q") as HTMLInputElement).addEventListener("input", (e) => {
  query = (e.target as HTMLInputElement).value;
  render();
});
for (const b of document.querySelectorAll<HTMLButtonElement>("th[data-key] button")) {
  b.addEventListener("click", () => {
    const k = b.closest("th")!.dataset.key as SortKey;
    dir = k === sortKey ? (dir === 1 ? -1 : 1) : FIRST_DIRECTION[k];
    sortKey = k;
    render();
  });
}
$("more").addEventListener("click", () => {
  all = true;
  render();
});
addEventListener("hashchange", route);
$("detail").addEventListener("click", (e) => {
  const b = (e.target as HTMLElement).closest<HTMLElement>("#d-copy");
  if (b) copyFen(b);
});
// `?q=…` (the landing page's search): one match opens its position, else the table shows the matches
const asked = new URLSearchParams(location.search).get("q");
if (asked !== null && !location.hash) {
  const one = singleMatch(data.rows, asked);
  if (one !== null) history.replaceState(null, "", `#sp=${one}`);
  else {
    query = asked;
    ($("q") as HTMLInputElement).value = asked;
  }
}
render();
route();
document.documentElement.dataset.ready = "true";
performance.mark("mbi-table-ready");
