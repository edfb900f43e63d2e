import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { testRoot } from "../core/testing.ts";
import { quantileSorted, reliabilityUncertainty, spearman } from "../method/mod.ts";
import { RELIABILITY_STREAM } from "../analysis/mod.ts";
import type { MethodSample } from "./method_sample_record.ts";

// The ci profile end to end in a scratch results root: stage 1 on two rungs (20,000 and 40,000 nodes),
// the index and its self-play (6 × 4 games), then a "method's budget" sample of the 6 self-play
// positions at 60,000 nodes, and its figures checked against the files they come from.
const { dir, results, cli } = await testRoot("method-sample");
const ci = join(results, "ci");

async function run(script: string, args: string[]) {
  const r = await cli(script, args);
  assertEquals(r.code, 0, `${script} ${args.join(" ")}: ${r.stderr}`);
  return r;
}
await run("eval_all.ts", ["--profile", "ci", "--workers", "2"]);
await run("eval_all.ts", ["--profile", "ci~eval40000", "--workers", "2"]);
await run("derive_mbi.ts", ["--profile", "ci"]);
await run("selfplay.ts", ["--profile", "ci", "--workers", "2"]);
const games = (await Deno.readTextFile(join(ci, "selfplay", "games.jsonl"))).split("\n");
const sps: number[] = JSON.parse(games[0]).config.positions;
const sampleDir = join(dir, "sample");
await Deno.mkdir(sampleDir);
const samplePath = join(sampleDir, "evals.jsonl");
await run("eval_all.ts", [
  "--profile",
  "ci~eval60000",
  "--sp",
  sps.join(","),
  "--out",
  samplePath,
  "--workers",
  "2",
]);

const values = async (path: string) =>
  new Map<number, number>(
    (await Deno.readTextFile(path)).trim().split("\n").slice(1).map((l) => JSON.parse(l)).map((
      r: { sp: number; eval_cp: number },
    ) => [r.sp, r.eval_cp]),
  );

Deno.test("method-sample: both validations, the facts of every rung on the sample, distances re-derived from the files", async () => {
  const r = await run("method_sample.ts", ["--profile", "ci", "--sample", samplePath]);
  ok(r.stdout.includes("published rho(eval, score) = 0.76 [0.63, 0.85]"), r.stdout);
  const s: MethodSample = JSON.parse(await Deno.readTextFile(join(sampleDir, "sample.json")));
  assertEquals(s.kind, "mbi-method-sample");
  assertEquals(s.sample.positions, sps);
  assertEquals(s.validation.map((v) => v.budget), ["20,000 nodes per position", "60,000 nodes per position"]);
  assertEquals(s.facts.map((f) => f.dataset), ["sample", "ci", "ci~eval40000"]);
  assertEquals(s.distance_to_method.map((d) => d.dataset), ["ci", "ci~eval40000"]);

  // Recomputed from the files: the sample's median, a rung's distance, the sample's rho(eval, score).
  const sample = await values(samplePath);
  const sv = sps.map((sp) => sample.get(sp)!);
  assertEquals(s.facts[0].on_sample.median.estimate, quantileSorted([...sv].sort((a, b) => a - b), 0.5));
  assertEquals(s.facts[0].on_sample.below_zero.count, sv.filter((v) => v < 0).length);
  const rung = await values(join(results, "ci~eval40000", "evals.jsonl"));
  const rv = sps.map((sp) => rung.get(sp)!);
  assertEquals(s.distance_to_method[1].spearman_edges.rho, spearman(rv.map(Math.abs), sv.map(Math.abs)));
  const absDelta = rv.map((v, i) => Math.abs(v - sv[i])).sort((a, b) => a - b);
  // how the rung's values track the games, re-derived: Spearman of its values with White's score
  const scoreOf = new Map<number, number>(
    JSON.parse(await Deno.readTextFile(join(ci, "selfplay", "selfplay.json"))).positions.map((
      p: { sp: number; score: number },
    ) => [p.sp, p.score]),
  );
  const rungRho = spearman(rv, sps.map((sp) => scoreOf.get(sp)!));
  ok(
    Number.isNaN(rungRho)
      ? Number.isNaN(s.distance_to_method[1].eval_vs_score.rho)
      : s.distance_to_method[1].eval_vs_score.rho === rungRho,
  );
  assertEquals(s.distance_to_method[1].median_abs_delta_cp, quantileSorted(absDelta, 0.5));
  const all40 = [...rung.values()].sort((a, b) => a - b);
  assertEquals(s.facts[2].all_positions!.median, quantileSorted(all40, 0.5));
  assertEquals(s.facts[2].all_positions!.n, 12);
  const selfplay = JSON.parse(await Deno.readTextFile(join(ci, "selfplay", "selfplay.json")));
  const score = new Map<number, number>(selfplay.positions.map((p: { sp: number; score: number }) => [p.sp, p.score]));
  const rho = spearman(sv, sps.map((sp) => score.get(sp)!));
  ok(Number.isNaN(rho) ? Number.isNaN(s.validation[1].eval_vs_score.rho) : s.validation[1].eval_vs_score.rho === rho);
  // The index's own correlations are stage 5's.
  await run("stats.ts", ["--profile", "ci"]);
  const summary = JSON.parse(await Deno.readTextFile(join(ci, "summary.json")));
  assertEquals(s.validation[0].eval_vs_score, summary.eval_vs_score);
  assertEquals(s.validation[0].verdict, summary.verdict);
  // the index's own rung, resampled like stage 5, has stage 5's interval of rho(eval, score)
  const own = s.distance_to_method.find((d) => d.dataset === "ci")!;
  assertEquals(own.eval_vs_score.ci95, summary.eval_vs_score.ci95_percentile);
  // stage 5's uncertainty of the reliability follows from selfplay.json's counts and the profile's seed
  assertEquals(
    summary.reliability_uncertainty,
    reliabilityUncertainty(selfplay.positions, {
      resamples: summary.resamples,
      seed: summary.seed,
      stream: RELIABILITY_STREAM,
      trueRho: 0.76,
      power: 0.8,
    }),
  );
  // A rerun with nothing changed rewrites nothing.
  const before = (await Deno.stat(join(sampleDir, "sample.json"))).mtime;
  await run("method_sample.ts", ["--profile", "ci", "--sample", samplePath]);
  assertEquals((await Deno.stat(join(sampleDir, "sample.json"))).mtime, before);
});

Deno.test("method-sample refuses an incomplete sample and one of other positions, writing nothing", async () => {
  const lines = (await Deno.readTextFile(samplePath)).trim().split("\n");
  const partial = join(dir, "partial");
  await Deno.mkdir(partial);
  await Deno.writeTextFile(join(partial, "evals.jsonl"), lines.slice(0, -1).join("\n") + "\n");
  const r = await cli("method_sample.ts", ["--profile", "ci", "--sample", join(partial, "evals.jsonl")]);
  assertEquals(r.code, 1, r.stderr);
  ok(r.stderr.includes(`has ${sps.length - 1} of ${sps.length} positions`), r.stderr);
  const other = await cli("method_sample.ts", ["--profile", "ci", "--sample", join(ci, "evals.jsonl")]);
  assertEquals(other.code, 1, other.stderr);
  ok(other.stderr.includes("holds other positions"), other.stderr);
  assertEquals(await Deno.stat(join(partial, "sample.json")).then(() => true, () => false), false);
});

Deno.test("two designs on one sample: each design's figures have their own file, never read as another's", async () => {
  const { methodSampleSummaryPath } = await import("./method_sample.ts");
  const { getProfile } = await import("../store/mod.ts");
  const folder = await Deno.makeTempDir({ dir, prefix: "two-designs-" });
  const sample = join(folder, "evals.jsonl");
  const first = getProfile("quick~eval8000000~pos60~games50~move30000");
  const second = getProfile("quick~eval8000000~pos60~games50~move300000");
  // no figures yet: the first design to write them takes sample.json
  assertEquals(methodSampleSummaryPath(sample, second), join(folder, "sample.json"));
  await Deno.writeTextFile(join(folder, "sample.json"), JSON.stringify({ selfplay: { profile: first.name } }));
  assertEquals(methodSampleSummaryPath(sample, first), join(folder, "sample.json"));
  assertEquals(methodSampleSummaryPath(sample, second), join(folder, "sample~pos60~games50~move300000.json"));
});
