/**
 * **selfplay** — stage 4: games between two engines from distinct openings, their files and results, stage 4 as one
 * call (`runSelfplay`), and a game replayed (`replayGame`) or a games file checked without an engine (`checkGames`).
 *
 * May import: core, engine, method, store, plot, runs, evaluation.
 *
 * @module
 */

export * from "./check_games.ts";
export * from "./openings.ts";
export * from "./plan.ts";
export * from "./play.ts";
export * from "./records.ts";
export * from "./results.ts";
export * from "./stage.ts";
