import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { scoreInterval } from "./intervals.ts";
import { rngFromSeed } from "./seed.ts";

const close = (a: number, b: number, tol = 5e-4) => Math.abs(a - b) <= tol;

Deno.test("without draws the score interval is Wilson's (8 of 10: 0.490..0.943)", () => {
  const [lo, hi] = scoreInterval({ games: 10, wins: 8, draws: 0, losses: 2 });
  ok(close(lo, 0.4902) && close(hi, 0.9433), `${lo} ${hi}`);
  const [lo0, hi0] = scoreInterval({ games: 5, wins: 0, draws: 0, losses: 5 });
  assertEquals(lo0, 0);
  ok(close(hi0, 0.4345), `${hi0}`); // Wilson 0 of 5
});

Deno.test("draws narrow the interval, all draws do not collapse it, no games give [0, 1]", () => {
  const noDraws = scoreInterval({ games: 40, wins: 20, draws: 0, losses: 20 });
  const draws = scoreInterval({ games: 40, wins: 10, draws: 20, losses: 10 });
  ok(draws[1] - draws[0] < noDraws[1] - noDraws[0]);
  const allDraws = scoreInterval({ games: 8, wins: 0, draws: 8, losses: 0 });
  ok(allDraws[0] < 0.4 && allDraws[1] > 0.6, `${allDraws}`);
  ok(close(allDraws[0] + allDraws[1], 1, 1e-12), "symmetric around 0.5");
  assertEquals(scoreInterval({ games: 0, wins: 0, draws: 0, losses: 0 }), [0, 1]);
  for (const c of [{ games: 1, wins: 1, draws: 0, losses: 0 }, { games: 3, wins: 0, draws: 1, losses: 2 }]) {
    const [lo, hi] = scoreInterval(c);
    ok(lo >= 0 && hi <= 1 && lo < hi);
  }
});

Deno.test("coverage of the 95% interval in a seeded simulation is near 95% at small and large n", () => {
  const rng = rngFromSeed(15n);
  for (const [n, w, d] of [[8, 0.3, 0.4], [20, 0.25, 0.5], [50, 0.45, 0.05], [500, 0.3, 0.5]]) {
    const p = w + d / 2;
    let covered = 0;
    const reps = 3000;
    for (let r = 0; r < reps; r++) {
      let wins = 0, draws = 0;
      for (let i = 0; i < n; i++) {
        const u = rng.int(0, 999_999) / 1e6;
        if (u < w) wins++;
        else if (u < w + d) draws++;
      }
      const [lo, hi] = scoreInterval({ games: n, wins, draws, losses: n - wins - draws });
      if (lo <= p && p <= hi) covered++;
    }
    const share = covered / reps;
    ok(share > 0.93 && share < 0.99, `n ${n}, win ${w}, draw ${d}: coverage ${share}`);
  }
});
