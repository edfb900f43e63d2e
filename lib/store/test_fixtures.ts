/**
 * Small synthetic result files for tests: a stage-1 dataset with chosen values and its MBI table, written by the same
 * code as real ones, under a temporary results root (never the repository's `results/`).
 *
 * @module
 */

import { join } from "node:path";
import { foundHeader, plainRecord } from "./peer.ts";
import { buildMbiTable, readPositionValues, writeMbiTable } from "./mbi_table.ts";

/**
 * What a synthetic dataset is made of: a results root (a temporary folder), the folder under it (the key's stage-1
 * part, e.g. `ci~eval40000`), each SP's value (cp, White's view); optionally the limit (default 20,000 nodes), the
 * engine (default Stockfish 17.1 WASM, 2,030,154), every record's depth (default 10), and each SP's last completed
 * iterations, oldest first (written as raw `info` lines).
 */
export interface SyntheticDataset {
  root: string;
  folder: string;
  values: Record<number, number>;
  limit?: { nodes: number } | { depth: number };
  engine?: { id: string; uci_name: string; fingerprint: number };
  depth?: number;
  iterations?: Record<number, number[]>;
}

/** Writes `<root>/<folder>/evals.jsonl` (header and one record per SP, PV `e2e4 e7e5`) and its MBI table. */
export async function writeSyntheticDataset(s: SyntheticDataset): Promise<string> {
  const dir = join(s.root, s.folder);
  await Deno.mkdir(dir, { recursive: true });
  const limit = s.limit ?? { nodes: 20_000 };
  const engine = s.engine ?? { id: "sf17.1-wasm", uci_name: "Stockfish 17.1 WASM", fingerprint: 2_030_154 };
  const sps = Object.keys(s.values).map(Number).sort((a, b) => a - b);
  const options = { Threads: "1", Hash: "256", UCI_Chess960: "true" };
  const identity = { ...engine, author: "test", version: null, sha256: "0".repeat(64) };
  const header = foundHeader(s.folder, { engine_fingerprint: engine.fingerprint, limit, options }, {
    engine: { ...identity, matches_reference: engine.fingerprint === 2_030_154 },
    positions: sps,
    created: "2026-01-01T00:00:00.000Z",
    code: { commit: "test", dirty: false },
    inputs: [],
  });
  const info = (v: number, i: number) =>
    `info depth ${i + 1} seldepth ${i + 1} multipv 1 score cp ${v} nodes ${10 * (i + 1)} nps 1000 time 1 pv e2e4 e7e5`;
  const nodes = "nodes" in limit ? limit.nodes : null;
  const fields = { depth: s.depth ?? 10, pv: ["e2e4", "e7e5"], nodes, limit, wall_ms: 1 };
  const records = sps.map((sp) =>
    plainRecord(sp, { ...fields, eval_cp: s.values[sp], raw: (s.iterations?.[sp] ?? []).map(info) })
  );
  const path = join(dir, "evals.jsonl");
  await Deno.writeTextFile(path, [header, ...records].map((x) => JSON.stringify(x)).join("\n") + "\n");
  await writeMbiTable(dir, await buildMbiTable(path, await readPositionValues(path), s.folder));
  return path;
}
