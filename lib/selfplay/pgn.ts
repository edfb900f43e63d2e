/**
 * PGN of self-play games (chessops' PGN writer): Chess960 headers with the SP
 * number, seed, node budget, date and opening line; moves in SAN with each
 * move's engine score and depth as a comment (`{+0.35/14}`), the moves of the
 * game's opening line marked.
 *
 * @module
 */

import { ChildNode, defaultGame, makePgn, type PgnNodeData } from "chessops/pgn";
import type { GameRecord, MoveInfo } from "./game.ts";

/** Formats a White-POV score as `+0.35` or `+M3`/`-M2`. */
function scoreText(m: MoveInfo): string {
  if (!m.score) return "?";
  if ("mate" in m.score) {
    return `${m.score.mate > 0 ? "+" : "-"}M${Math.abs(m.score.mate)}`;
  }
  const p = m.score.cp / 100;
  return `${p >= 0 ? "+" : ""}${p.toFixed(2)}`;
}

/** Context of a PGN: event name, player name, start FEN and budget. */
export interface PgnContext {
  /** Event header. */
  event: string;
  /** Engine name for White and Black. */
  player: string;
  /** Start FEN. */
  fen: string;
  /** Node budget per move. */
  nodesPerMove: number;
  /** Date the games were played (the games file's creation), as YYYY.MM.DD. */
  date: string;
}

/** A PGN date (YYYY.MM.DD) from an ISO 8601 time, `????.??.??` when unknown. */
export function pgnDate(iso: string | undefined): string {
  return iso && /^\d{4}-\d\d-\d\d/.test(iso) ? iso.slice(0, 10).replace(/-/g, ".") : "????.??.??";
}

/** Renders one game as PGN text. */
export function gamePgn(g: GameRecord, ctx: PgnContext): string {
  const game = defaultGame<PgnNodeData>(() =>
    new Map([
      ["Event", ctx.event],
      ["Site", "?"],
      ["Date", ctx.date],
      ["Round", String(g.game)],
      ["White", ctx.player],
      ["Black", ctx.player],
      ["Result", g.result],
      ["Variant", "Chess960"],
      ["SetUp", "1"],
      ["FEN", ctx.fen],
      ["SP", String(g.sp)],
      ["Seed", g.seed],
      ["NodesPerMove", String(ctx.nodesPerMove)],
      ["Termination", g.termination],
      ["Opening", `line ${g.opening.index + 1} of the position's opening set (${g.opening.plies} plies)`],
      ["PlyCount", String(g.plies)],
    ])
  );
  let node = game.moves;
  for (const m of g.info) {
    const comment = `${scoreText(m)}/${m.depth ?? "?"}` +
      (m.opening ? " opening line" : "");
    const child = new ChildNode<PgnNodeData>({
      san: m.san,
      comments: [comment],
    });
    node.children.push(child);
    node = child;
  }
  return makePgn(game);
}
