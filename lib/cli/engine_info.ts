/**
 * `deno task engine-info [--engine ID|PATH] [--json]`: prints the engine's
 * identity and bench fingerprint, and whether it matches the MBI reference
 * engine (Stockfish 17.1: 2,030,154 nodes).
 *
 * @module
 */

import { buildHash, cachedBench, engineIdentity, loadRegistry, resolveEngine, UciEngine } from "../engine/mod.ts";
import { command, runCommand } from "./command.ts";
import { ENGINE, JSON_OUTPUT } from "./options.ts";
import { displayPath } from "../store/mod.ts";

/** The declaration of `deno task engine-info`. */
export const COMMAND = command({
  name: "engine-info",
  description: "the engine's identity and bench fingerprint, and whether it searches like the MBI reference engine",
  details: ["exit 0 when it matches the reference engine's fingerprint, 3 when it does not"],
  options: { engine: ENGINE, json: { ...JSON_OUTPUT, help: "print the identity as one JSON object" } },
});

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const resolved = resolveEngine(values.engine);
    const engine = await UciEngine.start(resolved.command);
    try {
      const wasCached = await cachedBench((await buildHash(resolved)).sha256);
      const id = await engineIdentity(resolved, engine);
      const expected = resolved.entry.fingerprint;
      if (values.json) {
        console.log(
          JSON.stringify({ ...id, expected_fingerprint: expected ?? null }),
        );
      } else {
        const ref = loadRegistry().reference_fingerprint;
        console.log(`engine      ${id.id}`);
        console.log(`uci name    ${id.uci_name} (${id.author})`);
        console.log(`version     ${id.version ?? "unknown"}`);
        console.log(`sha256      ${id.sha256}`);
        for (const f of id.files) console.log(`  ${f.sha256}  ${f.name}`);
        console.log(`nets        ${id.nets.join(", ") || "none declared"}`);
        const n = (x: number | null) => x === null ? "none" : x.toLocaleString("en-US");
        console.log(`fingerprint ${n(id.fingerprint)} nodes (MBI reference Stockfish 17.1: ${n(ref)})`);
        const cache = wasCached ? await cachedBench(id.sha256) : undefined;
        console.log(`measured    ${cache ? `from the cache ${displayPath(cache.path)}` : "now (and cached)"}`);
        if (expected !== undefined) {
          console.log(
            expected === id.fingerprint
              ? `declared    ${n(expected)} in data/engines.json: the same`
              : `declared    ${
                n(expected)
              } in data/engines.json: DIFFERS — runs with this entry are refused until its "fingerprint" is ${
                n(id.fingerprint)
              } (or removed)`,
          );
        }
        console.log(
          id.matches_reference
            ? "match       searches identically to the MBI reference engine"
            : `match       NO: results will differ from the MBI reference engine's${
              cache ? ` (if the cache is stale, delete ${displayPath(cache.path)} and run again)` : ""
            }`,
        );
        if (resolved.entry.sha256 && resolved.entry.sha256 !== id.sha256) {
          console.log(
            `note        binary SHA-256 differs from the registry's ${resolved.entry.sha256}`,
          );
        }
      }
      return id.matches_reference ? 0 : 3;
    } finally {
      await engine.quit();
    }
  });
}
