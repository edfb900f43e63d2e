/**
 * **evaluation** — stage 1: evaluating start positions with long-lived engines
 * (`evaluation_session.ts`), the resumable run over many positions (`eval_all.ts`), stage 1 as one call and the
 * dataset it loads (`evaluation.ts`: `runEvaluation`, `loadEvaluations`), recomputing one position from scratch
 * (`verification.ts`), the determinism check (`determinism.ts`) and the stage-1 benchmarks (`bench_eval.ts`).
 *
 * May import: core, engine, method, store, plot, runs.
 *
 * @module
 */

export * from "./bench_eval.ts";
export * from "./determinism.ts";
export * from "./eval_all.ts";
export * from "./evaluation.ts";
export * from "./evaluation_session.ts";
export * from "./verification.ts";
