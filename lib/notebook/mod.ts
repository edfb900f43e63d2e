/**
 * **notebook** — what the stage notebooks need: headless execution with the
 * Deno kernel (`runner.ts`, `run_notebook.py`, `notebooks.ts`), `.ipynb`
 * reading (`ipynb.ts`), type-checking the notebooks' code (`check.ts`), HTML
 * display helpers (`display.ts`), each stage's results as danfojs data frames
 * with an HTML display (`frames.ts`, `frame_html.ts`; the method's-budget sample's in `sample_frames.ts`, a design's
 * prediction in `prediction_frame.ts`, a dataset's designs side by side in `comparison_frame.ts`), the banner and caption facts of a
 * profile (`context.ts`), the helper an analyst's cell shows a frame with (`show.ts`) and the longer views (`views.ts`,
 * `evaluation_view.ts`).
 *
 * May import: core, engine, method, store, plot, runs, evaluation, selfplay, analysis, outcomes, report.
 *
 * @module
 */

export * from "./board_view.ts";
export * from "./check.ts";
export * from "./comparison_view.ts";
export * from "./context.ts";
export * from "./display.ts";
export * from "./evaluation_view.ts";
export * from "./frame_html.ts";
export * from "./frames.ts";
export * from "./ipynb.ts";
export * from "./notebooks.ts";
export * from "./runner.ts";
export * from "./sample_frames.ts";
export * from "./show.ts";
export * from "./comparison_frame.ts";
export * from "./prediction_frame.ts";
export * from "./views.ts";
