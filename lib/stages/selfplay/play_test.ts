import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { buildMbiTable, readPositionValues, writeMbiTable } from "../../store/mbi_table.ts";
import { repoPath } from "../../core/paths.ts";
import { selectPositions } from "../../method/selection.ts";
import { readGames, runSelfplay } from "./play.ts";
import type { ResolvedEngine } from "../../engine/registry.ts";
import { replayGame } from "./stage.ts";
import { getProfile } from "../../store/results_key.ts";

// A small synthetic MBI table: 12 positions with made-up values (the runner
// only needs SPs, FENs and a spread of edges).
const dir = await Deno.makeTempDir({ prefix: "mbi-selfplay-test-" });
const csv = join(dir, "values.csv");
await Deno.writeTextFile(
  csv,
  "sp,eval_cp\n" +
    [0, 1, 100, 212, 333, 404, 517, 518, 600, 777, 888, 959].map((sp, i) => `${sp},${(i * 7) % 40 - 3}`).join("\n") +
    "\n",
);
const table = await buildMbiTable(csv, await readPositionValues(csv), "test");
await writeMbiTable(dir, table);
const tablePath = join(dir, "mbi.json");

async function selfplay(
  out: string,
  extra: string[] = [],
): Promise<{ code: number; stderr: string }> {
  const r = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      repoPath("lib", "cli", "selfplay.ts"),
      "--profile",
      "ci",
      "--table",
      tablePath,
      "--out",
      out,
      ...extra,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, stderr: new TextDecoder().decode(r.stderr) };
}

Deno.test("selection: one position per edge stratum, deterministic from the seed", () => {
  const a = selectPositions(table.rows, 4, 20260825);
  assertEquals(a, selectPositions(table.rows, 4, 20260825));
  const sorted = [...table.rows].sort((x, y) => x.edge_cp - y.edge_cp || x.sp - y.sp);
  for (const [s, pos] of a.entries()) {
    const stratum = sorted.slice(s * 3, s * 3 + 3).map((r) => r.sp);
    ok(stratum.includes(pos.sp), `stratum ${s}: ${pos.sp} not in ${stratum}`);
  }
  const seeds = new Set(
    [1, 2, 3, 4, 5, 6].map((seed) => selectPositions(table.rows, 4, seed).map((p) => p.sp).join()),
  );
  ok(seeds.size > 1, "different seeds should draw different positions");
});

Deno.test("kill -9 during self-play, then resume: every game exactly once; games differ; replay is identical", async () => {
  const out = join(dir, "killed");
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      repoPath("lib", "cli", "selfplay.ts"),
      "--profile",
      "ci",
      "--table",
      tablePath,
      "--out",
      out,
    ],
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0; i < 900; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const text = await Deno.readTextFile(join(out, "games.jsonl")).catch(() => "");
    if (text.split("\n").length >= 6) break;
  }
  child.kill("SIGKILL");
  await child.status;
  const partial = await readGames(join(out, "games.jsonl"));
  ok(
    partial && partial.records.length >= 4 && partial.records.length < 24,
    `games after kill: ${partial?.records.length}`,
  );
  await Deno.writeTextFile(join(out, "games.jsonl"), '{"sp":1,"game":', {
    append: true,
  }); // a torn write

  const r = await selfplay(out);
  assertEquals(r.code, 0, r.stderr);
  const games = (await readGames(join(out, "games.jsonl")))!;
  const keys = games.records.map((g) => `${g.sp}:${g.game}`);
  assertEquals(keys.length, 24);
  assertEquals(new Set(keys).size, 24);
  const results = JSON.parse(
    await Deno.readTextFile(join(out, "selfplay.json")),
  );
  assertEquals(results.n_games, 24);
  for (const p of results.positions) {
    ok(
      p.distinct_games > 1,
      `SP ${p.sp}: all ${p.games} games are the same game`,
    );
    assertEquals(p.wins + p.draws + p.losses, p.games);
  }
  const pgn = await Deno.readTextFile(join(out, "games.pgn"));
  assertEquals(pgn.match(/\[Variant "Chess960"\]/g)?.length, 24);

  const g = games.records[5];
  const replay = await replayGame(out, g.sp, g.game);
  ok(replay.identical, `replay differs at ply ${replay.firstDifference + 1}`);
});

Deno.test("bad self-play input: one-line errors", async () => {
  const out = join(dir, "bad");
  for (
    const [args, message] of [
      [["--games", "0"], /--games 0: expected a whole number >= 1/],
      [
        ["--nodes-per-move", "-5"],
        /--nodes-per-move -5: expected a whole number >= 1/,
      ],
      [["--positions", "0,2"], /SP 2 is not in the MBI table/],
    ] as [string[], RegExp][]
  ) {
    const r = await selfplay(out, args);
    ok(r.code !== 0);
    const errors = r.stderr.trim().split("\n").filter((l) => l.startsWith("error:"));
    assertEquals(errors.length, 1, r.stderr);
    ok(message.test(errors[0]), errors[0]);
  }
});

Deno.test("an engine that plays an illegal move: recorded, replayed on restarted engines, never scored", async () => {
  // The scripted engine answers every search with e2e4: legal for White's first move, illegal for Black.
  const fake = repoPath("lib", "engine", "testdata", "fake_engine.sh");
  const engine: ResolvedEngine = {
    entry: { id: "fake", name: "fake", start: { path: fake }, limit: "nodes", options: {} },
    command: { file: fake, args: ["ok"], label: "fake" },
    files: [fake],
  };
  const out = join(dir, "illegal");
  const profile = getProfile("ci", { games: 1, selfplayPositions: 1 });
  let message = "";
  await runSelfplay({
    profile,
    engine,
    workers: 1,
    table,
    tableFile: { path: tablePath, sha256: "test" },
    outDir: out,
  }).catch((e) => message = e.message);
  ok(/illegal move e2e4/.test(message), message);
  const errors = (await Deno.readTextFile(join(out, "errors.jsonl"))).trim().split("\n").map((l) => JSON.parse(l));
  assertEquals(errors.map((e) => e.attempt), [1, 2]);
  const games = await readGames(join(out, "games.jsonl"));
  assertEquals(games?.records.length, 0);
});
