import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { getProfile, readEvalDataset, RESULTS_ENV, scanDatasets } from "../store/mod.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { testRoot } from "../core/testing.ts";
import { isMbiError } from "../core/mod.ts";
import { fromEntry, loadRegistry } from "../engine/mod.ts";
import { CI_POSITIONS } from "../method/mod.ts";
import { engineTag } from "../runs/mod.ts";
import { evalAll } from "./eval_all.ts";

// The ci profile with the two other engines, end to end through stage 3 (CI installs Ethereal
// from Debian; elsewhere its part is skipped when the binary is missing).
const hasEthereal = (() => {
  try {
    return Deno.statSync("/usr/games/ethereal-chess").isFile;
  } catch {
    return false;
  }
})();
if (!hasEthereal && !Deno.env.get("CI")) console.error("Ethereal tests skipped: apt-get install ethereal-chess");

const { results, cli: task } = await testRoot("other-engines");

async function stages1to3(engine: string) {
  const dir = join(results, `ci@${engine}`);
  const e = await task("eval_all.ts", ["--profile", "ci", "--engine", engine]);
  assertEquals(e.code, 0, e.stderr);
  const m = await task("derive_mbi.ts", ["--profile", "ci", "--engine", engine]);
  assertEquals(m.code, 0, m.stderr);
  const d = (await readEvalDataset(join(dir, "evals.jsonl")))!;
  const table = JSON.parse(await Deno.readTextFile(join(dir, "mbi.json")));
  assertEquals(table.rows.length, 12);
  return d;
}

Deno.test("Stockfish 18 (npm WASM) on the ci profile: its own folder, fingerprint and results", async () => {
  const d = await stages1to3("sf18-wasm");
  assertEquals(d.header.engine.uci_name, "Stockfish 18 WASM");
  assertEquals(d.header.config.limit, { nodes: 20_000 });
  notDeepStrictEqual(d.header.config.engine_fingerprint, 2030154);
  assertEquals(d.records.length, 12);
});

const hasStockfish15 = (() => {
  try {
    return Deno.statSync("/usr/games/stockfish").isFile;
  } catch {
    return false;
  }
})();
if (!hasStockfish15 && !Deno.env.get("CI")) console.error("Stockfish 15.1 tests skipped: apt-get install stockfish");

Deno.test({
  name:
    "Stockfish 15.1 (Debian), docs/engines.md's worked example on the ci profile: its entry's fingerprint measured, its own folder",
  ignore: !hasStockfish15 && !Deno.env.get("CI"),
}, async () => {
  const info = await task("engine_info.ts", ["--engine", "sf15.1-debian"]);
  assertEquals(info.code, 3, info.stderr); // not the reference engine
  ok(/declared +2,485,010 in data\/engines\.json: the same/.test(info.stdout), info.stdout);
  const d = await stages1to3("sf15.1-debian");
  assertEquals(d.header.engine.uci_name, "Stockfish 15.1");
  assertEquals(d.header.config.engine_fingerprint, 2_485_010);
  assertEquals(d.header.config.limit, { nodes: 20_000 });
  assertEquals(d.header.config.options.UCI_Chess960, "true");
});

Deno.test({
  name: "Ethereal 12 (Debian) on the ci profile: a depth budget, deterministic",
  ignore: !hasEthereal && !Deno.env.get("CI"),
}, async () => {
  const d = await stages1to3("ethereal-12");
  assertEquals(d.header.engine.uci_name, "Ethereal 12.00");
  assertEquals(d.header.config.limit, { depth: 8 });
  ok(d.records.every((r) => r.depth <= 8 && r.eval_cp !== null));
  const det = await task("check_determinism.ts", ["--profile", "ci", "--engine", "ethereal-12", "--positions", "4"]);
  assertEquals(det.code, 0, det.stdout + det.stderr);
  ok(/identical \(deterministic\)/.test(det.stdout), det.stdout);
  const bad = await task("eval_all.ts", ["--profile", "ci", "--engine", "ethereal-12", "--nodes", "5000"]);
  ok(bad.code !== 0 && /honours only depth limits/.test(bad.stderr), bad.stderr);
  // The pipeline with a depth-only engine runs stages 1-3 and says why it stops (no self-play with go nodes).
  const p = await task("pipeline.ts", ["--profile", "ci", "--engine", "ethereal-12", "--no-notebooks", "--no-site"]);
  assertEquals(p.code, 0, p.stderr);
  ok(/honours only depth limits: stages 1-3 only/.test(p.stderr), p.stderr);
  ok(!/stage 4/.test(p.stderr), p.stderr);
  assertEquals(await Deno.stat(join(results, "ci@ethereal-12", "selfplay")).catch(() => null), null);
});

Deno.test("an entry declaring another engine's fingerprint is refused before anything is written: over an empty reference folder and over a complete one", async () => {
  const registry = loadRegistry();
  const sf18 = registry.engines.find((e) => e.id === "sf18-wasm")!;
  // Stockfish 18 under an entry copied with the reference's fingerprint: the entry alone would route it to ci/
  const liar = fromEntry({ ...sf18, id: "sf18-copied", fingerprint: registry.reference_fingerprint });
  assertEquals(engineTag(liar.entry), null);
  const { results: root } = await testRoot("declared-fingerprint");
  const before = Deno.env.get(RESULTS_ENV);
  Deno.env.set(RESULTS_ENV, root);
  try {
    const run = () => evalAll({ profile: getProfile("ci"), engine: liar, workers: 1, log: () => {} });
    const refused = (e: unknown) =>
      isMbiError(e, "engine-fingerprint") &&
      /^engine sf18-copied: data\/engines.json declares fingerprint 2,030,154, but its build measures [\d,]+ .*nothing written$/
        .test((e as Error).message);
    await rejects(run, refused);
    const ci = join(root, "ci");
    assertEquals(await Deno.stat(join(ci, "evals.jsonl")).catch(() => null), null, "no values written");
    // over a complete dataset of the reference engine: refused too, the file unchanged
    const values = Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, i * 3 - 10]));
    const path = await writeSyntheticDataset({ root, folder: "ci", values });
    const bytes = await Deno.readFile(path);
    await rejects(run, refused);
    assertEquals(await Deno.readFile(path), bytes);
  } finally {
    if (before === undefined) Deno.env.delete(RESULTS_ENV);
    else Deno.env.set(RESULTS_ENV, before);
  }
});

Deno.test("a dataset in a folder its header contradicts is a named problem of the scan, never a dataset compared", async () => {
  const { results: root } = await testRoot("folder-contradiction");
  const values = Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, i - 6]));
  const sf15 = { id: "sf15-debian", uci_name: "Stockfish 15.1", fingerprint: 2_485_010 };
  await writeSyntheticDataset({ root, folder: "ci", values, engine: sf15 });
  await writeSyntheticDataset({ root, folder: "ci@sf18-wasm", values, engine: sf15 });
  await writeSyntheticDataset({ root, folder: "ci@sf15-debian", values, engine: sf15 });
  const scan = await scanDatasets({ root, includeCi: true });
  assertEquals(scan.complete.map((d) => d.header.engine.id), ["sf15-debian"]);
  assertEquals(scan.problems.map((p) => p.file).sort(), ["ci/evals.jsonl", "ci@sf18-wasm/evals.jsonl"]);
  const reasons = scan.problems.map((p) => p.reason).join("\n");
  ok(
    reasons.includes("holds Stockfish 15.1 (sf15-debian, fingerprint 2,485,010), but a folder without an @engine tag"),
    reasons,
  );
  ok(reasons.includes("but the folder's tag @sf18-wasm names another engine"), reasons);
});
