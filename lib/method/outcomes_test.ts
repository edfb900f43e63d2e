import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { OutcomeAccumulator, outcomeRow, outcomeTotals, rowCounts, scoreOnlyRow } from "./outcomes.ts";
import type { KeptGame } from "./pgn_headers.ts";

const game = (
  sp: number,
  result: KeptGame["result"],
  mean_elo: number | null,
  time_control: KeptGame["time_control"],
) =>
  ({
    sp,
    result,
    dialect: "chess960",
    mean_elo,
    time_control,
    rating_band: mean_elo === null ? "unknown" : "1500-1799",
  }) as KeptGame;

Deno.test("the accumulator counts W/D/L, mean Elo and groups per position", () => {
  const acc = new OutcomeAccumulator();
  for (
    const g of [
      game(5, "1-0", 1600, "blitz"),
      game(5, "1/2-1/2", null, "blitz"),
      game(5, "0-1", 1700, "rapid"),
      game(900, "1-0", 1500, "blitz"),
    ]
  ) {
    acc.add(g);
  }
  const rows = acc.rows();
  assertEquals(
    rows.map((r) => [r.sp, r.games, r.white_wins, r.draws, r.black_wins, r.white_score, r.mean_elo, r.elo_games]),
    [
      [5, 3, 1, 1, 1, 0.5, 1650, 2],
      [900, 1, 1, 0, 0, 1, 1500, 1],
    ],
  );
  assertEquals(acc.groupRows().filter((g) => g.kind === "time_control").map((g) => [g.group, g.sp, g.games]), [
    ["blitz", 5, 2],
    ["blitz", 900, 1],
    ["rapid", 5, 1],
  ]);
  const t = outcomeTotals(rows);
  assertEquals([t.positions, t.games, t.white_wins, t.draws, t.black_wins, t.white_score], [2, 4, 2, 1, 1, 0.625]);
  assertEquals(acc.dialects, { chess960: 4 });
});

Deno.test("score-only rows: no draws, whole counts for the reliability", () => {
  const r = scoreOnlyRow(10, 20000, 0.519);
  assertEquals([r.white_wins, r.draws, r.draw_rate, r.white_score], [null, null, null, 0.519]);
  assertEquals(rowCounts(r), { games: 20000, wins: 10380, draws: 0, losses: 9620 });
  assertEquals(rowCounts(outcomeRow(1, { wins: 2, draws: 3, losses: 4 })), { games: 9, wins: 2, draws: 3, losses: 4 });
  assertEquals(outcomeTotals([r]).white_wins, null);
});
