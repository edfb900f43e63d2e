import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { formatDuration, formatProgress, type Progress, terminalProgress } from "./progress.ts";

const at = (p: Partial<Progress>): Progress => ({
  label: "eval",
  done: 0,
  total: 960,
  resumed: 0,
  elapsedS: 0,
  perHour: 0,
  nodesPerSecond: 0,
  etaS: null,
  ...p,
});

Deno.test("a progress line: counts with separators, the rate, nodes per second, elapsed and ETA", () => {
  assertEquals(
    formatProgress(
      at({
        done: 1_200,
        total: 3_000,
        resumed: 1_000,
        elapsedS: 350,
        perHour: 2_057.1,
        nodesPerSecond: 290_400,
        etaS: 3_150,
      }),
    ),
    "eval 1,200/3,000 (40.0%) | 1,000 resumed | 2,057/h | 290k nodes/s | elapsed 5m50s | ETA 52m30s",
  );
});

Deno.test("a run in parts names the part under way and the time to its end", () => {
  const part = { part: 1, parts: 3, done: 66, positions: 300, etaS: 84_240 };
  assertEquals(
    formatProgress(at({ done: 126, resumed: 124, elapsedS: 720, perHour: 10, etaS: 300_960, part })),
    "eval 126/960 (13.1%) | part 1 of 3: 66/300, ETA 23h24m | 124 resumed | 10/h | elapsed 12m00s | ETA 83h36m",
  );
  assertEquals(
    formatProgress(at({ done: 124, resumed: 124, part: { ...part, done: 64, etaS: null } })),
    "eval 124/960 (12.9%) | part 1 of 3: 64/300 | 124 resumed | -/h | elapsed 0s | ETA -",
  );
});

Deno.test("before this run has finished a unit the rate is '-', not 0", () => {
  assertEquals(
    formatProgress(at({ done: 21, total: 60, resumed: 21 })),
    "eval 21/60 (35.0%) | 21 resumed | -/h | elapsed 0s | ETA -",
  );
});

Deno.test("a run with everything already done says so instead of a rate and an ETA", () => {
  assertEquals(
    formatProgress(at({ label: "selfplay", done: 3_000, total: 3_000, resumed: 3_000 })),
    "selfplay 3,000/3,000 (100.0%) | all 3,000 already done: nothing to run",
  );
});

Deno.test("durations: seconds, minutes and seconds, hours and minutes", () => {
  assertEquals([formatDuration(42), formatDuration(307), formatDuration(3_720)], ["42s", "5m07s", "1h02m"]);
});

Deno.test("off a terminal, a second phase (its elapsed time starting again at 0) prints its progress at once", () => {
  if (Deno.stderr.isTerminal()) return; // the test reads the lines written off a terminal
  const lines: string[] = [];
  const error = console.error;
  console.error = (l: string) => void lines.push(l);
  try {
    const show = terminalProgress(15, (p: { done: number; total: number }) => `${p.done}/${p.total}`);
    show({ done: 1, total: 60, elapsedS: 20 });
    show({ done: 60, total: 60, elapsedS: 1520 }); // the opening sets end after 25 minutes
    show({ done: 1, total: 3000, elapsedS: 40 }); // the games begin: a new phase
    show({ done: 2, total: 3000, elapsedS: 45 }); // within 15 s of that line: not printed
    assertEquals(lines, ["1/60", "60/60", "1/3000"]);
  } finally {
    console.error = error;
  }
});
