/**
 * One position across the budget ladder, as a small figure (browser, in `board.js`): its value and its MBI with the
 * interval at every rung, on a log axis. Plain SVG: Observable Plot with d3 would add about 300 KB for four points.
 *
 * @module
 */

import { type Html, markup } from "../../core/html.ts";
import { num } from "../../core/format.ts";
import { PALETTE } from "../../plot/palette.ts";

/** One rung's values for the position (interval ends null when that table has none; `self`: the page's dataset). */
export interface RungPoint {
  label: string;
  nodes: number;
  eval_cp: number;
  mbi: number;
  lo: number | null;
  hi: number | null;
  self: boolean;
}

const W = 300, H = 170, L = 44, R = 34, T = 22, B = 40;

const niceStep = (span: number) => {
  const raw = span / 4;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
};

function panel(
  title: string,
  points: readonly RungPoint[],
  y: (p: RungPoint) => number,
  range: [number, number],
  band: ((p: RungPoint) => [number, number] | null) | null,
  zero: boolean,
): Html {
  const xs = points.map((p) => Math.log10(p.nodes));
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  const sx = (v: number) => L + (x1 === x0 ? 0.5 : (v - x0) / (x1 - x0)) * (W - L - R);
  const [y0, y1] = range;
  const sy = (v: number) => T + (1 - (v - y0) / (y1 - y0)) * (H - T - B);
  const step = niceStep(y1 - y0);
  const grid: Html[] = [];
  for (let v = Math.ceil(y0 / step) * step; v <= y1 + 1e-9; v += step) {
    grid.push(
      markup`<line x1="${L}" x2="${W - R}" y1="${sy(v)}" y2="${sy(v)}" stroke="${PALETTE.grid}"/><text x="${
        L - 4
      }" y="${sy(v)}" text-anchor="end" dominant-baseline="middle">${num(+v.toFixed(6))}</text>`,
    );
  }
  const zeroLine = zero && y0 < 0 && y1 > 0 &&
    markup`<line x1="${L}" x2="${W - R}" y1="${sy(0)}" y2="${sy(0)}" stroke="${PALETTE.negative}" stroke-width="1"/>`;
  const ticks = points.map((p, i) =>
    markup`<text x="${sx(xs[i])}" y="${H - B + 14}" text-anchor="middle">${
      p.nodes >= 1e6 ? `${p.nodes / 1e6}M` : `${p.nodes / 1e3}k`
    }</text>`
  );
  const bars = band
    ? points.map((p, i) => {
      const b = band(p);
      return b &&
        markup`<line x1="${sx(xs[i])}" x2="${sx(xs[i])}" y1="${sy(b[0])}" y2="${
          sy(b[1])
        }" stroke="${PALETTE.interval}" stroke-width="6"/>`;
    })
    : [];
  const path = points.map((p, i) => `${i ? "L" : "M"}${sx(xs[i])},${sy(y(p))}`).join("");
  const dots = points.map((p, i) =>
    markup`<circle cx="${sx(xs[i])}" cy="${sy(y(p))}" r="${p.self ? 5 : 3.5}" fill="${
      p.self ? PALETTE.accent : PALETTE.main
    }"/><text x="${sx(xs[i]) + 7}" y="${sy(y(p)) - 6}" class="v">${y(p)}</text>`
  );
  return markup`<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}"><title>${title}</title><g font-size="11" fill="${PALETTE.caption}"><text x="2" y="13" font-weight="600" font-size="12">${title}</text>${grid}${zeroLine}${ticks}<text x="${
    (L + W - R) / 2
  }" y="${
    H - 6
  }" text-anchor="middle">nodes per position (log scale)</text></g>${bars}<path d="${path}" fill="none" stroke="${PALETTE.main}" stroke-width="1.5"/>${dots}</svg>`;
}
/** The two panels (value, MBI with interval) as SVG markup; null with fewer than two rungs. */
export function ladderFigure(sp: number, points: readonly RungPoint[]): Html | null {
  if (points.length < 2) return null;
  const evals = points.map((p) => p.eval_cp);
  const lo = Math.min(0, ...evals), hi = Math.max(0, ...evals);
  const pad = Math.max(5, (hi - lo) * 0.15);
  const value = panel(`SP ${sp}: engine value (cp)`, points, (p) => p.eval_cp, [lo - pad, hi + pad], null, true);
  const mbi = panel(
    `SP ${sp}: MBI [range]`,
    points,
    (p) => p.mbi,
    [0, 100],
    (p) => (p.lo === null || p.hi === null ? null : [p.lo, p.hi]),
    false,
  );
  return markup`<div class="mbi-ladder">${value}${mbi}</div>`;
}
