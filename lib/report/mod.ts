/**
 * **report** — the words people read about the results, computed from the files: limitations, the published figure
 * beside a design's, the method's budget on a sample and as far as its run has gone, the designs side by side,
 * predictions, the outcome study; and how many words a reader meets in a text or a page.
 *
 * May import: core, engine, method, store, plot, runs, evaluation, selfplay, analysis, outcomes.
 *
 * @module
 */

export * from "./design_comparison.ts";
export * from "./limitation.ts";
export * from "./limitations.ts";
export * from "./limitations_selfplay.ts";
export * from "./method_sample.ts";
export * from "./method_sample_record.ts";
export * from "./published_check.ts";
export * from "./prediction.ts";
export * from "./word_count.ts";
export * from "./method_partial.ts";
export * from "./outcome_study.ts";
export * from "./outcome_study_view.ts";
