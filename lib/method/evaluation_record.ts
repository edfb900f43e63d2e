/**
 * One evaluated start position as the method records it: the value of the last completed iteration from White's
 * point of view, its depth and PV, and the raw engine output it was read from.
 *
 * @module
 */

import { POSITION_COUNT, type StartPosition, startPosition } from "./chess960.ts";
import { lastCompletedIteration } from "./completed.ts";
import { firstIllegalMove } from "./rules.ts";
import * as v from "valibot";
import { MAX_MATE_MOVES, MAX_SCORE_CP, negateScore, SearchLimit } from "../engine/mod.ts";
import { count, integer, text, texts } from "../core/mod.ts";

/**
 * One evaluated position, the `evaluate` record, as a line of a stage-1 file holds it (fields in the order
 * written): SP, back rank and FEN searched; the value of the last completed iteration from White's point of view
 * (`eval_cp`, or `mate`: moves to mate, positive when White mates; exactly one is set), its depth, selective depth
 * (null when not reported) and PV (UCI); the nodes of the whole search; the engine's `bestmove` (for reference);
 * the limit given; the wall time in ms (not part of the result); the raw output from `go` to `bestmove`; where it
 * was computed (`computed`: the file first written, the run as that file's manifest lists it, the engine binary's
 * SHA-256 and the code's commit; not part of the result, absent in files written before it).
 */
export const EvaluationRecordFields = v.object({
  sp: integer(),
  setup: text(),
  fen: text(),
  eval_cp: v.nullable(integer("is not a whole number or null")),
  mate: v.nullable(integer()),
  depth: count(),
  seldepth: v.nullable(count()),
  pv: texts("is not a list of moves"),
  nodes: v.nullable(count()),
  bestmove: text(),
  limit: SearchLimit,
  wall_ms: v.number("is not a number"),
  raw: texts("is not a list of engine output lines"),
  computed: v.optional(v.object({
    file: text(),
    run: text(),
    engine_sha256: text(),
    commit: text(),
  }, "is not where the record was computed (file, run, engine_sha256, commit)")),
}, "not a record (an object)");

/** The check that exactly one of `eval_cp` and `mate` is set, for a record of type `T`. */
export function oneValue<T extends { eval_cp: number | null; mate: number | null }>() {
  return v.check<T, string>(
    (r) => (r.eval_cp === null) !== (r.mate === null),
    "exactly one of eval_cp and mate must be set",
  );
}

/** An evaluation record: {@link EvaluationRecordFields}, one value set. */
export const EvaluationRecord = v.pipe(
  EvaluationRecordFields,
  oneValue<v.InferOutput<typeof EvaluationRecordFields>>(),
);

/** One evaluated position: the `evaluate` record (see the schema {@link EvaluationRecord}). */
export type EvaluationRecord = v.InferOutput<typeof EvaluationRecord>;

/**
 * What makes a record (as read from a file) impossible, or null when it can be true: a value beyond what an engine
 * reports, its back rank and FEN (when it has them) not those of its SP, a move of its PV or its best move (when
 * it has one) not legal from that position. The best move need not be the PV's first move: the PV is the last
 * completed iteration's, the best move may come from the interrupted one. SPs out of range: the range check's.
 */
export function recordImpossibility(
  r: {
    sp: number;
    setup?: string;
    fen?: string;
    eval_cp: number | null;
    mate: number | null;
    pv: readonly string[];
    bestmove?: string;
  },
): string | null {
  if (r.eval_cp !== null && Math.abs(r.eval_cp) > MAX_SCORE_CP) {
    return `eval_cp ${r.eval_cp} is beyond what an engine reports (at most ${MAX_SCORE_CP} in size)`;
  }
  if (r.mate !== null && Math.abs(r.mate) > MAX_MATE_MOVES) {
    return `mate ${r.mate} is beyond what an engine reports (at most ${MAX_MATE_MOVES} in size)`;
  }
  if (!Number.isInteger(r.sp) || r.sp < 0 || r.sp >= POSITION_COUNT) return null;
  const p = startPosition(r.sp);
  if (r.setup !== undefined && r.setup !== p.setup) return `setup ${r.setup} is not SP ${r.sp}'s (${p.setup})`;
  if (r.fen !== undefined && r.fen !== p.fen) return `fen "${r.fen}" is not SP ${r.sp}'s ("${p.fen}")`;
  const pv = firstIllegalMove(p.fen, r.pv);
  if (pv) return `its PV plays ${JSON.stringify(pv.uci)} at ply ${pv.ply}, not a legal move there`;
  if (r.bestmove !== undefined && firstIllegalMove(p.fen, [r.bestmove])) {
    return `bestmove ${JSON.stringify(r.bestmove)} is not a legal move of SP ${r.sp}`;
  }
  return null;
}

/** Builds an evaluation record from a search's output (White's point of view). */
export function toRecord(
  position: StartPosition,
  limit: SearchLimit,
  infos: Parameters<typeof lastCompletedIteration>[0],
  raw: string[],
  bestmove: string,
  wallMs: number,
): EvaluationRecord {
  const it = lastCompletedIteration(infos, limit);
  const whiteToMove = position.fen.split(" ")[1] !== "b";
  const score = whiteToMove ? it.score : negateScore(it.score);
  const withNodes = infos.filter((i) => i.nodes !== undefined);
  return {
    sp: position.sp,
    setup: position.setup,
    fen: position.fen,
    eval_cp: "cp" in score ? score.cp : null,
    mate: "mate" in score ? score.mate : null,
    depth: it.depth,
    seldepth: it.seldepth,
    pv: it.pv,
    nodes: withNodes[withNodes.length - 1]?.nodes ?? null,
    bestmove,
    limit,
    wall_ms: Math.round(wallMs),
    raw,
  };
}

/**
 * The records whose engine `bestmove` is not the first move of the recorded PV: the value and PV are the last
 * completed iteration's (the method's rule), while the engine may answer with the interrupted iteration's best move.
 */
export function bestmoveOffPv<T extends Pick<EvaluationRecord, "sp" | "pv" | "bestmove">>(records: readonly T[]): T[] {
  return records.filter((r) => r.pv.length > 0 && r.bestmove !== r.pv[0]);
}

/** Why a record's `bestmove` may differ from its PV's first move, with how many do (one sentence for people). */
export function bestmoveOffPvText(off: number, total: number): string {
  return `In ${off} of the ${total} records the engine's final \`bestmove\` is not the PV's first move. The value and ` +
    "PV are those of the last completed iteration (the method's rule); the engine answers with the best move " +
    "of the iteration the node limit cut short.";
}
