/**
 * **site** — the published index: a self-contained page and card per dataset (`site.ts`), the landing page
 * (`landing.ts`), the browser code bundled into them, and headless Chromium for the browser tests and the benchmark.
 *
 * May import: core, engine, method, store, plot, runs, evaluation, selfplay, analysis, outcomes, report, notebook.
 *
 * @module
 */

export * from "./bundle.ts";
export * from "./card.ts";
export * from "./card_designs.ts";
export * from "./data.ts";
export * from "./data_files.ts";
export * from "./designs.ts";
export * from "./glossary.ts";
export * from "./landing.ts";
export * from "./landing_data.ts";
export * from "./landing_answer.ts";
export * from "./landing_games.ts";
export * from "./layout.ts";
export * from "./page.ts";
export * from "./page_sections.ts";
export * from "./site.ts";
export * from "./style.ts";
export * from "./board_config.ts";
export * from "./site_board.ts";
