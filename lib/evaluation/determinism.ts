/**
 * Determinism check of an engine: evaluate some positions twice, each time in
 * a fresh engine process with the stage-1 settings, and compare value, depth,
 * PV and nodes. Writes `determinism.json` into the profile's folder.
 *
 * @module
 */

import { join } from "node:path";
import { type CodeVersion, codeVersion, evalFolderName, profileDir, writeFileAtomic } from "../store/mod.ts";
import { type Profile, startPosition } from "../method/mod.ts";
import { type ResolvedEngine } from "../engine/mod.ts";
import { EvaluationSession } from "./evaluation_session.ts";
import { evalLimit } from "../runs/mod.ts";
import { same } from "../core/mod.ts";

/** Schema version of `determinism.json`. */
export const DETERMINISM_SCHEMA = 1;

/** Outcome of a determinism check. */
export interface DeterminismReport {
  /** File kind. */
  kind: "mbi-determinism-check";
  /** Schema version. */
  schema: number;
  /** Profile (results key). */
  profile: string;
  /** Code that ran the check. */
  code: CodeVersion;
  /** When the check ran. */
  created: string;
  /** Engine id and name. */
  engine: { id: string; uci_name: string };
  /** The search limit used. */
  limit: unknown;
  /** Positions checked. */
  positions: number[];
  /** True when both runs gave identical results for every position. */
  deterministic: boolean;
  /** Positions whose two runs differ, with both results. */
  differences: { sp: number; first: unknown; second: unknown }[];
}

/** Runs the check and writes `results/<profile>/determinism.json`. */
export async function checkDeterminism(
  profile: Profile,
  engine: ResolvedEngine,
  positions: number[],
): Promise<DeterminismReport> {
  const settings = { limit: evalLimit(profile, engine.entry), options: engine.entry.options };
  const runs: Map<number, unknown>[] = [];
  let name = "";
  for (let run = 0; run < 2; run++) {
    const session = new EvaluationSession(engine, settings);
    const results = new Map<number, unknown>();
    try {
      name = (await session.start()).name;
      for (const sp of positions) {
        const r = await session.evaluate(startPosition(sp));
        results.set(sp, {
          eval_cp: r.eval_cp,
          mate: r.mate,
          depth: r.depth,
          seldepth: r.seldepth,
          pv: r.pv,
          nodes: r.nodes,
        });
      }
    } finally {
      await session.close();
    }
    runs.push(results);
  }
  const differences = positions
    .filter((sp) => !same(runs[0].get(sp), runs[1].get(sp)))
    .map((sp) => ({ sp, first: runs[0].get(sp), second: runs[1].get(sp) }));
  const report: DeterminismReport = {
    kind: "mbi-determinism-check",
    schema: DETERMINISM_SCHEMA,
    profile: evalFolderName(profile),
    code: await codeVersion(),
    created: new Date().toISOString(),
    engine: { id: engine.entry.id, uci_name: name },
    limit: settings.limit,
    positions,
    deterministic: differences.length === 0,
    differences,
  };
  await writeFileAtomic(join(profileDir(profile), "determinism.json"), JSON.stringify(report, null, 1) + "\n");
  return report;
}
