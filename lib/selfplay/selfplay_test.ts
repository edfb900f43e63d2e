import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { buildMbiTable, getProfile, readPositionValues, writeMbiTable } from "../store/mod.ts";
import { repoPath } from "../core/mod.ts";
import { testRoot, waitForFile } from "../core/testing.ts";
import { assignLines, buildOpeningSet, lineEnd } from "./openings.ts";
import { type ResolvedEngine, UciEngine } from "../engine/mod.ts";
import { deriveSeed, selectPositions, startPosition } from "../method/mod.ts";
import { continuedConfig, openingDistinct, readGames, type SelfplayConfig } from "./records.ts";
import { playGames } from "./play.ts";
import { replayGame } from "./stage.ts";

// A small synthetic MBI table: 12 positions with made-up values (the runner
// only needs SPs, FENs and a spread of edges).
const { dir, cli } = await testRoot("selfplay-test");
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

function selfplay(out: string, extra: string[] = [], env: Record<string, string> = {}) {
  return cli("selfplay.ts", ["--profile", "ci", "--table", tablePath, "--out", out, ...extra], env);
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

Deno.test("kill -9 after 5 games, then resume: every game exactly once and distinct; replay from records and from the seed", async () => {
  const out = join(dir, "killed");
  // The test-only switch kills the run (SIGKILL) right after its 5th game.
  const killed = await selfplay(out, [], { MBI_TEST_KILL_AFTER: "games:5" });
  ok(killed.code !== 0);
  const partial = await readGames(join(out, "games.jsonl"));
  assertEquals(partial?.records.length, 5);
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
  assertEquals([results.n_duplicate_games, results.n_repeats_after_opening], [0, 0]);
  // Openings distinct by the position they reach: no two games of a position start from one position after them.
  assertEquals(games.header.config.opening.distinct, "position");
  for (const s of games.header.selection) {
    const ends = games.records.filter((g) => g.sp === s.sp).map((g) =>
      lineEnd(s.fen, g.moves.slice(0, g.opening.plies))
    );
    assertEquals(new Set(ends).size, ends.length, `SP ${s.sp}: two games start from one position after their openings`);
  }
  for (const p of results.positions) {
    assertEquals(p.distinct_games, p.games, `SP ${p.sp}: ${p.distinct_games} distinct of ${p.games}`);
    assertEquals(p.wins + p.draws + p.losses, p.games);
    ok(p.score_ci95[0] <= p.score && p.score <= p.score_ci95[1] && p.score_ci95[0] >= 0 && p.score_ci95[1] <= 1);
  }
  const pgn = await Deno.readTextFile(join(out, "games.pgn"));
  assertEquals(pgn.match(/\[Variant "Chess960"\]/g)?.length, 24);
  // The manifest beside the games shows both runs: the killed one still "running" with 19 to play, the
  // resumed one complete with the 19 that were left.
  const manifest = JSON.parse(await Deno.readTextFile(join(out, "games.manifest.json")));
  assertEquals([manifest.kind, manifest.status, manifest.planned], ["mbi-selfplay-manifest", "complete", 24]);
  assertEquals(manifest.runs.map((r: { to_play: number; played?: number }) => [r.to_play, r.played]), [
    [24, undefined],
    [19, 19],
  ]);
  assertEquals(manifest.config, games.header.config);

  const g = games.records[5];
  const replay = await replayGame(out, g.sp, g.game);
  ok(replay.identical, `replay differs at ply ${replay.firstDifference + 1}`);
  const fromSeed = await replayGame(out, g.sp, g.game, undefined, { fromSeed: true });
  ok(fromSeed.identical && fromSeed.openingSetIdentical, "replayed from the seed alone");

  // Another configuration in a copy of the folder (later tests read this one): the old games go aside with
  // their manifest; the new manifest starts with this run alone.
  const copy = join(dir, "killed-other");
  await Deno.mkdir(copy);
  for (const f of ["games.jsonl", "openings.jsonl", "games.manifest.json"]) {
    await Deno.copyFile(join(out, f), join(copy, f));
  }
  const other = await selfplay(copy, ["--games", "1"]);
  assertEquals(other.code, 0, other.stderr);
  const aside = [...Deno.readDirSync(copy)].filter((e) => e.isDirectory && e.name.startsWith("stale-"));
  assertEquals(aside.length, 1);
  const moved = JSON.parse(await Deno.readTextFile(join(copy, aside[0].name, "games.manifest.json")));
  assertEquals(moved.runs.length, 2);
  const fresh = JSON.parse(await Deno.readTextFile(join(copy, "games.manifest.json")));
  assertEquals([fresh.runs.length, fresh.config.games], [1, 1]);
  assertEquals(fresh.runs[0].played, fresh.config.positions.length); // one game of each position
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
      [["--sp", "0,2"], /SP 2 is not in the MBI table/],
      [["--positions", "0,2"], /--positions 0,2: a number of positions to draw .* use --sp/],
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
  // No opening line (0 plies, one game): the engines' own moves from the start.
  const base = getProfile("ci", { games: 1, selfplayPositions: 1 });
  const profile = { ...base, selfplay: { ...base.selfplay, openingPlies: 0 } };
  let message = "";
  await playGames({
    profile,
    engine,
    workers: 1,
    table,
    tableFile: { path: tablePath, sha256: "test" },
    outDir: out,
    log: () => {},
  }).catch((e) => message = e.message);
  ok(/illegal move e2e4/.test(message), message);
  const errors = (await Deno.readTextFile(join(out, "errors.jsonl"))).trim().split("\n").map((l) => JSON.parse(l));
  assertEquals(errors.map((e) => e.attempt), [1, 2]);
  const games = await readGames(join(out, "games.jsonl"));
  assertEquals(games?.records.length, 0);
});

Deno.test("a position with a single near-best first move still gets distinct games (scripted engine)", async () => {
  // The scripted engine finds one first move within 30 cp (e2e4; d2d4 is 50 cp worse), then 3, 2, 3 near-best moves.
  const fake = repoPath("lib", "engine", "testdata", "fake_engine.sh");
  const engine = await UciEngine.start({ file: fake, args: ["tree"], label: "fake-tree" });
  try {
    const pos = startPosition(518);
    const set = await buildOpeningSet(engine, pos, {
      games: 8,
      nodes_per_move: 1000,
      opening: { plies: 4, multipv: 5, windowCp: 30, maxPlies: 12 },
      seed: 20260825,
    });
    assertEquals([set.lines.length, set.plies, set.shortfall, set.searches], [8, 4, 0, 1 + 1 + 3 + 6]);
    ok(set.lines.every((l) => l.moves[0] === "e2e4"), "one first move");
    assertEquals(new Set(set.lines.map((l) => l.moves.join(" "))).size, 8);
    const lines = assignLines(set, 8, (g) => deriveSeed(20260825, 518, g));
    assertEquals([...lines].sort(), [0, 1, 2, 3, 4, 5, 6, 7], "every game its own line");
    assertEquals(lines, assignLines(set, 8, (g) => deriveSeed(20260825, 518, g)), "reproducible from the seeds");
    // Too few lines for the games even deeper: the shortfall is reported, lines are reused only then.
    const few = await buildOpeningSet(engine, pos, {
      games: 200,
      nodes_per_move: 1000,
      opening: { plies: 2, multipv: 5, windowCp: 30, maxPlies: 3 },
      seed: 1,
    });
    assertEquals([few.lines.length, few.shortfall], [6, 194]);
  } finally {
    await engine.quit();
  }
});

Deno.test("two selfplay runs at once: one refuses naming the holder; the games are one run's", async () => {
  const out = join(dir, "twice");
  // The second starts once the first holds the lock (see the same test of eval-all).
  const first = selfplay(out, ["--games", "2"]);
  ok(await waitForFile(join(out, "games.jsonl.lock")), "the first run took the lock");
  const [a, b] = await Promise.all([first, selfplay(out, ["--games", "2"])]);
  const refused = [a, b].filter((r) => r.code !== 0);
  assertEquals(refused.length, 1, `${a.stderr}\n${b.stderr}`);
  ok(/is being written by PID \d+/.test(refused[0].stderr), refused[0].stderr);
  const games = (await readGames(join(out, "games.jsonl")))!;
  assertEquals(games.records.length, 12);
  assertEquals(new Set(games.records.map((g) => `${g.sp}:${g.game}`)).size, 12);
});

Deno.test("a games file holding games twice (two runs before complete locks) is repaired by the same command", async () => {
  const out = join(dir, "killed");
  const path = join(out, "games.jsonl");
  const lines = (await Deno.readTextFile(path)).trimEnd().split("\n");
  const doubled = join(dir, "doubled");
  await Deno.mkdir(doubled, { recursive: true });
  for (const f of ["openings.jsonl"]) await Deno.copyFile(join(out, f), join(doubled, f));
  await Deno.writeTextFile(join(doubled, "games.jsonl"), [...lines, ...lines.slice(1)].join("\n") + "\n");
  const r = await selfplay(doubled);
  assertEquals(r.code, 0, r.stderr);
  ok(/removed 24 repeated game\(s\) identical to the first/.test(r.stderr), r.stderr);
  const games = (await readGames(join(doubled, "games.jsonl")))!;
  assertEquals(games.records.length, 24);
  assertEquals(JSON.parse(await Deno.readTextFile(join(doubled, "selfplay.json"))).n_games, 24);
});

Deno.test("a games file whose records contradict it is refused with file and line", async () => {
  const out = join(dir, "killed");
  const path = join(out, "games.jsonl");
  const lines = (await Deno.readTextFile(path)).trimEnd().split("\n");
  const bad = join(dir, "bad-games");
  await Deno.mkdir(bad, { recursive: true });
  const rec = JSON.parse(lines[1]);
  await Deno.writeTextFile(
    join(bad, "games.jsonl"),
    [lines[0], JSON.stringify({ ...rec, result: "2-0" })].join("\n") + "\n",
  );
  let message = "";
  await readGames(join(bad, "games.jsonl")).catch((e) => message = e.message);
  ok(/line 2: result "2-0" is not 1-0, 0-1 or 1\/2-1\/2/.test(message), message);
});

Deno.test("a run's opening rule: by position for new games; a file begun by moves keeps its rule; a rule given wins", () => {
  const want = {
    engine_fingerprint: 1,
    options: {},
    nodes_per_move: 1000,
    games: 4,
    seed: 1,
    opening: { plies: 4, multipv: 5, windowCp: 30, maxPlies: 12 },
    adjudication: {} as SelfplayConfig["adjudication"],
    positions: [518],
  } satisfies SelfplayConfig;
  const byPosition = { ...want, opening: { ...want.opening, distinct: "position" as const } };
  assertEquals(continuedConfig(undefined, want), byPosition);
  assertEquals(continuedConfig(want, want), want); // an older design resumes by its own rule
  assertEquals(continuedConfig(byPosition, want), byPosition);
  // an older file of another configuration is not continued: the new games are by position
  assertEquals(continuedConfig({ ...want, games: 8 }, want), byPosition);
  assertEquals(continuedConfig(undefined, want, "moves"), want);
  assertEquals(continuedConfig(want, want, "position"), byPosition);
  assertEquals(openingDistinct(want.opening), "moves");
  assertEquals(openingDistinct(byPosition.opening), "position");
});
