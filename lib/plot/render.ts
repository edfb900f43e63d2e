/**
 * Plots as SVG strings: Observable Plot rendered into a linkedom document, so the same code writes `.svg` files
 * from the command line and shows plots in notebooks as `text/html` (which nbconvert's HTML export keeps; it
 * blanks `image/svg+xml`).
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { writeTextIfChanged } from "../store/mod.ts";
import { escapeHtml, sha256Text } from "../core/mod.ts";
import { PALETTE } from "./palette.ts";

export { Plot };

/** A rendered plot: a standalone SVG file's text (with xmlns and a <title>), and HTML for notebooks. */
export interface RenderedPlot {
  svg: string;
  html: string;
  /** The x and y scales (to place marks on the SVG later, e.g. in a page's script). */
  scales: { x?: ScaleExtent; y?: ScaleExtent };
}

/** A scale's domain (data values) and its range (pixels). */
export interface ScaleExtent {
  domain: unknown[];
  range: number[];
}

/**
 * Renders Plot options (without Plot's own title/caption, which would wrap the SVG in a <figure>) to SVG, with
 * `title` as the SVG's <title> and as a heading, and `caption` (if given) as a line under it in the HTML.
 */
export function renderPlot(title: string, options: Plot.PlotOptions, caption?: string): RenderedPlot {
  const plot = plotSvg(options);
  const esc = escapeHtml(title);
  const withNs = plot.svg.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  const svg = withNs.replace(/^(<svg[^>]*>)/, `$1<title>${esc}</title>`);
  const below = caption
    ? `<figcaption style="font-size:12px;color:${PALETTE.note};max-width:640px">${escapeHtml(caption)}</figcaption>`
    : "";
  const html = `<figure style="margin:0"><h4 style="margin:4px 0">${esc}</h4>${svg}${below}</figure>`;
  return { svg, html, scales: plot.scales };
}

/** Plot options rendered to the bare `<svg>` Observable Plot makes (no xmlns, no title), with its size and scales. */
export function plotSvg(
  options: Plot.PlotOptions,
): { svg: string; width: number; height: number; scales: RenderedPlot["scales"] } {
  const { document } = parseHTML("<!DOCTYPE html><html><body></body></html>");
  const el = Plot.plot({ ...options, document: document as unknown as Document });
  const extent = (name: "x" | "y"): ScaleExtent | undefined => {
    const sc = el.scale(name) as { domain?: unknown[]; range?: number[] } | undefined;
    return sc?.domain && sc.range ? { domain: [...sc.domain], range: [...sc.range] } : undefined;
  };
  const svg = stableMarkerIds((el as unknown as { outerHTML: string }).outerHTML);
  const size = (attr: string) => Number(new RegExp(`^<svg[^>]*\\s${attr}="([\\d.]+)"`).exec(svg)?.[1] ?? NaN);
  return { svg, width: size("width"), height: size("height"), scales: { x: extent("x"), y: extent("y") } };
}

/**
 * Observable Plot numbers its line markers with a counter of the process (`plot-marker-1`, …), so a figure's
 * bytes depended on what the process drew before it. The ids are given again from the figure's own content: the
 * same in every process, and distinct between different figures on one page (ids are global to a document).
 */
export function stableMarkerIds(svg: string): string {
  const ids = [...new Set(svg.match(/plot-marker-\d+/g) ?? [])];
  if (ids.length === 0) return svg;
  const tag = sha256Text(svg.replace(/plot-marker-\d+/g, "plot-marker")).slice(0, 8);
  const renamed = new Map(ids.map((id, i) => [id, `plot-marker-${tag}-${i + 1}`]));
  return svg.replace(/plot-marker-\d+/g, (id) => renamed.get(id)!);
}

/** Writes an SVG string to a file (atomically; unchanged files are not rewritten). */
export async function writeSvg(path: string, svg: string): Promise<boolean> {
  return await writeTextIfChanged(path, svg + "\n");
}
