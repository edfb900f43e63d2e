/**
 * **outcomes** — outcome tables of real games and the external validation: streaming PGN ingest
 * (`pgn_scan.ts`, `ingest.ts`, `zstd_frames.ts`), building the tables (`build.ts`), the validation of a dataset
 * against a table (`validate.ts`), what notebook 07 shows (`report.ts`), and the ingest benchmark with its
 * generated games (`bench.ts`, `generate.ts`).
 *
 * May import: core, engine, method, store, plot, runs, evaluation, selfplay, analysis.
 *
 * @module
 */

export * from "./bench.ts";
export * from "./build.ts";
export * from "./generate.ts";
export * from "./ingest.ts";
export * from "./pgn_scan.ts";
export * from "./report.ts";
export * from "./findings.ts";
export * from "./validate.ts";
export * from "./zstd_frames.ts";
