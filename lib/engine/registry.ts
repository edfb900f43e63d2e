/**
 * Engines as data: the registry in `data/engines.json`, turning an `--engine ID|PATH` argument into a command, and the
 * one place where an engine is started with options (each checked against what the engine declares; a failure kills
 * it).
 *
 * @module
 */

import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MbiError, pathExists, repoPath } from "../core/mod.ts";
import { DEFAULT_TIMEOUTS, type EngineCommand, type EngineTimeouts, UciEngine } from "./uci.ts";
import { ADAPTERS, type UciAdapter } from "./adapters.ts";
import type { SearchLimit } from "./limit.ts";

/** UCI option values as given in the registry or on the command line. */
export type UciOptions = Record<string, string | number | boolean>;

/** How an engine is started: a WASM build in an npm package, or an executable (from a Debian package). */
export type EngineStart =
  | { npm: string; file: string }
  | { path: string; debian?: string };

/** One engine of the registry: its `--engine` id, a description, how it starts, the search limit it honours. */
export interface EngineEntry {
  id: string;
  name: string;
  start: EngineStart;
  limit: "nodes" | "depth";
  /** UCI options for the MBI method. */
  options: UciOptions;
  /** Expected bench fingerprint (nodes), when known. */
  fingerprint?: number;
  /** Expected SHA-256 of the executable, when known. */
  sha256?: string;
  /** Stage-1 budgets per profile, for engines whose limit or speed differs (e.g. a depth). */
  budgets?: Record<string, SearchLimit>;
  /** Notes on the engine's behaviour (measured), shown with its results. */
  notes?: string;
  /** Name of an adapter (adapters.ts) for a protocol difference (none for plain UCI engines). */
  adapter?: string;
}

/** The registry file's content. */
export interface EngineRegistry {
  schema: number;
  /** Bench fingerprint of the MBI reference engine (Stockfish 17.1). */
  reference_fingerprint: number;
  /** UCI options of the method, given to an engine started from a path (registry entries carry their own). */
  method_options: UciOptions;
  engines: EngineEntry[];
}

/**
 * An engine ready to start: its registry entry (or an ad-hoc one for a path), the process to start, and the files whose
 * SHA-256 identifies the build (executable, or WASM .js + .wasm parts).
 */
export interface ResolvedEngine {
  entry: EngineEntry;
  command: EngineCommand;
  files: string[];
}

/** Id of the embedded default engine. */
export const DEFAULT_ENGINE_ID = "sf17.1-wasm";

/** Id of the native build of the reference engine (`deno task engine-build-native`). */
export const NATIVE_ENGINE_ID = "sf17.1-native";

/**
 * The engine used when none is named: the native Stockfish 17.1 when it has been built (it searches node for node like
 * the WASM build, about 2.5–3x faster), else the embedded WASM build.
 */
export function defaultEngineId(): string {
  const native = loadRegistry().engines.find((e) => e.id === NATIVE_ENGINE_ID);
  if (native && "path" in native.start && pathExists(repoPath(native.start.path))) return NATIVE_ENGINE_ID;
  return DEFAULT_ENGINE_ID;
}

/** Environment variable that selects the engine when `--engine` is not given. */
export const ENGINE_ENV = "MBI_ENGINE";

let registryCache: EngineRegistry | undefined;

/** Reads `data/engines.json`. */
export function loadRegistry(): EngineRegistry {
  registryCache ??= JSON.parse(Deno.readTextFileSync(repoPath("data", "engines.json")));
  return registryCache!;
}

/**
 * Resolves `--engine ID|PATH` (or `$MBI_ENGINE`, or {@link defaultEngineId}) into a command. A value with a `/` or
 * naming an existing file is a path; any other value must be a registry id.
 */
export function resolveEngine(arg?: string, opts: { requireBinary?: boolean } = {}): ResolvedEngine {
  const value = arg ?? (Deno.env.get(ENGINE_ENV) || defaultEngineId());
  const registry = loadRegistry();
  const entry = registry.engines.find((e) => e.id === value);
  if (entry) return fromEntry(entry, opts.requireBinary ?? true);
  if (value.includes("/") || pathExists(value)) {
    const path = resolve(value);
    return fromEntry({
      id: `path:${path}`,
      name: `UCI engine at ${path}`,
      start: { path },
      limit: "nodes",
      options: { ...registry.method_options },
    });
  }
  const known = registry.engines.map((e) => e.id).join(", ");
  const message = `unknown engine "${value}" (known ids: ${known}; or give a path to a UCI executable)`;
  throw new MbiError("engine-config", message);
}

/** Builds the start command of a registry entry (exported for tests of entries not in the registry). */
export function fromEntry(entry: EngineEntry, requireBinary = true): ResolvedEngine {
  if ("npm" in entry.start) {
    const { npm, file } = entry.start;
    const specifier = `npm:${npm}/${file}`;
    const main = fileURLToPath(import.meta.resolve(specifier));
    const dir = main.slice(0, main.lastIndexOf("/"));
    const stem = main.slice(main.lastIndexOf("/") + 1).replace(/\.js$/, "");
    const preload = repoPath("lib", "engine", "wasm_preload.js");
    return {
      entry,
      command: {
        file: Deno.execPath(),
        args: ["run", "--quiet", "--config", repoPath("deno.json"), "--allow-read", "--preload", preload, specifier],
        label: entry.id,
      },
      files: [main, ...wasmParts(dir, stem)],
    };
  }
  const path = isAbsolute(entry.start.path) || !entry.start.path.includes("/")
    ? entry.start.path
    : repoPath(entry.start.path);
  if (requireBinary && !entry.id.startsWith("path:") && path.includes("/") && !pathExists(path)) {
    const how = entry.start.debian
      ? `install it with: apt-get install ${entry.start.debian}`
      : entry.id === NATIVE_ENGINE_ID
      ? "build it with: deno task engine-build-native"
      : "give the path of an engine binary";
    throw new MbiError("engine-missing", `engine ${entry.id}: missing binary ${path}; ${how}`);
  }
  return {
    entry,
    command: {
      file: path,
      args: [],
      label: entry.id.startsWith("path:") ? path : entry.id,
      ...(entry.adapter ? { adapter: adapterOf(entry) } : {}),
    },
    files: [path],
  };
}

/** The .wasm files of an npm Stockfish build: `<stem>.wasm` or `<stem>-part-N.wasm`. */
function wasmParts(dir: string, stem: string): string[] {
  const parts: string[] = [];
  try {
    for (const e of Deno.readDirSync(dir)) {
      if (e.name === `${stem}.wasm` || (e.name.startsWith(`${stem}-part-`) && e.name.endsWith(".wasm"))) {
        parts.push(`${dir}/${e.name}`);
      }
    }
  } catch {
    // not downloaded yet: the files are listed again after the engine started
  }
  return parts.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}

/** Lists the identifying files again (an npm package is downloaded on first start). */
export function engineFiles(engine: ResolvedEngine): string[] {
  return "npm" in engine.entry.start ? fromEntry(engine.entry).files : engine.files;
}

/** True when the registry says the engine searches like the MBI reference engine (same bench fingerprint). */
export function isReferenceEngine(entry: EngineEntry): boolean {
  return entry.fingerprint !== undefined && entry.fingerprint === loadRegistry().reference_fingerprint;
}

function adapterOf(entry: EngineEntry): () => UciAdapter {
  const make = ADAPTERS[entry.adapter!];
  if (!make) {
    const known = Object.keys(ADAPTERS).join(", ");
    throw new MbiError("engine-config", `engine ${entry.id}: unknown adapter "${entry.adapter}" (known: ${known})`);
  }
  return make;
}

/** The option every engine is started with, true: the positions are Chess960 starts (castling by Chess960 rules). */
export const CHESS960_OPTION = "UCI_Chess960";

/** `options` with {@link CHESS960_OPTION} true (added when missing); an entry that sets it otherwise is refused. */
export function withChess960(options: UciOptions, engineId: string): UciOptions {
  const key = Object.keys(options).find((k) => k.toLowerCase() === CHESS960_OPTION.toLowerCase());
  if (key === undefined) return { ...options, [CHESS960_OPTION]: true };
  if (String(options[key]) !== "true") {
    const is = `option ${key} is ${options[key]}`;
    const message = `engine ${engineId}: ${is}, but every position here is a Chess960 start: it must be true`;
    throw new MbiError("engine-config", message);
  }
  return options;
}

/**
 * Starts `engine` and sets `options` (default: the registry entry's), always with {@link CHESS960_OPTION} true; an
 * engine that does not declare that option is refused (it cannot castle in Chess960 start positions).
 */
export async function launchEngine(
  engine: ResolvedEngine,
  options: UciOptions = engine.entry.options,
  timeouts: EngineTimeouts = DEFAULT_TIMEOUTS,
): Promise<UciEngine> {
  const all = withChess960(options, engine.entry.id);
  const e = await UciEngine.start(engine.command, timeouts);
  try {
    if (!e.declared.has(CHESS960_OPTION.toLowerCase())) {
      const which = `engine ${engine.entry.id} (${e.name})`;
      const cannot = "it cannot play Chess960 start positions, so it cannot be used here";
      throw new MbiError("engine-option", `${which} does not declare the option ${CHESS960_OPTION}: ${cannot}`);
    }
    for (const [name, value] of Object.entries(all)) await e.setOption(name, value);
  } catch (err) {
    e.kill();
    throw err;
  }
  return e;
}
