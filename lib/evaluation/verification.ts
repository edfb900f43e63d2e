/**
 * Recomputing positions from scratch to check them: verify-reproduce recomputes one position with a dataset's
 * recorded budget and options and compares value, depth and PV bit for bit; the determinism check evaluates some
 * positions twice, each time in a fresh engine process with the stage-1 settings, and writes `determinism.json`.
 *
 * @module
 */

import { join } from "node:path";
import { type EvaluationRecord, type Profile, startPosition } from "../method/mod.ts";
import { type EngineIdentity, engineIdentity, type ResolvedEngine } from "../engine/mod.ts";
import {
  type CodeVersion,
  codeVersion,
  type EvalDataset,
  evalFolderName,
  profileDir,
  writeFileAtomic,
} from "../store/mod.ts";
import { EvaluationSession } from "./evaluation_session.ts";
import { evalLimit } from "../runs/mod.ts";
import { MbiError, same } from "../core/mod.ts";

/**
 * Outcome of a verification: whether eval, mate, depth, seldepth, PV and nodes all match, the dataset's record and the
 * recomputed one, the fields that differ, the likely causes (from identities and settings), the engine used now.
 */
export interface Verification {
  match: boolean;
  recorded: EvaluationRecord;
  recomputed: EvaluationRecord;
  differences: string[];
  causes: string[];
  engine: EngineIdentity;
}

const COMPARED = ["eval_cp", "mate", "depth", "seldepth", "pv", "nodes"] as const;

/** Recomputes SP `sp` of `dataset` with `engine` and compares. */
export async function verifyReproduce(dataset: EvalDataset, sp: number, engine: ResolvedEngine): Promise<Verification> {
  const recorded = dataset.records.find((r) => r.sp === sp);
  if (!recorded) {
    const n = dataset.records.length;
    const some = n ? `, e.g. ${dataset.records.slice(0, 3).map((r) => r.sp).join(", ")}` : "";
    throw new MbiError("dataset", `SP ${sp} is not in ${dataset.path} (it holds ${n} positions${some})`);
  }
  const { config } = dataset.header;
  const session = new EvaluationSession(engine, { limit: config.limit, options: config.options });
  try {
    const e = await session.start();
    const identity = await engineIdentity(engine, e);
    const recomputed = await session.evaluate(startPosition(sp));
    const differences = COMPARED.filter((k) => !same(recorded[k], recomputed[k]))
      .map((k) => `${k}: recorded ${JSON.stringify(recorded[k])}, now ${JSON.stringify(recomputed[k])}`);
    const causes: string[] = [];
    if (differences.length) {
      const was = dataset.header.engine;
      if (was.fingerprint !== identity.fingerprint) {
        const theirs = `the dataset's ${was.fingerprint} (${was.uci_name})`;
        causes.push(`engine build: fingerprint ${identity.fingerprint} (${identity.uci_name}) differs from ${theirs}`);
      } else if (was.version !== identity.version) {
        causes.push(`engine version ${identity.version} vs the dataset's ${was.version}`);
      }
      if (!same(recorded.limit, config.limit)) {
        const header = JSON.stringify(config.limit);
        causes.push(`node budget: the record says ${JSON.stringify(recorded.limit)}, the header ${header}`);
      }
      const now = Object.fromEntries(e.optionsSet);
      for (const [k, v] of Object.entries(config.options)) {
        if (now[k] !== v) causes.push(`option ${k}: dataset ${v}, now ${now[k] ?? "unset"}`);
      }
      const unexplained = "the recorded value was not produced by this method (edited or corrupted record?)";
      if (causes.length === 0) causes.push(`same engine fingerprint, budget and options: ${unexplained}`);
    }
    return { match: differences.length === 0, recorded, recomputed, differences, causes, engine: identity };
  } finally {
    await session.close();
  }
}

/** Schema version of `determinism.json`. */
export const DETERMINISM_SCHEMA = 1;

/**
 * Outcome of a determinism check (`determinism.json`): the profile's results key, the engine, limit and positions,
 * whether both runs gave identical results for every position, and the positions whose runs differ with both results.
 */
export interface DeterminismReport {
  kind: "mbi-determinism-check";
  schema: number;
  profile: string;
  code: CodeVersion;
  created: string;
  engine: { id: string; uci_name: string };
  limit: unknown;
  positions: number[];
  deterministic: boolean;
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
        const { eval_cp, mate, depth, seldepth, pv, nodes } = await session.evaluate(startPosition(sp));
        results.set(sp, { eval_cp, mate, depth, seldepth, pv, nodes });
      }
    } finally {
      await session.close();
    }
    runs.push(results);
  }
  const differences = positions.filter((sp) => !same(runs[0].get(sp), runs[1].get(sp)))
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
