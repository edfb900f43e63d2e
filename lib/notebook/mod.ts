/**
 * **notebook** — what the stage notebooks need: headless execution with the
 * Deno kernel (`runner.ts`, `run_notebook.py`, `notebooks.ts`), `.ipynb`
 * reading (`ipynb.ts`), HTML display helpers (`display.ts`) and the views
 * of each notebook.
 *
 * May import: core, engine, method, store, plot, stages.
 *
 * @module
 */

export * from "./runner.ts";
export * from "./notebooks.ts";
export * from "./display.ts";
