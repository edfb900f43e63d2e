/**
 * **outcomes** — outcome tables of real games (streamed from PGN, or given per position) and the external validation
 * of a dataset against them, as notebook 07 shows it.
 *
 * May import: core, engine, method, store, plot, runs, evaluation, selfplay, analysis.
 *
 * @module
 */

export * from "./bench.ts";
export * from "./build.ts";
export * from "./ingest.ts";
export * from "./pgn_scan.ts";
export * from "./report.ts";
export * from "./findings.ts";
export * from "./validate.ts";
