/**
 * **runs** — what runs the long stages: a command's profile and engine, the one resumable run with its worker pool and
 * manifest, progress, Slurm array jobs.
 *
 * May import: core, engine, method, store, plot.
 *
 * @module
 */

export * from "./progress.ts";
export * from "./resumable_run.ts";
export * from "./run_config.ts";
