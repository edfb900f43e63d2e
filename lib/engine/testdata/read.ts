/**
 * Reads a recorded engine transcript (`*.uci` in this folder): `#` comments, the `position` and `go` commands sent,
 * then the engine's lines to `bestmove`.
 *
 * @module
 */

import type { SearchLimit } from "../limit.ts";

/** A recorded search: the FEN searched, the limit given to `go`, the engine's lines from `go` to `bestmove`. */
export interface Transcript {
  fen: string;
  limit: SearchLimit;
  lines: string[];
}

/** Reads transcript `name` from this folder. */
export function readTranscript(name: string): Transcript {
  const text = Deno.readTextFileSync(new URL(name, import.meta.url));
  const lines = text.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
  const fen = lines[0].replace(/^position fen /, "");
  const [, kind, value] = lines[1].split(" ");
  const limit = kind === "nodes" ? { nodes: Number(value) } : { depth: Number(value) };
  return { fen, limit, lines: lines.slice(2) };
}
