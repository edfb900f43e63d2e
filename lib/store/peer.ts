/**
 * The independent peer dataset shipped in `data/`: Stockfish 17.1 at depth 32
 * over all 960 start positions (github.com/clfs/eval960, MIT; attribution in
 * `data/eval960-sf17.1-depth32.NOTICE.md`). Read and checked here; compared
 * with the workspace's datasets like any of them, never mixed with them.
 *
 * @module
 */

// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "papaparse";
import { MbiError, repoPath, sha256File } from "../core/mod.ts";
import { type EvaluationRecord, POSITION_COUNT, spToSetup, startPosition } from "../method/mod.ts";
import { EVAL_SCHEMA, type EvalDataset, type EvalHeader } from "./eval_dataset.ts";

/** The shipped peer file (from the repository root). */
export const PEER_FILE = "data/eval960-sf17.1-depth32.csv";

/** The peer in readers' words. */
export const PEER = {
  name: "eval960 (Stockfish 17.1, depth 32)",
  engine: "Stockfish 17.1",
  budget: "depth 32 per position (about 18–90 million nodes)",
  source: "github.com/clfs/eval960, commit 440fa1f (MIT)",
  notice: "data/eval960-sf17.1-depth32.NOTICE.md",
} as const;

/** One position of the peer. */
export interface PeerRow {
  /** Start position. */
  sp: number;
  /** Value, cp, White's view. */
  eval_cp: number;
  /** Depth reached. */
  depth: number;
  /** Nodes searched. */
  nodes: number;
  /** Best move (UCI). */
  best_move: string;
}

/** The peer's rows by SP, checked (every SP once, its FEN's back rank the SP's, whole-number values), and the file's SHA-256. */
export async function readPeer(path = repoPath(PEER_FILE)): Promise<{ rows: PeerRow[]; sha256: string }> {
  const text = await Deno.readTextFile(path);
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  const rows: PeerRow[] = [];
  const seen = new Set<number>();
  parsed.data.forEach((r, i) => {
    const where = `${PEER_FILE} line ${i + 2}`;
    const sp = Number(r.sp), v = Number(r.eval_cp);
    if (!Number.isInteger(sp) || sp < 0 || sp >= POSITION_COUNT || seen.has(sp)) {
      throw new MbiError("dataset", `${where}: sp "${r.sp}" is not a new start position number`);
    }
    const rank = (r.fen ?? "").split(" ")[0].split("/")[7];
    if (rank !== spToSetup(sp)) throw new MbiError("dataset", `${where}: its FEN is not SP ${sp}'s (${spToSetup(sp)})`);
    if (!Number.isInteger(v)) throw new MbiError("dataset", `${where}: eval_cp "${r.eval_cp}" is not a whole number`);
    seen.add(sp);
    rows.push({ sp, eval_cp: v, depth: Number(r.depth), nodes: Number(r.nodes), best_move: r.best_move });
  });
  if (rows.length !== POSITION_COUNT) {
    throw new MbiError("dataset", `${PEER_FILE} holds ${rows.length} positions, not ${POSITION_COUNT}`);
  }
  return { rows: rows.sort((a, b) => a.sp - b.sp), sha256: await sha256File(path) };
}

/** The peer's name as a dataset (its header's profile, and its folder name where datasets are listed). */
export const PEER_KEY = "eval960-depth32";

/**
 * The peer as a stage-1 dataset in memory (never written under the results
 * root): its values, depths and best moves as records (the PV is the best
 * move alone: the source gives no more), a depth-32 limit, no fingerprint.
 */
export async function peerDataset(): Promise<EvalDataset> {
  const path = repoPath(PEER_FILE);
  const { rows, sha256 } = await readPeer(path);
  const limit = { depth: 32 };
  const header: EvalHeader = {
    kind: "mbi-evaluations",
    schema: EVAL_SCHEMA,
    profile: PEER_KEY,
    config: { engine_fingerprint: null, limit, options: {} },
    engine: {
      id: PEER_KEY,
      uci_name: `${PEER.engine} (eval960, depth 32)`,
      author: PEER.source,
      version: "17.1",
      limit: "depth",
      files: [],
      sha256,
      nets: [],
      fingerprint: null,
      matches_reference: false,
    },
    shard: null,
    positions: rows.map((r) => r.sp),
    created: "",
    code: { commit: "unknown", dirty: false },
    inputs: [{ path: PEER_FILE, sha256 }],
  };
  const records: EvaluationRecord[] = rows.map((r) => {
    const p = startPosition(r.sp);
    return {
      sp: r.sp,
      setup: p.setup,
      fen: p.fen,
      eval_cp: r.eval_cp,
      mate: null,
      depth: r.depth,
      seldepth: null,
      pv: [r.best_move],
      nodes: r.nodes,
      bestmove: r.best_move,
      limit,
      wall_ms: 0,
      raw: [],
    };
  });
  return { path, header, records, missing: [], torn: false, intactBytes: 0 };
}
