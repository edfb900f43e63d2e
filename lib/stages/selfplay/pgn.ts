/**
 * PGN of self-play games (chessops' PGN writer): Chess960 headers with the SP
 * number, seed and node budget; moves in SAN with each move's engine score
 * and depth as a comment (`{+0.35/14}`), and the opening draws marked.
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
}

/** Renders one game as PGN text. */
export function gamePgn(g: GameRecord, ctx: PgnContext): string {
  const game = defaultGame<PgnNodeData>(() =>
    new Map([
      ["Event", ctx.event],
      ["Site", "?"],
      ["Date", "????.??.??"],
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
      ["PlyCount", String(g.plies)],
    ])
  );
  let node = game.moves;
  for (const m of g.info) {
    const comment = `${scoreText(m)}/${m.depth ?? "?"}` +
      (m.drawn ? ` drawn ${m.drawn.index + 1} of ${m.drawn.candidates.length} within window` : "");
    const child = new ChildNode<PgnNodeData>({
      san: m.san,
      comments: [comment],
    });
    node.children.push(child);
    node = child;
  }
  return makePgn(game);
}
