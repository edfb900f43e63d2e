/**
 * `deno task check-determinism [--engine ID|PATH] [--profile P] [--positions K]`:
 * evaluates K positions twice in fresh engine processes and reports whether
 * the results are identical (writes determinism.json beside the dataset).
 *
 * @module
 */

import { checkDeterminism } from "../evaluation/mod.ts";
import { command, runCommand, whole } from "./command.ts";
import { ENGINE, PROFILE } from "./options.ts";
import { profileAndEngine } from "../runs/mod.ts";

/** The declaration of `deno task check-determinism`. */
export const COMMAND = command({
  name: "check-determinism",
  description: "evaluates K positions twice in fresh engine processes and compares (writes determinism.json)",
  details: ["exit 0 when every result is identical, 1 otherwise"],
  options: {
    engine: ENGINE,
    profile: PROFILE,
    positions: whole("K", "positions to evaluate twice, spread over the profile's", { default: 20 }),
  },
});

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const { profile, engine } = profileAndEngine(values.profile, {}, values.engine);
    const k = values.positions;
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
