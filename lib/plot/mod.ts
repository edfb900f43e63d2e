/**
 * **plot** — figures: Observable Plot rendered to standalone SVG with a title and caption inside, for plot files
 * and notebooks; the shared theme with outlier-robust axes, and the colours of everything the project shows.
 *
 * May import: core, engine, method, store.
 *
 * @module
 */

export * from "./palette.ts";
export * from "./render.ts";
export * from "./theme.ts";
export * from "./axes.ts";
