/**
 * **analysis** — what the method computes from the evaluations and games: stages 2, 3 and 5, the rule for derived
 * files, the budget ladder, comparisons of datasets, draws and books from an index, joining a long run's positions,
 * reproduction of a published profile, and the whole method for one profile.
 *
 * May import: core, engine, method, store, plot, runs, evaluation, selfplay.
 *
 * @module
 */

export * from "./comparison.ts";
export * from "./convergence.ts";
export * from "./derived.ts";
export * from "./distribution.ts";
export * from "./mbi_index.ts";
export * from "./pipeline.ts";
export * from "./reproduce.ts";
export * from "./statistics.ts";
export * from "./summary.ts";
export * from "./verification_record.ts";
export * from "./join.ts";
export * from "./draw.ts";
