/**
 * What a command runs: the profile (with its budget overrides) and the engine,
 * and the stage-1 search limit of that engine under that profile. Another
 * engine's results go to `results/<profile>@<engine>/`, never mixed with the
 * reference engine's (Stockfish 17.1, WASM or native: one fingerprint).
 *
 * @module
 */

import {
  defaultEngineId,
  type EngineEntry,
  isReferenceEngine,
  loadRegistry,
  type ResolvedEngine,
  resolveEngine,
  type SearchLimit,
} from "../engine/mod.ts";
import { isMbiError, MbiError } from "../core/mod.ts";
import { type Profile, type ProfileOverrides } from "../method/mod.ts";
import { baseProfileName, getProfile, parseKey } from "../store/mod.ts";

/** Results-folder tag of an engine: none for the reference engine, else its id (or `path-<name>`). */
export function engineTag(entry: EngineEntry): string | null {
  if (isReferenceEngine(entry)) return null;
  if (entry.id.startsWith("path:")) return `path-${entry.id.split("/").pop()!.replace(/[^\w.-]/g, "_")}`;
  return entry.id;
}

/**
 * The profile and engine of a command: `--engine` (or the engine a profile
 * name like `quick@sf18-wasm` names, or `$MBI_ENGINE`, or the default).
 */
export function profileAndEngine(
  profileName: string | undefined,
  overrides: ProfileOverrides = {},
  engineArg?: string,
  opts: { requireBinary?: boolean } = {},
): { profile: Profile; engine: ResolvedEngine } {
  const named = getProfile(profileName, overrides);
  const arg = engineArg ?? named.engine ?? undefined;
  const engine = resolveEngine(arg, opts);
  const tag = engineTag(engine.entry);
  if (named.engine && tag !== named.engine) {
    throw new MbiError(
      "engine-config",
      `profile ${named.name} holds results of engine ${named.engine}, not of ${engine.entry.id}`,
    );
  }
  // named.name is canonical (overrides included), so only the engine tag is put in place.
  return { profile: getProfile(named.name.split("@")[0], {}, tag), engine };
}

/**
 * The stage-1 search limit of an engine under a profile: the profile's node
 * budget, or the engine's own budget for the profile from the registry (a
 * depth for engines without `go nodes`). An override that the engine cannot
 * honour is a clear error.
 */
export function evalLimit(profile: Profile, entry: EngineEntry): SearchLimit {
  const overrides = parseKey(profile.name).overrides;
  if (profile.evalDepth !== null) {
    if (entry.limit !== "depth" && !entry.id.startsWith("path:")) {
      throw new MbiError("engine-config", `engine ${entry.id} takes node budgets (go nodes), not --depth`);
    }
    return { depth: profile.evalDepth };
  }
  const base = baseProfileName(profile);
  const own = entry.budgets?.[base];
  if (entry.limit === "depth") {
    if (overrides.evalNodes !== undefined) {
      throw new MbiError(
        "engine-config",
        `engine ${entry.id} honours only depth limits (no go nodes): give --depth, not --nodes`,
      );
    }
    if (!own || !("depth" in own)) {
      throw new MbiError(
        "engine-config",
        `engine ${entry.id} honours only depth limits; data/engines.json gives it no depth budget for profile ${base} (give --depth)`,
      );
    }
    return own;
  }
  return own && "nodes" in own && overrides.evalNodes === undefined ? own : { nodes: profile.evalNodes };
}

/**
 * The engine to recompute a dataset with: `--engine` when given, else the
 * engine recorded in its header; when that is a reference build that is not
 * on this machine (e.g. the native build, not built here), the default
 * reference engine, which searches node for node alike (same fingerprint).
 * Returns the engine and a note saying which was chosen.
 */
export function engineForDataset(
  header: { engine: { id: string }; config: { engine_fingerprint: number | null } },
  engineArg?: string,
): { engine: ResolvedEngine; note: string } {
  if (engineArg) return { engine: resolveEngine(engineArg), note: `engine ${engineArg} (--engine)` };
  const recorded = header.engine.id.replace(/^path:/, "");
  try {
    return { engine: resolveEngine(recorded), note: `engine ${recorded}, as recorded` };
  } catch (e) {
    const reference = loadRegistry().reference_fingerprint;
    if (!isMbiError(e, "engine-config", "engine-missing") || header.config.engine_fingerprint !== reference) throw e;
    const fallback = resolveEngine(defaultEngineId());
    return {
      engine: fallback,
      note:
        `the dataset's engine ${recorded} is not on this machine; using ${fallback.entry.id}, which has the same fingerprint ${reference}`,
    };
  }
}

/**
 * What a profile's stage-1 dataset must say of itself: its search limit and
 * the engine fingerprint (the reference fingerprint for the reference
 * folder, the registry's for another engine's). Null where it cannot be
 * known without the engine (an engine given by path).
 */
export function expectedDataset(profile: Profile): { limit: SearchLimit | null; fingerprint: number | null } {
  const registry = loadRegistry();
  if (!profile.engine) {
    const entry = registry.engines.find((e) => e.id === defaultEngineId()) ?? registry.engines[0];
    return { limit: evalLimit(profile, entry), fingerprint: registry.reference_fingerprint };
  }
  const entry = registry.engines.find((e) => e.id === profile.engine);
  if (!entry) return { limit: null, fingerprint: null };
  return { limit: evalLimit(profile, entry), fingerprint: entry.fingerprint ?? null };
}
