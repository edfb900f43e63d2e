/**
 * **plot** — figures: Observable Plot rendered to standalone SVG with a
 * visible title and caption (`render.ts`), usable from the command line (plot
 * files) and in notebooks (as `text/html`, which the HTML export keeps); the
 * shared theme with title and caption inside the SVG and outlier-robust axes
 * (`theme.ts`) with the widths its wrapped text is estimated by (`text_width.ts`), and the colours of
 * everything the project shows (`palette.ts`).
 *
 * May import: core, engine, method, store.
 *
 * @module
 */

export * from "./palette.ts";
export * from "./render.ts";
export * from "./text_width.ts";
export * from "./theme.ts";
