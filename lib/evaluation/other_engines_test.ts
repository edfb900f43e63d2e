import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { readEvalDataset } from "../store/mod.ts";
import { testRoot } from "../core/testing.ts";

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
