/**
 * `deno task check-determinism [--engine ID|PATH] [--profile P] [--positions K]`:
 * evaluates K positions twice in fresh engine processes and reports whether
 * the results are identical (writes determinism.json beside the dataset).
 *
 * @module
 */

import { checkDeterminism } from "../stages/determinism.ts";
import { type CliSpec, parseCli, positiveInt, runCli } from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";

const USAGE: CliSpec = {
  usage:
    "deno task check-determinism [--engine ID|PATH] [--profile P] [--positions K]\n  evaluates K positions twice in fresh engine processes and compares",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      engine: { type: "string" },
      profile: { type: "string" },
      positions: { type: "string" },
    }, USAGE);
    const { profile, engine } = profileAndEngine(values.profile, {}, values.engine);
    const k = positiveInt("positions", values.positions) ?? 20;
    const positions = profile.positions.filter((_, i) =>
      i % Math.max(1, Math.floor(profile.positions.length / k)) === 0
    ).slice(0, k);
    const r = await checkDeterminism(profile, engine, positions);
    console.log(
      `${r.engine.uci_name}, ${JSON.stringify(r.limit)}, ${positions.length} positions evaluated twice: ` +
        (r.deterministic
          ? "identical (deterministic)"
          : `${r.differences.length} differ: SP ${r.differences.map((d) => d.sp).join(", ")}`),
    );
    return r.deterministic ? 0 : 1;
  });
}
