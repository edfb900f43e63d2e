/**
 * **engine** — talking to chess engines, and nothing about the method: the
 * UCI client (`uci.ts`: handshake, options, searches; its time limits in
 * `timeouts.ts`; every failure an error with its own code, `failures.ts`),
 * info-line parsing (`info.ts`), search limits (`limit.ts`), the engine
 * registry (`registry.ts`, data in `data/engines.json`), starting an engine
 * with its options (`launch.ts`), identity and the bench fingerprint
 * (`identity.ts`), protocol adapters (`adapters.ts`) and the native build of
 * Stockfish 17.1 (`native_build.ts`). Protocol apart from policy, as in
 * python-chess's engine module: which value counts, how positions are
 * evaluated and games played is the method's and the stages' business.
 *
 * May import: core.
 *
 * @module
 */

export * from "./adapters.ts";
export * from "./failures.ts";
export * from "./identity.ts";
export * from "./info.ts";
export * from "./launch.ts";
export * from "./limit.ts";
export * from "./native_build.ts";
export * from "./option_line.ts";
export * from "./registry.ts";
export * from "./timeouts.ts";
export * from "./uci.ts";
