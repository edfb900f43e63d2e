/**
 * `deno task engine-info`: the engine's identity and bench fingerprint, and whether it matches the MBI reference engine
 * (Stockfish 17.1).
 *
 * @module
 */

import { buildHash, cachedBench, engineIdentity, loadRegistry, resolveEngine, UciEngine } from "../engine/mod.ts";
import { int } from "../core/mod.ts";
import { displayPath } from "../store/mod.ts";
import { command, runCommand } from "./command.ts";
import { ENGINE, JSON_OUTPUT } from "./options.ts";

/** The declaration of `deno task engine-info`. */
export const COMMAND = command({
  name: "engine-info",
  description: "the engine's identity and bench fingerprint, and whether it searches like the MBI reference engine",
  details: ["exit 0 when it matches the reference engine's fingerprint, 3 when it does not"],
  options: { engine: ENGINE, json: { ...JSON_OUTPUT, help: "print the identity as one JSON object" } },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const resolved = resolveEngine(values.engine);
  const engine = await UciEngine.start(resolved.command);
  try {
    const wasCached = await cachedBench((await buildHash(resolved)).sha256);
    const id = await engineIdentity(resolved, engine);
    const expected = resolved.entry.fingerprint;
    if (values.json) {
      console.log(JSON.stringify({ ...id, expected_fingerprint: expected ?? null }));
      return id.matches_reference ? 0 : 3;
    }
    const n = (x: number | null) => x === null ? "none" : int(x);
    const reference = n(loadRegistry().reference_fingerprint);
    const cache = wasCached ? await cachedBench(id.sha256) : undefined;
    const lines = [
      `engine      ${id.id}`,
      `uci name    ${id.uci_name} (${id.author})`,
      `version     ${id.version ?? "unknown"}`,
      `sha256      ${id.sha256}`,
      ...id.files.map((f) => `  ${f.sha256}  ${f.name}`),
      `nets        ${id.nets.join(", ") || "none declared"}`,
      `fingerprint ${n(id.fingerprint)} nodes (MBI reference Stockfish 17.1: ${reference})`,
      `measured    ${cache ? `from the cache ${displayPath(cache.path)}` : "now (and cached)"}`,
    ];
    if (expected !== undefined) {
      lines.push(
        expected === id.fingerprint
          ? `declared    ${n(expected)} in data/engines.json: the same`
          : `declared    ${n(expected)} in data/engines.json: DIFFERS — runs with this entry are refused until its ` +
            `"fingerprint" is ${n(id.fingerprint)} (or removed)`,
      );
    }
    const stale = cache ? ` (if the cache is stale, delete ${displayPath(cache.path)} and run again)` : "";
    lines.push(
      id.matches_reference
        ? "match       searches identically to the MBI reference engine"
        : `match       NO: results will differ from the MBI reference engine's${stale}`,
    );
    if (resolved.entry.sha256 && resolved.entry.sha256 !== id.sha256) {
      lines.push(`note        binary SHA-256 differs from the registry's ${resolved.entry.sha256}`);
    }
    console.log(lines.join("\n"));
    return id.matches_reference ? 0 : 3;
  } finally {
    await engine.quit();
  }
});
