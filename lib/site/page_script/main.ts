/**
 * The page's script (browser; `deno bundle` makes it one classic script,
 * inlined into the page so the page needs no file besides itself): search,
 * sort and the table over the data embedded in the page, and the view of one
 * position (`#sp=N`), which also loads the board code.
 *
 * Written by hand: a 960-row table with a search box and sortable columns is
 * less code than any table library's glue, and the page must stay small and
 * self-contained.
 *
 * @module
 */

import { joinHtml } from "../../core/html.ts";
import { POSITION_EVENT } from "../board/config.ts";
import { installBoardLoader } from "./board_loader.ts";
import { readPageData } from "./data.ts";
import { markedHistogram } from "./histogram_mark.ts";
import { missingPositionHtml, positionHtml } from "./position.ts";
import {
  DEFAULT_SORT,
  FIRST_DIRECTION,
  searchRows,
  shownCount,
  singleMatch,
  type SortKey,
  statusText,
} from "./search.ts";
import { rowHtml } from "./table.ts";

const data = readPageData();
const $ = (id: string) => document.getElementById(id)!;
const N = data.rows.length;
const bySp = new Map(data.rows.map((r, i) => [r[0], i]));
let sortKey: SortKey = DEFAULT_SORT.key;
let dir: 1 | -1 = DEFAULT_SORT.dir;
let query = "";
let all = false;

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
    i === undefined ? missingPositionHtml(data, sp) : positionHtml(data, i, markedHistogram(data, data.rows[i])),
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
