/**
 * verify-reproduce: recompute one position from scratch with a dataset's
 * recorded budget and options, and compare value, depth and PV bit for bit.
 *
 * @module
 */

import { type EvaluationRecord, startPosition } from "../method/mod.ts";
import { type EngineIdentity, engineIdentity, type ResolvedEngine } from "../engine/mod.ts";
import { type EvalDataset } from "../store/mod.ts";
import { EvaluationSession } from "./evaluation_session.ts";
import { MbiError, same } from "../core/mod.ts";

/** Outcome of a verification. */
export interface Verification {
  /** True when eval, mate, depth, seldepth, PV and nodes are all equal. */
  match: boolean;
  /** The dataset's record. */
  recorded: EvaluationRecord;
  /** The recomputed record. */
  recomputed: EvaluationRecord;
  /** Fields that differ. */
  differences: string[];
  /** Likely causes of a mismatch, from comparing identities and settings. */
  causes: string[];
  /** Identity of the engine used now. */
  engine: EngineIdentity;
}

const COMPARED = [
  "eval_cp",
  "mate",
  "depth",
  "seldepth",
  "pv",
  "nodes",
] as const;

/** Recomputes SP `sp` of `dataset` with `engine` and compares. */
export async function verifyReproduce(
  dataset: EvalDataset,
  sp: number,
  engine: ResolvedEngine,
): Promise<Verification> {
  const recorded = dataset.records.find((r) => r.sp === sp);
  if (!recorded) {
    throw new MbiError(
      "dataset",
      `SP ${sp} is not in ${dataset.path} (it holds ${dataset.records.length} positions${
        dataset.records.length ? `, e.g. ${dataset.records.slice(0, 3).map((r) => r.sp).join(", ")}` : ""
      })`,
    );
  }
  const { config } = dataset.header;
  const session = new EvaluationSession(engine, {
    limit: config.limit,
    options: config.options,
  });
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
        causes.push(
          `engine build: fingerprint ${identity.fingerprint} (${identity.uci_name}) differs from the dataset's ${was.fingerprint} (${was.uci_name})`,
        );
      } else if (was.version !== identity.version) {
        causes.push(
          `engine version ${identity.version} vs the dataset's ${was.version}`,
        );
      }
      if (!same(recorded.limit, config.limit)) {
        causes.push(
          `node budget: the record says ${JSON.stringify(recorded.limit)}, the header ${JSON.stringify(config.limit)}`,
        );
      }
      const now = Object.fromEntries(e.optionsSet);
      for (const [k, v] of Object.entries(config.options)) {
        if (now[k] !== v) {
          causes.push(`option ${k}: dataset ${v}, now ${now[k] ?? "unset"}`);
        }
      }
      if (causes.length === 0) {
        causes.push(
          "same engine fingerprint, budget and options: the recorded value was not produced by this method (edited or corrupted record?)",
        );
      }
    }
    return {
      match: differences.length === 0,
      recorded,
      recomputed,
      differences,
      causes,
      engine: identity,
    };
  } finally {
    await session.close();
  }
}
