/**
 * Reading a profile's stage-5 `summary.json`: the one reader every page,
 * card, notebook and check uses, so a damaged or outdated summary is refused
 * with the command that writes it again instead of being shown as "no
 * self-play" in one place and trusted in another.
 *
 * @module
 */

import { MbiError, parseJsonText } from "../core/mod.ts";
import { type Profile } from "../method/mod.ts";
import { displayPath, readTextIfExists, summaryPath } from "../store/mod.ts";
import { type Summary, SUMMARY_SCHEMA } from "./statistics.ts";

/**
 * A profile's `summary.json`, or undefined when there is none; a `stage-input`
 * MbiError naming the file and `deno task stats` when it is not JSON, not a
 * summary, of another schema, or of another design than the profile's (the
 * field that differs named). Whether it still follows from its inputs is
 * checked by `currentStatistics`.
 */
export async function readSummary(profile: Profile): Promise<Summary | undefined> {
  const path = summaryPath(profile);
  const fix = `run deno task stats --profile ${profile.name}`;
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  const where = displayPath(path);
  const s = parseJsonText(text, where, "stage-input", fix) as Partial<Summary> | null;
  if (s?.kind !== "mbi-summary") throw new MbiError("stage-input", `${where} is not a stage-5 summary: ${fix}`);
  if (typeof s.schema === "number" && s.schema > SUMMARY_SCHEMA) {
    throw new MbiError(
      "stage-input",
      `${where} has schema ${s.schema}, newer than this code reads (${SUMMARY_SCHEMA}): ${fix} to write it with this code`,
    );
  }
  if (s.schema !== SUMMARY_SCHEMA) {
    throw new MbiError("stage-input", `${where} has schema ${s.schema} (older code): ${fix} to write it again`);
  }
  if (s.profile !== profile.name) {
    throw new MbiError("stage-input", `${where} is the summary of profile ${s.profile}, not ${profile.name}: ${fix}`);
  }
  const design: [string, unknown, unknown][] = [
    ["positions", s.n_positions, Math.min(profile.selfplay.positions, profile.positions.length)],
    ["games per position", s.selfplay?.games_per_position, profile.selfplay.games],
    ["nodes per move", s.selfplay?.nodes_per_move, profile.selfplay.nodesPerMove],
    ["resamples", s.resamples, profile.resamples],
    ["seed", s.seed, profile.seed],
  ];
  const d = design.find(([, file, want]) => file !== want);
  if (d) {
    throw new MbiError(
      "stage-input",
      `${where} is the summary of another design than profile ${profile.name} (${d[0]} ${d[1]}, the profile's ${
        d[2]
      }): ${fix}`,
    );
  }
  return s as Summary;
}
