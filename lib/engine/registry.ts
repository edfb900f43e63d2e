/**
 * Engines as data: the registry in `data/engines.json`, and turning an
 * `--engine ID|PATH` argument into a command that starts the engine.
 *
 * @module
 */

import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MbiError, pathExists, repoPath } from "../core/mod.ts";
import type { EngineCommand } from "./uci.ts";
import { ADAPTERS, type UciAdapter } from "./adapters.ts";
import type { SearchLimit } from "./limit.ts";

/** UCI option values as given in the registry or on the command line. */
export type UciOptions = Record<string, string | number | boolean>;

/** How an engine is started: a WASM build in an npm package, or an executable (from a Debian package). */
export type EngineStart =
  | { npm: string; file: string }
  | { path: string; debian?: string };

/** One engine of the registry. */
export interface EngineEntry {
  /** Short id used with `--engine`. */
  id: string;
  /** Human-readable description. */
  name: string;
  /** How to start it. */
  start: EngineStart;
  /** The search limit it honours. */
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
  /** Name of an adapter in lib/adapters for a protocol difference (none for plain UCI engines). */
  adapter?: string;
}

/** The registry file's content. */
export interface EngineRegistry {
  /** Schema version of the file. */
  schema: number;
  /** Bench fingerprint of the MBI reference engine (Stockfish 17.1). */
  reference_fingerprint: number;
  /** UCI options of the method, given to an engine started from a path (registry entries carry their own). */
  method_options: UciOptions;
  /** The known engines. */
  engines: EngineEntry[];
}

/** An engine ready to start: its entry (known or ad hoc) and the command. */
export interface ResolvedEngine {
  /** The registry entry, or an ad-hoc one for a path. */
  entry: EngineEntry;
  /** The process to start. */
  command: EngineCommand;
  /** Files whose SHA-256 identifies the build (executable, or WASM .js + .wasm parts). */
  files: string[];
}

/** Id of the embedded default engine. */
export const DEFAULT_ENGINE_ID = "sf17.1-wasm";

/** Id of the native build of the reference engine (`deno task engine-build-native`). */
export const NATIVE_ENGINE_ID = "sf17.1-native";

/**
 * The engine used when none is named: the native Stockfish 17.1 when it has
 * been built (it searches node for node like the WASM build, about 2.5–3x
 * faster), else the embedded WASM build.
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
  registryCache ??= JSON.parse(
    Deno.readTextFileSync(repoPath("data", "engines.json")),
  );
  return registryCache!;
}

/**
 * Resolves `--engine ID|PATH` (or `$MBI_ENGINE`, or the default: the native
 * reference build when built, else the WASM one) into a command. A value with a `/` or naming an existing file is a path; any
 * other value must be a registry id.
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
  throw new MbiError(
    "engine-config",
    `unknown engine "${value}" (known ids: ${
      registry.engines.map((e) => e.id).join(", ")
    }; or give a path to a UCI executable)`,
  );
}

/** Builds the start command of a registry entry (exported for tests of entries not in the registry). */
export function fromEntry(entry: EngineEntry, requireBinary = true): ResolvedEngine {
  if ("npm" in entry.start) {
    const { npm, file } = entry.start;
    const specifier = `npm:${npm}/${file}`;
    const main = fileURLToPath(import.meta.resolve(specifier));
    const dir = main.slice(0, main.lastIndexOf("/"));
    const stem = main.slice(main.lastIndexOf("/") + 1).replace(/\.js$/, "");
    return {
      entry,
      command: {
        file: Deno.execPath(),
        args: [
          "run",
          "--quiet",
          "--config",
          repoPath("deno.json"),
          "--allow-read",
          "--preload",
          repoPath("lib", "engine", "wasm_preload.js"),
          specifier,
        ],
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
      if (
        e.name === `${stem}.wasm` ||
        (e.name.startsWith(`${stem}-part-`) && e.name.endsWith(".wasm"))
      ) {
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
    throw new MbiError(
      "engine-config",
      `engine ${entry.id}: unknown adapter "${entry.adapter}" (known: ${Object.keys(ADAPTERS).join(", ")})`,
    );
  }
  return make;
}
