/**
 * **method** — the MBI method as pure functions (no files, no processes):
 * Chess960 start positions (`chess960.ts`), the last-completed-iteration rule
 * (`completed.ts`) and the evaluation record (`evaluation_record.ts`), average
 * ranks and the index (`ranks.ts`, `mbi.ts`), statistics (`stats.ts`), seeds
 * (`seed.ts`), the self-play position draw (`selection.ts`), game rules and
 * adjudication (`rules.ts`, `adjudication.ts`), the budgets of every
 * profile (`profiles.ts`), and for outcome tables the reading of PGN headers
 * (`pgn_headers.ts`), per-position counts (`outcomes.ts`) and the score
 * interval (`intervals.ts`).
 *
 * May import: core, engine.
 *
 * @module
 */

export * from "./adjudication.ts";
export * from "./borderline.ts";
export * from "./chess960.ts";
export * from "./completed.ts";
export * from "./evaluation_record.ts";
export * from "./intervals.ts";
export * from "./kendall.ts";
export * from "./labels.ts";
export * from "./mbi.ts";
export * from "./outcomes.ts";
export * from "./pgn_headers.ts";
export * from "./positions_csv.ts";
export * from "./profiles.ts";
export * from "./ranks.ts";
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
