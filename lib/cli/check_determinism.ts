/**
 * `deno task check-determinism`: evaluates K positions twice in fresh engine processes and says whether the results are
 * identical (determinism.json).
 *
 * @module
 */

import { checkDeterminism } from "../evaluation/mod.ts";
import { profileAndEngine } from "../runs/mod.ts";
import { command, runCommand, whole } from "./command.ts";
import { ENGINE, PROFILE } from "./options.ts";

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

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { profile, engine } = profileAndEngine(values.profile, {}, values.engine);
  const k = values.positions;
  const step = Math.max(1, Math.floor(profile.positions.length / k));
  const positions = profile.positions.filter((_, i) => i % step === 0).slice(0, k);
  const r = await checkDeterminism(profile, engine, positions);
  const verdict = r.deterministic
    ? "identical (deterministic)"
    : `${r.differences.length} differ: SP ${r.differences.map((d) => d.sp).join(", ")}`;
  const twice = `${positions.length} positions evaluated twice`;
  console.log(`${r.engine.uci_name}, ${JSON.stringify(r.limit)}, ${twice}: ${verdict}`);
  return r.deterministic ? 0 : 1;
});
