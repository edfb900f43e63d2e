/**
 * Small synthetic result files for tests: a stage-1 dataset with chosen
 * values and its MBI table, written by the same code as real ones, under a
 * temporary results root (never the repository's `results/`).
 *
 * @module
 */

import { join } from "node:path";
import { type EvaluationRecord, startPosition } from "../method/mod.ts";
import { EVAL_SCHEMA, type EvalHeader } from "./eval_dataset.ts";
import { buildMbiTable, readPositionValues, writeMbiTable } from "./mbi_table.ts";

/** What a synthetic dataset is made of. */
export interface SyntheticDataset {
  /** Results root (a temporary folder). */
  root: string;
  /** Folder under the root: the results key's stage-1 part (e.g. `ci`, `ci~eval40000`, `ci@sf18-wasm`). */
  folder: string;
  /** Value (cp, White's view) of each SP. */
  values: Record<number, number>;
  /** Search limit (default 20,000 nodes). */
  limit?: { nodes: number } | { depth: number };
  /** Engine id, name and fingerprint (default Stockfish 17.1 WASM, 2,030,154). */
  engine?: { id: string; uci_name: string; fingerprint: number };
  /** Depth of every record (default 10). */
  depth?: number;
  /** Values of each SP's last completed iterations, oldest first (written as raw `info` lines; default none). */
  iterations?: Record<number, number[]>;
}

/** Writes `<root>/<folder>/evals.jsonl` (header and one record per SP, PV `e2e4 e7e5`) and its MBI table. */
export async function writeSyntheticDataset(s: SyntheticDataset): Promise<string> {
  const dir = join(s.root, s.folder);
  await Deno.mkdir(dir, { recursive: true });
  const limit = s.limit ?? { nodes: 20_000 };
  const engine = s.engine ?? { id: "sf17.1-wasm", uci_name: "Stockfish 17.1 WASM", fingerprint: 2_030_154 };
  const sps = Object.keys(s.values).map(Number).sort((a, b) => a - b);
  const header: EvalHeader = {
    kind: "mbi-evaluations",
    schema: EVAL_SCHEMA,
    profile: s.folder,
    config: {
      engine_fingerprint: engine.fingerprint,
      limit,
      options: { Threads: "1", Hash: "256", UCI_Chess960: "true" },
    },
    engine: {
      id: engine.id,
      uci_name: engine.uci_name,
      author: "test",
      version: null,
      limit: "nodes" in limit ? "nodes" : "depth",
      files: [],
      sha256: "0".repeat(64),
      nets: [],
      fingerprint: engine.fingerprint,
      matches_reference: engine.fingerprint === 2_030_154,
    },
    shard: null,
    positions: sps,
    created: "2026-01-01T00:00:00.000Z",
    code: { commit: "test", dirty: false },
    inputs: [],
  };
  const records: EvaluationRecord[] = sps.map((sp) => {
    const p = startPosition(sp);
    return {
      sp,
      setup: p.setup,
      fen: p.fen,
      eval_cp: s.values[sp],
      mate: null,
      depth: s.depth ?? 10,
      seldepth: null,
      pv: ["e2e4", "e7e5"],
      nodes: "nodes" in limit ? limit.nodes : null,
      bestmove: "e2e4",
      limit,
      wall_ms: 1,
      raw: (s.iterations?.[sp] ?? []).map((v, i) =>
        `info depth ${i + 1} seldepth ${i + 1} multipv 1 score cp ${v} nodes ${
          10 * (i + 1)
        } nps 1000 time 1 pv e2e4 e7e5`
      ),
    };
  });
  const path = join(dir, "evals.jsonl");
  await Deno.writeTextFile(path, [header, ...records].map((x) => JSON.stringify(x)).join("\n") + "\n");
  await writeMbiTable(dir, await buildMbiTable(path, await readPositionValues(path), s.folder));
  return path;
}
