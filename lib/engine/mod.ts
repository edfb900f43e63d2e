/**
 * **engine** — talking to chess engines, and nothing about the method (protocol apart from policy, as in python-chess's
 * engine module): the UCI client and its failures, info lines, search limits, the registry, identity, adapters, and the
 * native build of Stockfish 17.1.
 *
 * May import: core.
 *
 * @module
 */

export * from "./adapters.ts";
export * from "./failures.ts";
export * from "./identity.ts";
export * from "./info.ts";
export * from "./limit.ts";
export * from "./native_build.ts";
export * from "./registry.ts";
export * from "./uci.ts";
