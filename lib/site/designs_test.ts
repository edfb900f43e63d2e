import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { testRoot } from "../core/testing.ts";
import type { PageData } from "./page_script/data.ts";
import { positionHtml } from "./page_script/position.ts";
import { fixedNonZero, raw, sha256Text } from "../core/mod.ts";
import { computeLimitations } from "../report/mod.ts";
import { getProfile, resolveDataset, RESULTS_ENV } from "../store/mod.ts";
import { collectSiteData } from "./data.ts";
import { datasetCard } from "./card.ts";

// The ci index with a second self-play design (ci~games2: its 6 positions × 2 games) and a sample of those
// positions at a larger budget standing in for the method's, built step by step as a long run would:
// nothing, a prefix, complete, summarised.
const { results, cli } = await testRoot("site-designs");
async function run(script: string, args: string[]) {
  const r = await cli(script, args);
  assertEquals(r.code, 0, `${script} ${args.join(" ")}: ${r.stderr}`);
  return r;
}
await run("eval_all.ts", ["--profile", "ci", "--workers", "2"]);
await run("derive_mbi.ts", ["--profile", "ci"]);
await run("selfplay.ts", ["--profile", "ci~games2", "--workers", "2"]);
await run("stats.ts", ["--profile", "ci~games2"]);
const ci = join(results, "ci");
const games = (await Deno.readTextFile(join(ci, "selfplay~games2", "games.jsonl"))).split("\n");
const sps: number[] = JSON.parse(games[0]).config.positions;
const samplePath = join(results, "full", `sample${sps.length}`, "evals.jsonl");
const summary = JSON.parse(await Deno.readTextFile(join(ci, "summary~games2.json")));

const page = () => Deno.readTextFile(join(ci, "site", "index.html"));
const card = () => Deno.readTextFile(join(ci, "DATASET.md"));
const pageData = (html: string): PageData =>
  JSON.parse(/<script type="application\/json" id="mbi-data">(.*?)<\/script>/s.exec(html)![1]);

Deno.test("the index's page and card show another design's validation, and the method's budget on its positions as it grows", async () => {
  await run("site.ts", ["--profile", "ci"]);
  let html = await page();
  ok(html.includes(`<section id="validation"`), "the section");
  ok(html.includes(`<a href="#validation">Validation</a>`), "in the navigation");
  ok(/<h3>Self-play: 6 × 2 games at [\d,]+ nodes per move<\/h3>/.test(html), "the heading, in readers' words");
  ok(html.includes("Results key: <code>ci<wbr>~games2</code>"), "the key, where a command needs it");
  ok(
    /<dt>Self-play designs<\/dt><dd>6 × 2 games at [\d,]+ nodes\/move \(the method: 60 × 50 at 300,000\)/
      .test(html),
    "its budget beside the dataset's",
  );
  ok(
    html.includes(
      `<p class="banner short" role="note">Not the method&#39;s results (the method searches 400,000,000 nodes per position and plays at 300,000 nodes per move): cite with engine, fingerprint and budget.</p>`,
    ),
    "the banner names the method's budgets the dataset and its design are not at: " +
      /<p class="banner[^<]*/.exec(html)?.[0],
  );
  ok(html.includes(fixedNonZero(summary.eval_vs_score.rho, 3)), "the summary's rho");
  ok(html.includes("The published rho(eval, score) = 0.76 [0.63, 0.85] lies"), "the computed sentence");
  ok(
    html.includes("so these figures cannot confirm or refute it. What this design could show of it:"),
    "and its bounds",
  );
  ok(html.includes(`href="../selfplay~games2/games.jsonl"`) && html.includes(`href="../summary~games2.json"`), "links");
  ok(html.includes(`The method's budget has not been run on these ${sps.length} positions.`));
  ok(!html.includes("No self-play statistics in this dataset"), "the page no longer says there is none");
  let md = await card();
  // which table the games came from, re-derivable from mbi.json by the definition the card gives
  const mbi = JSON.parse(await Deno.readTextFile(join(ci, "mbi.json")));
  const rows = mbi.rows.map((r: Record<string, number>) => [r.sp, r.eval_cp, r.edge_cp, r.rank, r.mbi]);
  const rowsHash = await sha256Text(JSON.stringify(rows));
  ok(
    md.includes("These games were played from the positions of") &&
      md.includes(`with rows hash \`${rowsHash.slice(0, 12)}…\``) && md.includes("the rows of the current table"),
    md,
  );
  ok(md.includes("## Validation by self-play"));
  ok(md.includes("- `selfplay~games2/selfplay.json`: stage 4: that design's results per position"), "its files");
  ok(!/[^`\\]~games2/.test(md.replace(/`[^`]*`/g, "")), "every tilde outside code is escaped (no strikethrough)");
  ok(md.includes("| `ci~games2` | 6 × 2 (12 games) |"), md);
  ok(md.includes("`summary~games2.json`"));
  ok(
    /\n- Self-play design `ci~games2`: 6 × 2 games at [\d,]+ nodes\/move \(the method: 60 × 50 at 300,000\)\n/.test(md),
    "budget",
  );
  ok(
    md.includes('Each design is summarised under "Validation by self-play" below'),
    "the produced section points to it",
  );
  ok(!md.includes("has not been played on this index"), "no self-contradicting sentence");
  // each statement of the design names it in readers' words
  const words = "Self-play, 6 × 2 games at [\\d,]+ nodes/move: ";
  ok(new RegExp(`\n- ${words}(all 12 games are distinct|\\d+ distinct games among 12) `).test(md), "named");
  ok(new RegExp(`\n- ${words}White's overall score in self-play`).test(md), "its limitations, named");

  // A prefix of the sample: two positions (a long run's committed progress).
  await Deno.mkdir(join(results, "full", `sample${sps.length}`), { recursive: true });
  await run("eval_all.ts", ["--profile", "ci~eval40000", "--sp", sps.join(","), "--out", samplePath, "--workers", "2"]);
  const lines = (await Deno.readTextFile(samplePath)).trim().split("\n");
  await Deno.writeTextFile(samplePath, lines.slice(0, 3).join("\n") + "\n");
  await run("site.ts", ["--profile", "ci"]);
  html = await page();
  ok(html.includes(`<strong>2 of ${sps.length} positions evaluated</strong> (run in progress)`), "progress");
  const engine = JSON.parse(lines[0]).engine.id;
  ok(
    html.replaceAll("<wbr>", "").includes(
      `deno task eval-all --profile full --engine ${engine} --sp ${[...sps].sort((a, b) => a - b).join(",")}`,
    ),
    "the resume command names the sample's engine",
  );
  md = await card();
  ok(md.includes(`2 of ${sps.length} evaluated, run in progress`));
  ok(
    /exists here only for 2 of the 6 positions of the self-play design \(6 × 2 games at [\d,]+ nodes\/move\) so far\./
      .test(md),
    md,
  );
  // the design's own notebooks say it too: its limitations, computed for the design's profile
  Deno.env.set(RESULTS_ENV, results);
  try {
    const own = await computeLimitations(getProfile("ci~games2"));
    const l = own.find((x) => x.id === "method-sample:ci~games2");
    ok(
      l?.text.includes(`exists here only for 2 of the ${sps.length} positions of the self-play design (6 × 2 games`),
      String(l?.text),
    );
  } finally {
    Deno.env.delete(RESULTS_ENV);
  }
  const data = pageData(html);
  assertEquals(data.designs.length, 1);
  const done = lines.slice(1, 3).map((l) => JSON.parse(l));
  assertEquals(
    data.method!.bySp,
    Object.fromEntries(done.map((r: { sp: number; eval_cp: number; depth: number }) => [r.sp, [r.eval_cp, r.depth]])),
  );
  // One position's view: its self-play in the design and its value at the sample's budget (or that it has none yet).
  const i = data.rows.findIndex((r) => r[0] === done[0].sp);
  const view = String(positionHtml(data, i, raw("")));
  ok(view.includes(`Self-play of SP ${done[0].sp}: `) && view.includes("· self-play 6 × 2 games at"), view);
  ok(view.includes(`(depth ${done[0].depth})`), "the sample's value");
  const pending = sps.find((sp) => !done.some((r: { sp: number }) => r.sp === sp))!;
  const j = data.rows.findIndex((r) => r[0] === pending);
  ok(String(positionHtml(data, j, raw(""))).includes("not searched yet"));
  ok(view.includes(`the method&#39;s budget, 2 of ${sps.length} positions so far`), "how far it has gone, once");
  const outside = data.rows.findIndex((r) => !sps.includes(r[0]));
  const other = String(positionHtml(data, outside, raw("")));
  ok(
    /was not among the self-play positions: [^<]*self-play 6 × 2 games at [^<]*\(6 positions\)\./.test(
      other,
    ),
    other,
  );
  ok(!other.includes("ci~games2") && !other.includes("ci<wbr>~games2"), "no results key in the prose");
  ok(!other.includes("not yet evaluated"), "no sample row for a position outside it");

  // Complete: the figures are not computed yet, and the page says which command computes them.
  await run("eval_all.ts", ["--profile", "ci~eval40000", "--sp", sps.join(","), "--out", samplePath, "--workers", "2"]);
  await run("site.ts", ["--profile", "ci"]);
  html = await page();
  ok(html.includes(`<strong>6 of 6 positions evaluated</strong>;`), "complete");
  ok(html.includes("method-sample"), "the next command");
  ok(html.includes("No position of it has been recomputed yet"));
  // One position of it recomputed from scratch and recorded: the page and card say so.
  await run("verify_reproduce.ts", ["--dataset", samplePath, "--sp", String(sps[0]), "--record"]);
  await run("site.ts", ["--profile", "ci"]);
  html = await page();
  ok(html.includes(`SP ${sps[0]} with `) && html.includes("<strong>identical</strong>"), "the recorded check");
  ok((await card()).includes("Recomputed from scratch (`verify-reproduce.json` beside it): SP "), "on the card");

  // Summarised: both validations, the facts and every rung's distance, from sample.json.
  await run("method_sample.ts", ["--profile", "ci~games2"]);
  const s = JSON.parse(await Deno.readTextFile(join(results, "full", "sample6", "sample.json")));
  await run("site.ts", ["--profile", "ci"]);
  html = await page();
  ok(html.includes("Each budget against the method's on the"));
  ok(html.includes(fixedNonZero(s.validation[1].eval_vs_score.rho, 3)));
  // the note that the edges are the values only where no value of the sample is below 0
  const noneBelow = s.facts.every((x: { on_sample: { below_zero: { count: number } } }) =>
    x.on_sample.below_zero.count === 0
  );
  assertEquals(html.includes("the two Spearman columns are one figure"), noneBelow);
  md = await card();
  const far = s.distance_to_method.find((r: { dataset: string }) => r.dataset === "ci");
  ok(md.includes(`at Spearman ${fixedNonZero(far.spearman_edges.rho, 3)}`), "the limitation from sample.json");

  // A sample.json that no longer follows from its inputs is refused by name, with the command that mends it.
  const evals = await Deno.readTextFile(samplePath);
  await Deno.writeTextFile(samplePath, evals.replace(/"created":"[^"]*"/, `"created":"2000-01-01T00:00:00.000Z"`));
  const refused = await cli("site.ts", ["--profile", "ci"]);
  assertEquals(refused.code, 1, refused.stderr);
  ok(refused.stderr.includes("sample.json was not computed from"), refused.stderr);
  ok(refused.stderr.includes("run deno task method-sample --profile ci~games2"), refused.stderr);
  // A file of other positions where the design's sample belongs is not its sample: refused by name.
  await Deno.copyFile(join(ci, "evals.jsonl"), samplePath);
  const foreign = await cli("site.ts", ["--profile", "ci"]);
  assertEquals(foreign.code, 1, foreign.stderr);
  ok(foreign.stderr.includes(`holds other positions than the ${sps.length} of the design ci~games2`), foreign.stderr);
  await Deno.writeTextFile(samplePath, evals);
  await run("site.ts", ["--profile", "ci"]);
});

Deno.test("a design being played: its progress commits (more games, one run more) leave the card as it was; the page counts them", async () => {
  await run("selfplay.ts", ["--profile", "ci~games3", "--workers", "2"]);
  const dir = join(ci, "selfplay~games3");
  const all = (await Deno.readTextFile(join(dir, "games.jsonl"))).trim().split("\n");
  const planned = all.length - 1;
  const manifestFile = join(dir, "games.manifest.json");
  const manifest = JSON.parse(await Deno.readTextFile(manifestFile));
  // a prefix of 4 games, as a progress commit leaves it
  await Deno.writeTextFile(join(dir, "games.jsonl"), all.slice(0, 5).join("\n") + "\n");
  await run("site.ts", ["--profile", "ci"]);
  const before = await card();
  ok(before.includes(`| being played: ${planned} planned, those so far in its games file |`), before);
  ok(
    before.includes(
      "- `selfplay~games3/games.manifest.json`: start and end of every run of those games so far, a run added at every resume",
    ),
    before,
  );
  ok((await page()).includes(`4 of ${planned} when this was made`), "the page: a snapshot with its count");
  // the next progress commit: three games more, and the run that played them in the manifest
  await Deno.writeTextFile(join(dir, "games.jsonl"), all.slice(0, 8).join("\n") + "\n");
  const resumed = { ...manifest.runs.at(-1), started: new Date().toISOString() };
  delete resumed.ended;
  await Deno.writeTextFile(manifestFile, JSON.stringify({ ...manifest, runs: [...manifest.runs, resumed] }));
  Deno.env.set(RESULTS_ENV, results);
  try {
    const now = datasetCard(await collectSiteData(resolveDataset(getProfile("ci"))));
    assertEquals(now, before, "the card of the grown files is the committed card");
  } finally {
    Deno.env.delete(RESULTS_ENV);
  }
  await Deno.remove(dir, { recursive: true });
});
