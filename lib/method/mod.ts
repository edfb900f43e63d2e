/**
 * **method** — the MBI method as pure functions (no files, no processes): Chess960 start positions, the
 * last-completed-iteration rule and the evaluation record, ranks and the index, statistics, seeds, the self-play
 * draw, game rules and adjudication, the profiles' budgets, outcome tables, and the labels people read.
 *
 * May import: core, engine.
 *
 * @module
 */

export * from "./borderline.ts";
export * from "./chess960.ts";
export * from "./completed.ts";
export * from "./evaluation_record.ts";
export * from "./intervals.ts";
export * from "./labels.ts";
export * from "./mbi.ts";
export * from "./outcomes.ts";
export * from "./pgn_headers.ts";
export * from "./profiles.ts";
export * from "./reliability.ts";
export * from "./reliability_uncertainty.ts";
export * from "./chi_square.ts";
export * from "./rules.ts";
export * from "./sample_estimates.ts";
export * from "./seed.ts";
export * from "./selection.ts";
export * from "./start_fen.ts";
export * from "./stats.ts";
export * from "./strength.ts";
export * from "./uncertainty.ts";
export * from "./run_order.ts";
export * from "./draw.ts";
