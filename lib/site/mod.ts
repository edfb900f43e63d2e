/**
 * **site** — the published index: a static, self-contained page per dataset
 * (`site.ts` writes it; `data.ts`, `data_files.ts` and `outcome_tables.ts` gather what it
 * shows from the result files; `page.ts`, `page_data.ts` and
 * `page_sections.ts` render it; `page_script/` is its script, bundled and
 * inlined), the self-play designs side by side (`comparison.ts`, page and card),
 * the dataset card (`card.ts`, `DATASET.md`), the landing page of
 * the results (`landing.ts`, `landing_data.ts`; `links.ts` the links between
 * pages), the pages' styles (`style.ts`, colours from lib/plot's palette) and
 * the statistical words they explain (`glossary.ts`),
 * the board code loaded when a position is opened (`board/`: chessground, the
 * stepped PV and games, the position across the ladder), the one bundling of
 * the browser code (`bundle.ts`: `deno bundle`), and headless Chromium for
 * the browser tests and the benchmark (`browser.ts`).
 *
 * May import: core, engine, method, store, plot, runs, evaluation, selfplay, analysis, outcomes, report, notebook.
 *
 * @module
 */

export * from "./bench.ts";
export * from "./browser.ts";
export * from "./bundle.ts";
export * from "./card.ts";
export * from "./card_designs.ts";
export * from "./card_text.ts";
export * from "./comparison.ts";
export * from "./data.ts";
export * from "./data_files.ts";
export * from "./designs.ts";
export * from "./glossary.ts";
export * from "./labelled_table.ts";
export * from "./landing.ts";
export * from "./landing_data.ts";
export * from "./landing_answer.ts";
export * from "./landing_games.ts";
export * from "./layout.ts";
export * from "./links.ts";
export * from "./outcome_tables.ts";
export * from "./page.ts";
export * from "./page_data.ts";
export * from "./page_designs.ts";
export * from "./page_sections.ts";
export * from "./site.ts";
export * from "./style.ts";
export * from "./board/config.ts";
export * from "./board/site_board.ts";
export * from "./board/style.ts";
export * from "./landing_draw.ts";
