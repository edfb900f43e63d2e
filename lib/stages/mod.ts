/**
 * **stages** — the method run on data, named by what each stage does:
 * evaluation (`evaluation.ts`, `eval_all.ts`, `evaluation_session.ts`,
 * `verification.ts`, `determinism.ts`), distribution (`distribution.ts`),
 * convergence across the budget ladder (`convergence.ts`), the
 * index (`mbi_index.ts`), self-play (`selfplay/`; its records in `selfplay/records.ts`), statistics
 * (`statistics.ts`), comparison of datasets (`comparison.ts`), outcome tables
 * of real games and the external validation (`outcomes/`), and the pipeline
 * (`pipeline.ts`); plus what runs them: profile and engine of a command
 * (`run_config.ts`), progress (`progress.ts`), Slurm array jobs
 * (`cluster.ts`) and benchmarks (`bench_eval.ts`).
 *
 * May import: core, engine, method, store, plot.
 *
 * @module
 */

export * from "./evaluation.ts";
export * from "./distribution.ts";
export * from "./convergence.ts";
export * from "./mbi_index.ts";
export * from "./selfplay/stage.ts";
export * from "./statistics.ts";
export * from "./published_check.ts";
export * from "./method_sample.ts";
export * from "./comparison.ts";
export * from "./pipeline.ts";
export * from "./run_config.ts";
export * from "./progress.ts";
export * from "./outcomes/build.ts";
export * from "./outcomes/ingest.ts";
export * from "./outcomes/validate.ts";
