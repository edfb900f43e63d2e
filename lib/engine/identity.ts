/**
 * Engine identity: what the engine says it is, the SHA-256 of its files, its NNUE nets, and a search fingerprint (total
 * nodes over the bench positions in `data/stockfish-bench.uci`), which identifies a search-identical build where a
 * binary hash cannot (WASM builds, self-built binaries).
 *
 * @module
 */

import { basename } from "node:path";
import { type EngineEntry, engineFiles, loadRegistry, type ResolvedEngine } from "./registry.ts";
import { int, MbiError, replaceFile, repoPath, sha256File, sha256Text } from "../core/mod.ts";
import { UciEngine } from "./uci.ts";
import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";

/**
 * Who the engine is, recorded with every result: registry id (or `path:<absolute path>`), its `id name` and `id
 * author`, the version in its name (e.g. `17.1`) when there is one, and the search limit it is driven with.
 */
export interface EngineIdentity {
  id: string;
  uci_name: string;
  author: string;
  version: string | null;
  limit: "nodes" | "depth";
  /** SHA-256 of each identifying file (for WASM: the .js and every .wasm part). */
  files: { name: string; sha256: string }[];
  /** One hash for the build: the file's SHA-256, or of the list of file hashes. */
  sha256: string;
  /** NNUE net file names, from the engine's EvalFile options. */
  nets: string[];
  /** Bench fingerprint: total nodes over the bench positions; null when not measured. */
  fingerprint: number | null;
  /** Whether the fingerprint equals the MBI reference engine's (Stockfish 17.1). */
  matches_reference: boolean | null;
}

/** The bench script (48 positions, `go depth 13`) used for fingerprints. */
export const BENCH_SCRIPT_PATH = "data/stockfish-bench.uci";

/** Version of the bench procedure (bump when runBench changes what it counts). */
export const BENCH_PROCEDURE = "v2: go depth 13, positions without legal moves skipped";

/** Result of running the bench script: the sum of the final `nodes` of every search, the searches, wall time in ms. */
export interface BenchResult {
  nodes: number;
  searches: number;
  wallMs: number;
}

/**
 * Replays the bench UCI script on a running engine (it sets Hash 16 and switches UCI_Chess960: use a dedicated engine
 * process) and sums the nodes of the last info line of each search.
 */
export async function runBench(engine: UciEngine): Promise<BenchResult> {
  const text = await Deno.readTextFile(repoPath(BENCH_SCRIPT_PATH));
  let fen = "";
  let moves: string[] = [];
  let nodes = 0;
  let searches = 0;
  const start = performance.now();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line === "uci") continue;
    if (line === "isready") await engine.isReady();
    else if (line === "ucinewgame") await engine.newGame();
    else if (line.startsWith("setoption ")) {
      const m = /^setoption name (.+) value (.+)$/.exec(line)!;
      await engine.setOption(m[1], m[2]);
    } else if (line.startsWith("position fen ")) {
      const [fenPart, movePart] = line.slice(13).split(" moves ");
      fen = fenPart;
      moves = movePart ? movePart.split(" ") : [];
    } else if (line.startsWith("go depth ")) {
      // A position without legal moves takes no search (Stockfish reports 0 nodes),
      // and some engines crash on it (Ethereal 12: SIGSEGV): it is skipped.
      if (!hasLegalMoves(fen, moves)) continue;
      const out = await engine.search(fen, moves, { depth: Number(line.slice(9)) });
      const withNodes = out.infos.filter((i) => i.nodes !== undefined);
      nodes += withNodes[withNodes.length - 1]?.nodes ?? 0;
      searches++;
    } else {
      throw new Error(`bench script: unexpected line "${line}"`);
    }
  }
  return { nodes, searches, wallMs: performance.now() - start };
}

/** True when the position after `moves` has a legal move (chessops; standard or Chess960 castling). */
export function hasLegalMoves(fen: string, moves: string[]): boolean {
  const setup = parseFen(fen);
  if (setup.isErr) return true; // let the engine judge a FEN chessops cannot read
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) return true;
  for (const m of moves) {
    const move = parseUci(m);
    if (!move) return true;
    pos.value.play(move);
  }
  return pos.value.hasDests();
}

/** Extracts a version such as `17.1` from an `id name` like `Stockfish 17.1 WASM`. */
export function versionOf(uciName: string): string | null {
  return /\b(\d+(?:\.\d+)*)\b/.exec(uciName)?.[1] ?? null;
}

/**
 * Builds the identity of a started engine: file hashes, nets and — unless `fingerprint: false` — the bench fingerprint,
 * cached per build hash under `.cache/fingerprints/` (the bench takes ~10 s on the WASM engine).
 */
export async function engineIdentity(
  resolved: ResolvedEngine,
  engine: UciEngine,
  opts: { fingerprint?: boolean } = {},
): Promise<EngineIdentity> {
  const { files, sha256 } = await buildHash(resolved);
  const nets = ["evalfile", "evalfilesmall"]
    .map((o) => engine.declared.get(o)?.default)
    .filter((n): n is string => !!n);
  const fingerprint = opts.fingerprint === false ? null : await cachedFingerprint(resolved, sha256);
  const reference = loadRegistry().reference_fingerprint;
  return {
    id: resolved.entry.id,
    uci_name: engine.name,
    author: engine.author,
    version: versionOf(engine.name),
    limit: resolved.entry.limit,
    files,
    sha256,
    nets,
    fingerprint,
    matches_reference: fingerprint === null ? null : fingerprint === reference,
  };
}

/** The hashes of an engine's files and the build hash made of them (the file's own for a single-file build). */
export async function buildHash(resolved: ResolvedEngine): Promise<{ files: EngineIdentity["files"]; sha256: string }> {
  const files = await Promise.all(
    engineFiles(resolved).map(async (f) => ({ name: basename(f), sha256: await sha256File(f) })),
  );
  const sha256 = files.length === 1
    ? files[0].sha256
    : sha256Text(files.map((f) => `${f.sha256}  ${f.name}\n`).join(""));
  return { files, sha256 };
}

/**
 * The bench fingerprint of an engine's build: from the cache, else measured now (saying so on stderr, ~10 s on the WASM
 * build) and cached — so a caller can take the first-run measurement where its message belongs.
 */
export async function ensureFingerprint(resolved: ResolvedEngine): Promise<number> {
  return cachedFingerprint(resolved, (await buildHash(resolved)).sha256);
}

/**
 * Refuses an engine whose registry entry declares a bench fingerprint that its build does not measure: the declared one
 * decides where its results go (the reference folder for the reference's fingerprint), so it is checked before anything
 * is written.
 */
export function requireDeclaredFingerprint(entry: EngineEntry, measured: number | null): void {
  if (entry.fingerprint === undefined || measured === null || measured === entry.fingerprint) return;
  const declared = `data/engines.json declares fingerprint ${int(entry.fingerprint)}`;
  const measures = `its build measures ${int(measured)} (deno task engine-info ${entry.id})`;
  const fix = `correct the entry's "fingerprint" or remove it; nothing written`;
  throw new MbiError("engine-fingerprint", `engine ${entry.id}: ${declared}, but ${measures}: ${fix}`);
}

/** What the cache holds of one build's bench (total nodes, searches and wall time), and the cache file. */
export interface CachedBench extends BenchResult {
  path: string;
}

/** A build's fingerprint cache file, keyed by its hash and the bench procedure (a changed procedure re-measures). */
export async function fingerprintCachePath(sha256: string): Promise<string> {
  const script = await Deno.readTextFile(repoPath(BENCH_SCRIPT_PATH));
  const procedure = sha256Text(`${BENCH_PROCEDURE}\n${script}`).slice(0, 16);
  return repoPath(".cache", "fingerprints", `${sha256}-${procedure}.json`);
}

/** The cached bench of a build (undefined when it has not been measured on this machine). */
export async function cachedBench(sha256: string): Promise<CachedBench | undefined> {
  const path = await fingerprintCachePath(sha256);
  const b = await Deno.readTextFile(path).then(JSON.parse).catch(() => undefined);
  return typeof b?.nodes === "number" ? { nodes: b.nodes, searches: b.searches, wallMs: b.wallMs, path } : undefined;
}

/** The engine's speed as measured by its bench (nodes per second), when cached. */
export async function benchNodesPerSecond(identity: EngineIdentity): Promise<number | undefined> {
  const b = await cachedBench(identity.sha256);
  return b && b.wallMs > 0 ? b.nodes / (b.wallMs / 1000) : undefined;
}

async function cachedFingerprint(resolved: ResolvedEngine, sha256: string): Promise<number> {
  const cached = await cachedBench(sha256);
  if (cached) return cached.nodes;
  const path = await fingerprintCachePath(sha256);
  const once = `once per build, then cached in ${path.replace(repoPath() + "/", "")}`;
  console.error(`measuring the bench fingerprint of ${resolved.entry.id} (${once}) ...`);
  const engine = await UciEngine.start(resolved.command);
  try {
    const bench = await runBench(engine);
    // Atomic (an exclusive temporary file renamed into place): runs started together all measure, and none
    // may read another's half-written cache.
    await Deno.mkdir(repoPath(".cache", "fingerprints"), { recursive: true });
    await replaceFile(path, JSON.stringify({ ...bench, engine: resolved.entry.id }) + "\n");
    return bench.nodes;
  } finally {
    await engine.quit();
  }
}
