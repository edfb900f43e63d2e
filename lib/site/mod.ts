/**
 * **site** — the published index: a static, self-contained page per dataset
 * (`site.ts` writes it; `data.ts` gathers what it shows from the result
 * files; `page.ts` renders it; `client.ts` is its script), the dataset card
 * (`card.ts`, `DATASET.md`), the landing page of the results
 * (`landing.ts`, `landing_data.ts`; `links.ts` the links between pages), the
 * board code loaded when a position is opened (`board/`: chessground, the
 * stepped PV and games, the position across the ladder; bundled by
 * `board/bundle.ts`), and headless Chromium for the browser tests and the
 * benchmark (`browser.ts`).
 *
 * May import: core, engine, method, store, plot, stages, notebook.
 *
 * @module
 */

export * from "./site.ts";
export * from "./data.ts";
export * from "./card.ts";
export * from "./landing.ts";
