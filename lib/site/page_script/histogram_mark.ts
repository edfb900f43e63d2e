/**
 * The page's histogram with one position marked (browser): a copy of the
 * figure's SVG with a line at the position's value (clamped to the clipped
 * axis) and its SP beside the line, on the side with room for it.
 *
 * @module
 */

import { type Html, raw } from "../../core/html.ts";
import { COL, type PageData, type PageRow } from "./data.ts";
import { signed } from "./table.ts";

/** The histogram (`#hist svg`) with the row's value marked, as markup; empty when the page has none. */
export function markedHistogram(data: PageData, r: PageRow): Html {
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
