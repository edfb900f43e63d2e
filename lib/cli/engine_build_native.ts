/**
 * `deno task engine-build-native [--arch ARCH]`: builds Stockfish 17.1 for this
 * CPU from Debian's source package, checks its bench fingerprint and prints
 * the path to give as `--engine` (or use `--engine sf17.1-native`).
 *
 * @module
 */

import { loadRegistry, resolveEngine } from "../engine/registry.ts";
import { runBench } from "../engine/identity.ts";
import { buildNative } from "../engine/native_build.ts";
import { UciEngine } from "../engine/uci.ts";
import { type CliSpec, parseCli, runCli } from "./common.ts";

const USAGE: CliSpec = {
  usage:
    "deno task engine-build-native [--arch ARCH]\n  builds Stockfish 17.1 for this CPU from Debian's source package",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      arch: { type: "string" },
      mirror: { type: "string" },
    }, USAGE);
    const built = await buildNative({
      arch: values.arch,
      mirror: values.mirror,
    });
    const resolved = resolveEngine("sf17.1-native");
    const engine = await UciEngine.start(resolved.command);
    try {
      const bench = await runBench(engine);
      const reference = loadRegistry().reference_fingerprint;
      console.log(`built ${built.path} (ARCH ${built.arch}) — ${engine.name}`);
      console.log(
        `fingerprint ${bench.nodes} nodes (reference ${reference}) in ${(bench.wallMs / 1000).toFixed(1)} s`,
      );
      if (bench.nodes !== reference) {
        console.error(
          "error: the native build does not search like Stockfish 17.1; do not use it for the MBI",
        );
        return 1;
      }
      console.log(
        `use it with: --engine sf17.1-native   (or --engine ${built.path}, or MBI_ENGINE=sf17.1-native)`,
      );
    } finally {
      await engine.quit();
    }
  });
}
