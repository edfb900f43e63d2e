/**
 * `deno task engine-build-native`: builds Stockfish 17.1 for this CPU from Debian's source package, checks its bench
 * fingerprint and says how to use it.
 *
 * @module
 */

import { buildNative, DEBIAN_MIRROR, loadRegistry, resolveEngine, runBench, UciEngine } from "../engine/mod.ts";
import { command, flag, runCommand, text } from "./command.ts";

/** The declaration of `deno task engine-build-native`. */
export const COMMAND = command({
  name: "engine-build-native",
  description: "builds Stockfish 17.1 for this CPU from Debian's source package and checks its bench fingerprint",
  options: {
    arch: text("ARCH", "Stockfish's make target ARCH=, e.g. x86-64-avx2", {
      defaultText: "x86-64-vnni512 where the CPU has AVX-512 VNNI, else native",
    }),
    "no-pgo": flag("a plain build (make build) instead of the profile-guided one (make profile-build)"),
    mirror: text("URL", "the Debian mirror holding trixie's sources", { default: DEBIAN_MIRROR }),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const built = await buildNative({ arch: values.arch, mirror: values.mirror, pgo: !values["no-pgo"] });
  const engine = await UciEngine.start(resolveEngine("sf17.1-native").command);
  try {
    const bench = await runBench(engine);
    const reference = loadRegistry().reference_fingerprint;
    console.log(`built ${built.path} (make ${built.target} ARCH=${built.arch}) — ${engine.name}`);
    console.log(`fingerprint ${bench.nodes} nodes (reference ${reference}) in ${(bench.wallMs / 1000).toFixed(1)} s`);
    if (bench.nodes !== reference) {
      console.error("error: the native build does not search like Stockfish 17.1; do not use it for the MBI");
      return 1;
    }
    console.log(`use it with: --engine sf17.1-native   (or --engine ${built.path}, or MBI_ENGINE=sf17.1-native)`);
  } finally {
    await engine.quit();
  }
});
