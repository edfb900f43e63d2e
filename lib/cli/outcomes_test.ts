import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { repoPath } from "../core/mod.ts";
import { SKIP, spearman, startPosition } from "../method/mod.ts";
import { readOutcomeTable } from "../store/mod.ts";
import { tempDir } from "../core/testing.ts";

// `outcomes` and `validate` as a user runs them, on PGNs written here and on this
// workspace's own self-play games; every result goes to a temporary results root.

const root = await tempDir("mbi-outcomes-cli-");
const env = { MBI_RESULTS_DIR: root };

async function cli(script: string, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", repoPath("lib", "cli", script), ...args],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function table(name: string) {
  Deno.env.set("MBI_RESULTS_DIR", root);
  try {
    return await readOutcomeTable(name);
  } finally {
    Deno.env.delete("MBI_RESULTS_DIR");
  }
}

const xfen = (sp: number) => startPosition(sp).fen.replace(/ [A-Ha-h]{4} /, " KQkq ");
const game = (tags: Record<string, string>, moves = "1. e4 e5 2. Nf3 Nc6") =>
  Object.entries(tags).map(([k, v]) => `[${k} "${v}"]`).join("\n") + `\n\n${moves} ${tags.Result ?? "*"}\n\n`;

Deno.test("outcomes --pgn: every dialect is counted, every bad game skipped with its reason", async () => {
  const pgn = [
    game({ Event: "Rated Chess960 game", Result: "1-0", Variant: "Chess960", SetUp: "1", FEN: xfen(0) }),
    game({ Event: "e", Result: "0-1", Variant: "chess 960", SetUp: "1", FEN: startPosition(0).fen }),
    game({ Event: "e", Result: "1/2-1/2", Variant: "fischerandom", FEN: xfen(959) }),
    game({ Event: "e", Result: "1-0", FEN: startPosition(959).fen }),
    game({ Event: "e", Result: "1-0", Variant: "Chess960" }), // no FEN: SP 518
    game({ Event: "e", Result: "1-0" }), // standard chess
    game({ Event: "e", Result: "1-0", Variant: "From Position", FEN: xfen(5) }),
    game({
      Event: "e",
      Result: "1-0",
      Variant: "Chess960",
      FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    }),
    game({ Event: "e", Result: "1-0", Variant: "Chess960", FEN: "8/8/8/8/8/8/8/8 w - - 0 1" }),
    game({ Event: "e", Variant: "Chess960", FEN: xfen(7) }),
    game({ Event: "e", Result: "*", Variant: "Chess960", FEN: xfen(7) }),
    '[Event "unterminated\n[Result "1-0"]\n[Variant "Chess960"]\n\n1. e4 1-0\n\n',
  ].join("");
  const path = join(root, "dialects.pgn");
  await Deno.writeTextFile(path, pgn);
  const r = await cli("outcomes.ts", "--pgn", path, "--name", "dialects");
  assertEquals(r.code, 0, r.stderr);
  ok(r.stdout.includes("read 12, kept 5"), r.stdout);
  const t = await table("dialects");
  assertEquals(t.rows.map((x) => [x.sp, x.white_wins, x.draws, x.black_wins]), [[0, 1, 0, 1], [518, 1, 0, 0], [
    959,
    1,
    1,
    0,
  ]]);
  assertEquals(t.meta.counts.skipped, {
    [SKIP.standard]: 1,
    [SKIP.otherVariant]: 1,
    [SKIP.notStart]: 1,
    [SKIP.badFen]: 1,
    [SKIP.noResult]: 1,
    [SKIP.unfinished]: 1,
    [SKIP.malformed]: 1,
  });
  assertEquals(t.meta.counts.dialects, { chess960: 2, fischerandom: 1, none: 1, "chess960, no FEN (SP 518)": 1 });
  assertEquals(t.meta.source.bytes, new TextEncoder().encode(pgn).length);
  // filters, recorded in the table
  const f = await cli("outcomes.ts", "--pgn", path, "--name", "rated", "--rated", "--min-plies", "4");
  assertEquals(f.code, 0, f.stderr);
  const rated = await table("rated");
  assertEquals(rated.meta.counts.kept, 1);
  assertEquals(rated.meta.filters?.rated, true);
  // the same name for another source is refused; --replace overwrites
  const again = await cli("outcomes.ts", "--pgn", path, "--name", "rated");
  const last = again.stderr.trim().split("\n").at(-1)!; // after the progress line
  assertEquals(again.code, 1);
  ok(
    /^error: outcome table "rated" exists with other filters/.test(last) && !/\n\s+at /.test(again.stderr),
    again.stderr,
  );
});

Deno.test("bad input: one-line errors, exit 2 for usage and 1 otherwise, nothing written", async () => {
  const empty = join(root, "empty.pgn");
  await Deno.writeTextFile(empty, "");
  const cases: [string[], number, RegExp][] = [
    [[], 2, /give one of --pgn FILE/],
    [["--pgn", empty, "--time-control", "fast"], 2, /--time-control fast: expected a comma list of ultrabullet/],
    [["--pgn", empty, "--min-elo", "-5"], 2, /--min-elo -5: expected a whole number >= 1/],
    [["--pgn", empty, "--name", "../x"], 2, /--name: table name "..\/x"/],
    [["--pgn", empty], 1, /empty.pgn is empty/],
    [["--pgn", join(root, "nope.pgn")], 1, /cannot read/],
    [["--table", empty, "--rated"], 2, /--rated filters games/],
  ];
  for (const [args, code, re] of cases) {
    const r = await cli("outcomes.ts", ...args);
    assertEquals(r.code, code, `${args.join(" ")}: ${r.stderr}`);
    const lines = r.stderr.trim().split("\n");
    assertEquals(lines.length, 1, r.stderr);
    ok(re.test(lines[0]) && lines[0].startsWith("error: "), lines[0]);
  }
  await Deno.stat(join(root, "outcomes", "empty")).then(() => ok(false, "a table was written"), () => {});
});

Deno.test("this workspace's self-play games.pgn gives the W/D/L of selfplay.json; validate and --all run on it", async () => {
  const r = await cli(
    "outcomes.ts",
    "--pgn",
    repoPath("results", "quick", "selfplay", "games.pgn"),
    "--name",
    "selfplay",
  );
  assertEquals(r.code, 0, r.stderr);
  const selfplay = JSON.parse(await Deno.readTextFile(repoPath("results", "quick", "selfplay", "selfplay.json")));
  const t = await table("selfplay");
  type P = { sp: number; wins: number; draws: number; losses: number; eval_cp: number; score: number };
  const positions = (selfplay.positions as P[]).sort((a, b) => a.sp - b.sp);
  assertEquals(
    t.rows.map((x) => [x.sp, x.white_wins, x.draws, x.black_wins]),
    positions.map((p) => [p.sp, p.wins, p.draws, p.losses]),
  );

  await Deno.mkdir(join(root, "quick"), { recursive: true });
  await Deno.copyFile(repoPath("results", "quick", "evals.jsonl"), join(root, "quick", "evals.jsonl"));
  const v = await cli(
    "validate.ts",
    "--evals",
    "quick",
    "--outcomes",
    "selfplay",
    "--min-games",
    "1",
    "--resamples",
    "200",
  );
  assertEquals(v.code, 0, v.stderr);
  const file = JSON.parse(await Deno.readTextFile(join(root, "outcomes", "selfplay", "validation", "quick.json")));
  assertEquals(file.positions, positions.length);
  const direct = spearman(positions.map((p) => p.eval_cp), positions.map((p) => p.score));
  ok(Math.abs(file.eval_vs_score.rho - direct) < 1e-12, `${file.eval_vs_score.rho} vs ${direct}`);
  ok(file.reliability.ceiling >= 0 && file.reliability.ceiling <= 1);
  assertEquals(file.dataset.key, "quick");
  const all = await cli("validate.ts", "--all", "--outcomes", "selfplay", "--min-games", "1", "--resamples", "200");
  assertEquals(all.code, 0, all.stderr);
  ok(all.stdout.includes("quick (Stockfish 17.1"), all.stdout);
  for (
    const [args, code, re] of [
      [["--evals", "quick"], 2, /--outcomes NAME is required/],
      [["--evals", "nosuch", "--outcomes", "selfplay"], 2, /unknown profile "nosuch"/], // a usage error, as everywhere
      [["--evals", "quick~eval999", "--outcomes", "selfplay"], 1, /no dataset at .*quick~eval999/],
      [["--evals", "quick", "--outcomes", "nope"], 1, /no outcome table "nope"/],
      [["--evals", "quick", "--outcomes", "selfplay", "--min-games", "50"], 1, /only 0 positions .* at least 50 games/],
    ] as [string[], number, RegExp][]
  ) {
    const b = await cli("validate.ts", ...args);
    assertEquals(b.code, code, `${args.join(" ")}: ${b.stderr}`);
    assertEquals(b.stderr.trim().split("\n").length, 1, b.stderr);
    ok(re.test(b.stderr), b.stderr);
  }
});

Deno.test("start FENs with castling rights that do not match the rooks: counted under their reason, or kept with the recorded option", async () => {
  const rank = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w";
  const pgn = join(root, "castling.pgn");
  await Deno.writeTextFile(
    pgn,
    ["HEhe", "-", "CAca"].map((c) => game({ Variant: "Chess960", FEN: `${rank} ${c} - 0 1`, Result: "1-0" })).join(""),
  );
  const strict = await cli("outcomes.ts", "--pgn", pgn, "--name", "castling-strict");
  assertEquals(strict.code, 0, strict.stderr);
  const s = await table("castling-strict");
  assertEquals(s.meta.counts.skipped[SKIP.castling], 2);
  assertEquals(s.meta.counts.kept, 1);
  const lenient = await cli("outcomes.ts", "--pgn", pgn, "--name", "castling-all", "--include-bad-castling");
  assertEquals(lenient.code, 0, lenient.stderr);
  const l = await table("castling-all");
  assertEquals(l.meta.counts.kept, 3);
  assertEquals(l.rows.find((r) => r.sp === 959)?.games, 3);
  assertEquals(l.meta.filters?.castling_mismatch, "include");
});

Deno.test("a published table as a Markdown page in percent, private: aggregates only leave the machine", async () => {
  // A synthetic page in the layout of public engine tables: a link per board, percentages, a second sorted copy.
  const rows = Array.from({ length: 24 }, (_, sp) => {
    const w = 10 + (sp % 7), b = 5 + (sp % 3);
    return `| ${sp} | [${startPosition(sp).setup}](x/${sp}.md) | 1000 | ${w}.0% | ${100 - w - b}.0% | ${b}.0% | 0.5`;
  });
  const md = "# Results\n\n| SPI | Board | # Played Games | White | Draw | Black | Average points for White |\n" +
    "|:---:|---|:---:|:---:|:---:|:---:|:---:|\n" + rows.join("\n") + "\n\n----\n# Sorted again\n\n" +
    "| SPI | Board |\n|---|---|\n| 3 | x |\n";
  const path = join(root, "engine-games.md");
  await Deno.writeTextFile(path, md);
  const r = await cli(
    "outcomes.ts",
    ...[
      "--table",
      path,
      "--name",
      "engine-md",
      "--private",
      "--licence",
      "CC BY-NC 4.0",
      "--origin",
      "a repo, commit x",
    ],
  );
  assertEquals(r.code, 0, r.stderr);
  const t = await table("engine-md");
  assertEquals(t.rows.length, 24);
  assertEquals([t.rows[3].white_wins, t.rows[3].draws, t.rows[3].black_wins], [130, 820, 50]);
  assertEquals([t.meta.private, t.meta.licence, t.meta.source.path], [true, "CC BY-NC 4.0", "engine-games.md"]);
  ok(
    t.meta.reproduce?.[0].startsWith("deno task outcomes --table engine-games.md --name engine-md"),
    String(t.meta.reproduce?.[0]),
  );
  ok(t.meta.notes.some((n) => n.startsWith("counts derived from percentages")), t.meta.notes.join("; "));
  const ignore = await Deno.readTextFile(join(root, "outcomes", "engine-md", ".gitignore"));
  ok(ignore.includes("(CC BY-NC 4.0)") && ignore.includes("\noutcomes.csv\n"), ignore);
  // The pages never read its per-position rows.
  Deno.env.set("MBI_RESULTS_DIR", root);
  try {
    const { readOutcomeTables } = await import("../site/mod.ts");
    ok(!(await readOutcomeTables()).some((x) => x.name === "engine-md"), "a private table on a page");
  } finally {
    Deno.env.delete("MBI_RESULTS_DIR");
  }
});
