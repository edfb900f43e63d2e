/**
 * **analysis** — what the method computes from the evaluations and games: the rule for derived
 * files (`derived.ts`), stage 2's distribution (`distribution.ts`), stage 3's index (`mbi_index.ts`), stage 5's
 * correlations and verdicts (`statistics.ts`) and its one reader (`summary_file.ts`), the budget ladder (`convergence.ts`), comparisons of datasets
 * (`comparison.ts`), reproduction of a published profile (`reproduce.ts`, `verification_record.ts`) and the whole
 * method for one profile (`pipeline.ts`).
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
export * from "./summary_file.ts";
export * from "./verification_record.ts";
export * from "./join.ts";
export * from "./draw.ts";
