/**
 * **evaluation** — stage 1: the resumable evaluation of many positions (`runEvaluation`) and the dataset it loads
 * (`loadEvaluations`), verify-reproduce, determinism and benchmarks.
 *
 * May import: core, engine, method, store, plot, runs.
 *
 * @module
 */

export * from "./bench_eval.ts";
export * from "./eval_all.ts";
export * from "./evaluation_session.ts";
export * from "./verification.ts";
