/**
 * **site** — the published index: a static, self-contained page per dataset
 * (`site.ts` writes it; `data.ts` gathers what it shows from the result
 * files; `page.ts` renders it; `client.ts` is its script), the dataset card
 * (`card.ts`, `DATASET.md`), and headless Chromium for its browser test and
 * benchmark (`browser.ts`).
 *
 * May import: core, engine, method, store, plot, stages, notebook.
 *
 * @module
 */

export * from "./site.ts";
export * from "./data.ts";
export * from "./card.ts";
