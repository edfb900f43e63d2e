/**
 * **runs** — what runs the long stages: the profile and engine of a command (`run_config.ts`), the one
 * worker pool (`worker_pool.ts`), the one resumable-run mechanism with its manifest (`resumable_run.ts`) and the manifest in words (`manifest_text.ts`), progress
 * with rate and ETA (`progress.ts`) and Slurm array jobs (`cluster.ts`).
 *
 * May import: core, engine, method, store, plot.
 *
 * @module
 */

export * from "./cluster.ts";
export * from "./progress.ts";
export * from "./manifest_text.ts";
export * from "./resumable_run.ts";
export * from "./run_config.ts";
export * from "./worker_pool.ts";
