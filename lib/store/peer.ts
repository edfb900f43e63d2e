/**
 * The independent peer dataset shipped in `data/`: Stockfish 17.1 at depth 32 over all 960 start positions
 * (github.com/clfs/eval960, MIT; attribution in `data/eval960-sf17.1-depth32.NOTICE.md`). Compared with the
 * workspace's datasets like any of them, never mixed with them.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { MbiError, repoPath, sha256File } from "../core/mod.ts";
import { type EvaluationRecord, POSITION_COUNT, spToSetup, startPosition } from "../method/mod.ts";
import { EVAL_SCHEMA, type EvalConfig, type EvalDataset, type EvalHeader } from "./eval_dataset.ts";
import type { EngineIdentity } from "../engine/mod.ts";

/** The shipped peer file (from the repository root). */
export const PEER_FILE = "data/eval960-sf17.1-depth32.csv";

/** The peer in readers' words. */
export const PEER = {
  name: "eval960 (Stockfish 17.1, depth 32)",
  engine: "Stockfish 17.1",
  budget: "depth 32 per position (5.5–87 million nodes, median 26 million)",
  source: "github.com/clfs/eval960, commit 440fa1f (MIT)",
  notice: "data/eval960-sf17.1-depth32.NOTICE.md",
  /** Why it is compared with, never taken as, the index (however well it agrees). */
  role: "a peer from outside, never the index here: its budget is a search depth (5.5–87 million nodes, different " +
    "for each position), not one node count for all, and its searches were not recorded to be repeated",
} as const;

/** One position of the peer: its value (cp, White's view), depth reached, nodes searched, best move (UCI). */
export interface PeerRow {
  sp: number;
  eval_cp: number;
  depth: number;
  nodes: number;
  best_move: string;
}

/** The peer's rows by SP, checked (every SP once, its FEN's back rank the SP's, whole-number values), and the file's SHA-256. */
export async function readPeer(path = repoPath(PEER_FILE)): Promise<{ rows: PeerRow[]; sha256: string }> {
  const text = await Deno.readTextFile(path);
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  const rows: PeerRow[] = [];
  const seen = new Set<number>();
  parsed.data.forEach((r, i) => {
    const fail = (message: string) => new MbiError("dataset", `${PEER_FILE} line ${i + 2}: ${message}`);
    const sp = Number(r.sp), v = Number(r.eval_cp);
    if (!Number.isInteger(sp) || sp < 0 || sp >= POSITION_COUNT || seen.has(sp)) {
      throw fail(`sp "${r.sp}" is not a new start position number`);
    }
    const rank = (r.fen ?? "").split(" ")[0].split("/")[7];
    if (rank !== spToSetup(sp)) throw fail(`its FEN is not SP ${sp}'s (${spToSetup(sp)})`);
    if (!Number.isInteger(v)) throw fail(`eval_cp "${r.eval_cp}" is not a whole number`);
    seen.add(sp);
    rows.push({ sp, eval_cp: v, depth: Number(r.depth), nodes: Number(r.nodes), best_move: r.best_move });
  });
  if (rows.length !== POSITION_COUNT) {
    throw new MbiError("dataset", `${PEER_FILE} holds ${rows.length} positions, not ${POSITION_COUNT}`);
  }
  return { rows: rows.sort((a, b) => a.sp - b.sp), sha256: await sha256File(path) };
}

/** A record of a value found by a search made elsewhere (the peer's, a test's): no mate, its PV's first move best. */
export function plainRecord(
  sp: number,
  r: Pick<EvaluationRecord, "eval_cp" | "depth" | "pv" | "nodes" | "limit" | "wall_ms" | "raw">,
): EvaluationRecord {
  const { setup, fen } = startPosition(sp);
  const { eval_cp, depth, pv, nodes, limit, wall_ms, raw } = r;
  const search = { mate: null, depth, seldepth: null, pv, nodes, bestmove: pv[0] };
  return { sp, setup, fen, eval_cp, ...search, limit, wall_ms, raw };
}

/** The header of a dataset whose values were found elsewhere (the peer's, a test's): no shard, no engine files. */
export function foundHeader(
  profile: string,
  config: EvalConfig,
  found: Pick<EvalHeader, "positions" | "created" | "code" | "inputs"> & {
    engine: Omit<EngineIdentity, "limit" | "files" | "nets">;
  },
): EvalHeader {
  const { engine: given, ...rest } = found; // positions, created, code, inputs: in the header's order
  const { id, uci_name, author, version, sha256, fingerprint, matches_reference } = given;
  const limit = "nodes" in config.limit ? "nodes" as const : "depth" as const;
  const engine = { id, uci_name, author, version, limit, files: [], sha256, nets: [], fingerprint, matches_reference };
  return { kind: "mbi-evaluations", schema: EVAL_SCHEMA, profile, config, engine, shard: null, ...rest };
}

/** The peer's name as a dataset (its header's profile, and its folder name where datasets are listed). */
export const PEER_KEY = "eval960-depth32";

/** The peer as a stage-1 dataset in memory (never written): depth 32, no fingerprint, PVs of the best move alone. */
export async function peerDataset(): Promise<EvalDataset> {
  const path = repoPath(PEER_FILE);
  const { rows, sha256 } = await readPeer(path);
  const limit = { depth: 32 };
  const engine = { id: PEER_KEY, uci_name: `${PEER.engine} (eval960, depth 32)`, author: PEER.source, version: "17.1" };
  const header = foundHeader(PEER_KEY, { engine_fingerprint: null, limit, options: {} }, {
    engine: { ...engine, sha256, fingerprint: null, matches_reference: false },
    positions: rows.map((r) => r.sp),
    created: "",
    code: { commit: "unknown", dirty: false },
    inputs: [{ path: PEER_FILE, sha256 }],
  });
  const records = rows.map(({ sp, eval_cp, depth, nodes, best_move }) =>
    plainRecord(sp, { eval_cp, depth, pv: [best_move], nodes, limit, wall_ms: 0, raw: [] })
  );
  return { path, header, records, missing: [], torn: false, intactBytes: 0 };
}
