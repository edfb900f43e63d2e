/**
 * **report** — the words people read about the results, computed from the files: the limitations of
 * a profile's results (`limitations.ts`), the published validation figure beside a design's measured one
 * (`published_check.ts`), the method's budget on a sample with its checks of the published facts
 * (`method_sample.ts`), a dataset's other self-play designs read once for all of these (`designs.ts`) and set
 * side by side with the published figure, those being played too (`design_comparison.ts`), whether a text's
 * printed figures are in the files it links (`figure_check.ts`, the README's answer table), and how
 * many words a reader meets in a text or a page (`word_count.ts`).
 *
 * May import: core, engine, method, store, plot, runs, evaluation, selfplay, analysis, outcomes.
 *
 * @module
 */

export * from "./design_comparison.ts";
export * from "./designs.ts";
export * from "./figure_check.ts";
export * from "./limitations.ts";
export * from "./limitations_selfplay.ts";
export * from "./method_sample.ts";
export * from "./method_sample_record.ts";
export * from "./published_check.ts";
export * from "./prediction.ts";
export * from "./word_count.ts";
export * from "./method_partial.ts";
export * from "./outcome_study.ts";
export * from "./outcome_study_record.ts";
export * from "./outcome_study_view.ts";
export * from "./corrected_rho.ts";
