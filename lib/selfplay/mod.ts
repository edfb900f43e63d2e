/**
 * **selfplay** — stage 4: one game between two engines (`game.ts`), distinct openings by
 * construction (`openings.ts`), the games file's records, readers and shard merge (`records.ts`), what is played and where (`plan.ts`), the
 * resumable run of the games (`play.ts`: `playGames`), results per position (`results.ts`), PGN (`pgn.ts`) and
 * stage 4 as one call with replay (`stage.ts`: `runSelfplay`, `readSelfplayResults`, `loadSelfplay`, `replayGame`) and a
 * games file checked without an engine (`check_games.ts`: `checkGames`).
 *
 * May import: core, engine, method, store, plot, runs, evaluation.
 *
 * @module
 */

export * from "./check_games.ts";
export * from "./game.ts";
export * from "./openings.ts";
export * from "./pgn.ts";
export * from "./plan.ts";
export * from "./play.ts";
export * from "./records.ts";
export * from "./results.ts";
export * from "./stage.ts";
