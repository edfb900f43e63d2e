/**
 * Checks a games file against its own header and opening sets without an engine: every move legal from the start
 * position, each recorded SAN the move's, no game going on past its end and each result and termination the one the
 * rules and the recorded scores give (`outcomeAfterMove`, the same rule the games were played by), each seed and
 * opening line the one the design derives (`gameSpec`), and no two games of a position starting from one position after
 * their openings where the design promises distinct ones. What it cannot check is what the engine chose: `replayGame`
 * does that, one game at a time, at the games' own cost.
 *
 * @module
 */

import { GameState, outcomeAfterMove, seedHex, type WhiteScore } from "../method/mod.ts";
import { gameSpec } from "./plan.ts";
import { lineEnd } from "./openings.ts";
import { type GameRecord, openingDistinct, type OpeningSet, type SelfplayHeader } from "./records.ts";

/** One thing wrong with one game (its SP and index, 1-based), in one line. */
export interface GameProblem {
  sp: number;
  game: number;
  problem: string;
}

/**
 * What {@link checkGames} found (`planned`: positions × games; `shared_opening_end`: games that start after their
 * opening from a position another game of their SP started from; `distinct_by_position`: the design promises none).
 */
export type GamesCheck = ReturnType<typeof checkGames>;

/**
 * Checks games against the header and opening sets of their file (pure; with the sets missing, that is one problem of
 * the file and the moves are still replayed).
 */
export function checkGames(
  header: Pick<SelfplayHeader, "config" | "selection">,
  sets: readonly OpeningSet[] | undefined,
  games: readonly GameRecord[],
) {
  const { config } = header;
  const fen = new Map(header.selection.map((s) => [s.sp, s.fen]));
  const setOf = new Map((sets ?? []).map((s) => [s.sp, s]));
  const problems: GameProblem[] = [];
  const seen = new Set<string>();
  const ends = new Map<number, Map<string, number>>();
  let plies = 0;
  let sound = 0;
  for (const g of games) {
    const found: string[] = [];
    const key = `${g.sp}/${g.game}`;
    if (seen.has(key)) found.push("recorded twice");
    seen.add(key);
    const start = fen.get(g.sp);
    if (start === undefined || !config.positions.includes(g.sp)) {
      problems.push({ sp: g.sp, game: g.game, problem: `SP ${g.sp} is not one of the design's positions` });
      continue;
    }
    if (!Number.isInteger(g.game) || g.game < 1 || g.game > config.games) {
      found.push(`game index ${g.game} is outside 1..${config.games}`);
    }
    const set = setOf.get(g.sp);
    if (!set) {
      if (sets) found.push("no opening set for its position in openings.jsonl");
    } else if (!found.length) {
      const spec = gameSpec(config, { sp: g.sp, fen: start }, g.game, set);
      if (g.seed !== seedHex(spec.seed)) found.push(`seed ${g.seed}, the design derives ${seedHex(spec.seed)}`);
      if (g.opening.index !== spec.opening.index) {
        found.push(`opening line ${g.opening.index}, its seed draws line ${spec.opening.index}`);
      }
      const line = spec.opening.line.moves;
      if (g.opening.plies !== line.length || line.some((m, i) => g.moves[i] !== m)) {
        found.push(`its first moves are not its opening line (${line.join(" ")})`);
      }
    }
    found.push(...replayProblems(start, g, config.adjudication));
    plies += g.moves.length;
    if (!found.length) {
      sound++;
      const end = lineEnd(start, g.moves.slice(0, g.opening.plies));
      const byEnd = ends.get(g.sp) ?? new Map<string, number>();
      byEnd.set(end, (byEnd.get(end) ?? 0) + 1);
      ends.set(g.sp, byEnd);
    }
    problems.push(...found.map((problem) => ({ sp: g.sp, game: g.game, problem })));
  }
  if (!sets && games.length) {
    // said once for the file: without the sets no game's seed and opening line can be checked
    const problem = "no openings.jsonl beside the games: seeds and opening lines not checked";
    problems.unshift({ sp: 0, game: 0, problem });
  }
  const shared = [...ends.values()].flatMap((m) => [...m.values()]).reduce((a, n) => a + (n - 1), 0);
  const byPosition = openingDistinct(config.opening) === "position";
  if (byPosition && shared) {
    // a position with too few near-best lines for its games (a shortfall) reuses lines by design
    for (const [sp, m] of ends) {
      const extra = [...m.values()].reduce((a, n) => a + (n - 1), 0);
      if (extra > (setOf.get(sp)?.shortfall ?? 0)) {
        const problem =
          `${extra} of its games start after their opening from a position another of its games started from`;
        problems.push({ sp, game: 0, problem });
      }
    }
  }
  return {
    games: games.length,
    planned: config.positions.length * config.games,
    positions: ends.size,
    plies,
    sound,
    shared_opening_end: shared,
    distinct_by_position: byPosition,
    problems,
  };
}

/** Replays a game's moves on the board and compares what the record says with what the rules give. */
function replayProblems(fen: string, g: GameRecord, rules: SelfplayHeader["config"]["adjudication"]): string[] {
  if (g.plies !== g.moves.length || g.info.length !== g.moves.length) {
    return [`${g.plies} plies, ${g.moves.length} moves and ${g.info.length} move details do not agree`];
  }
  const state = new GameState(fen);
  const scores: WhiteScore[] = [];
  for (let i = 0; i < g.moves.length; i++) {
    let san: string;
    try {
      san = state.play(g.moves[i]);
    } catch {
      return [`ply ${i + 1}: ${g.moves[i]} is not a legal move`];
    }
    const info = g.info[i];
    if (info.uci !== g.moves[i] || info.san !== san) {
      return [`ply ${i + 1}: the details say ${info.uci} (${info.san}), the move is ${g.moves[i]} (${san})`];
    }
    if ((info.opening === true) !== (i < g.opening.plies)) {
      const marked = info.opening ? "" : "not ";
      return [`ply ${i + 1}: marked ${marked}of the opening line, which has ${g.opening.plies} plies`];
    }
    if (info.score) scores.push(info.score);
    const outcome = outcomeAfterMove(state, rules, scores);
    if (outcome && i < g.moves.length - 1) {
      return [`the game had ended at ply ${i + 1} (${outcome.result}, ${outcome.termination}) but goes on`];
    }
    if (i === g.moves.length - 1) {
      if (!outcome) return [`it stops at ply ${i + 1} without an end by the rules or the adjudication`];
      if (outcome.result !== g.result || outcome.termination !== g.termination) {
        return [
          `recorded ${g.result} (${g.termination}), the rules and its scores give ${outcome.result} (${outcome.termination})`,
        ];
      }
    }
  }
  if (!g.moves.length) return ["it has no moves"];
  return [];
}
