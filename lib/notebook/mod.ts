/**
 * **notebook** — what the stage notebooks need: headless execution and type check, each stage's results as
 * danfojs data frames with an HTML display, the banner and captions of a profile, and the views they show.
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
export * from "./frames.ts";
export * from "./notebooks.ts";
export * from "./runner.ts";
export * from "./sample_frames.ts";
export * from "./method_run_frames.ts";
export * from "./show.ts";
export * from "./comparison_frame.ts";
export * from "./prediction_frame.ts";
export * from "./views.ts";
